/**
 * How the runner settles a server engine before its run is made: every `--base-url` probed, the
 * model named or the one served, the window, grammar, repeat-penalty and log-probability fields as
 * found (or as the flags say), the tokenizer that measures the prompts. The run records what this
 * finds; the kind's factory (`openServer`) then opens the engine from the run, as in the tab.
 */
import type { CallMode } from '../core/types';
import { ENGINE_ASK, namedError } from './errors';
import type { EngineAsk, EngineHost, EngineSettler } from './host';
import type { ServerInfo } from './openai-server';

const refuse = (message: string): Error => namedError(ENGINE_ASK, message);

export const settleServer: EngineSettler = async (ask: EngineAsk, host: EngineHost) => {
  const [first] = ask.baseUrls;
  if (first === undefined) throw refuse('--engine openai needs --base-url (e.g. http://127.0.0.1:8000/v1)');
  const infos: ServerInfo[] = [];
  for (const url of ask.baseUrls) {
    const info = await host.serverInfo(url);
    if (!info) throw refuse(`the server at ${url} could not be asked what it is`);
    infos.push(info);
  }
  const probed = infos[0] as ServerInfo;
  const info: ServerInfo = { ...probed, grammarField: ask.grammarField ?? probed.grammarField, penaltyField: ask.penaltyField ?? probed.penaltyField };
  if (ask.constrained && info.grammarField === 'none')
    throw refuse(`--constraint: the server at ${first} (${info.kind}) takes no grammar that we know of; if it does, say how with --grammar-field grammar|guided_grammar`);
  const model = ask.model || (info.models.length === 1 ? (info.models[0] as string) : '');
  if (!model) throw refuse(`name the model with --model (the server at ${first} serves ${info.models.join(', ') || 'none that it lists'})`);
  infos.forEach((x, i) => {
    if (x.models.length && !x.models.includes(model)) throw refuse(`${ask.baseUrls[i]} does not serve "${model}" (it serves ${x.models.join(', ')})`);
  });
  const contextWindow = ask.contextWindow ?? info.contextWindow;
  const serverCounts = ask.tokenizer === 'server' && info.tokenizer !== null;
  const at = ask.baseUrls.join(', ');
  return {
    settings: {
      model,
      baseUrl: first,
      grammarField: info.grammarField,
      penaltyField: info.penaltyField,
      logprobs: info.logprobs,
      ...(contextWindow ? { contextWindow } : {}),
    },
    counterId: serverCounts ? `server:${model}` : 'llama3',
    lines: [
      `server: ${info.kind} at ${at} · model ${model} · context window ${contextWindow ?? 'not reported (pass --context)'} · grammar ${info.grammarField} · right-call probability ${info.logprobs === 'none' ? 'none (the server gave no log-probabilities for a forced continuation)' : `forced, via ${info.logprobs}`} · repeat penalty ${info.penaltyField === 'none' ? "the server's default (no field to switch it off)" : `off (${info.penaltyField} 1)`}`,
      serverCounts
        ? `prompt lengths: counted with the server's tokenizer (${info.tokenizer?.path})`
        : `prompt lengths: approximate — counted with the Llama 3 tokenizer (${ask.tokenizer === 'llama3' ? 'as asked' : 'the server has no tokenize endpoint'})`,
    ],
    recordedAs: (calls: CallMode) => `openai (${info.kind} at ${at}), ${calls === 'native' ? 'native tool calls' : 'calls in the prompt'}`,
  };
};
