/**
 * Every kind of engine, declared once: what the Run tab calls it, and what it can do — whether it
 * asks a model, whether that model is loaded in this tab, whether it keeps its KV cache between
 * requests by default, which tokenizer measures its prompts, whether it can take tools natively,
 * whether it can answer a sample several times, and where it runs. The Run tab, run files and the
 * runner read these; the worker and the runner open the engine of a run's kind with `openEngine`,
 * which loads the kind's factory (`open`) only then, so the page loads no engine.
 */
import { LOAD_WORDS, readableModelName, storedModelId } from './gguf-models';
import type { EngineFactory, EngineHost, EngineOrder, EngineSettings, EngineSettler, LoadedModel, OpenedEngine, ServerReuse, TabSources } from './host';
import { deviceWords } from './load-log';
import { penaltyWords } from './openai-server';

export interface EngineKindDeclaration {
  label: string;
  hint: string;
  /** how a run's caption and report name it */
  caption: string;
  /** a model answers (not the ground truth, a heuristic or a file) */
  asksModel: boolean;
  /** the model is loaded in this tab first (its panel), not served elsewhere */
  loadsModel: boolean;
  /**
   * KV reuse unless the user says otherwise, where it is shown exact: the CPU engine (llama.cpp in
   * WebAssembly, loaded without flash attention) gives the same logits to the bit for a prompt read
   * partly from its cache as for the prompt read whole (docs/performance.md); WebLLM's reuse was not
   * shown exact on WebGPU, nor llama.cpp's on WebGPU as the app loads it (the Run tab starts a model
   * loaded there with reuse off). A server reuses as it is set up to.
   */
  kvReuseByDefault: boolean;
  /** can take the tools natively: who then reads the calls from the model's own tool template (the server, llama.cpp), or false */
  nativeCalls: false | { reader: string };
  /** answers from a predictions file the user chose (the Run tab asks for one; one answer per sample) */
  readsPredictions: boolean;
  /** can answer one sample several times (a predictions file holds one answer each) */
  repeatable: boolean;
  /**
   * the right call's probability (docs/scoring.md): 'forced' where the engine reads a given continuation
   * and reports the model's log-probabilities (a server only when its probe found it does), else why not
   */
  callProbability: 'forced' | { none: string };
  /** where it runs: in the tab's worker, in the headless runner, or both */
  runsIn: readonly ('browser' | 'node')[];
  /** how a run's engine of this kind is opened (loaded when a run starts: the page loads no engine) */
  open: () => Promise<EngineFactory>;
  /**
   * the runner: how the engine's settings are found from its flags before the run is made (a server
   * probed); absent: the model asked (`--model`, where the kind asks a model) or the kind's own name
   */
  settle?: () => Promise<EngineSettler>;
  /** the runner's flags this kind takes beyond those every run takes; another kind's flag is refused naming whose it is */
  runnerFlags: readonly string[];
  /** of those, the ones it cannot run without */
  neededFlags?: readonly string[];
  /**
   * the engine the Run tab would start a run on now, from what the tab holds (the model loaded, the
   * server connected, the predictions file chosen): what the run records, what Start still needs, the
   * window, the tokenizer that measures the prompts
   */
  inTab(tab: TabSources): TabEngine;
  /** the run's engine in one sentence, as its report gives it (`shownUrl`: a server's address as the report may show it) */
  sentence(engine: EngineChoice, shownUrl: (url: string) => string): string;
}

/** The engine of a kind that asks no model: it records its own kind as the model and measures with Llama 3's tokenizer. */
const noModelInTab = (kind: EngineKind, needs: string | null = null): TabEngine => ({
  choice: { kind, model: kind },
  needs,
  window: null,
  counterId: 'llama3',
  nativeCalls: false,
  kvReuse: false,
  modelName: kind,
});

/** A model loaded in the tab, named as a run's name starts: a GGUF by its readable name, WebLLM's by its id. */
export const loadedModelName = (loaded: LoadedModel): string => ('gguf' in loaded ? readableModelName(loaded.gguf.id, loaded.gguf.name) : loaded.id);

/** The engine of a kind whose model is loaded in this tab: what is loaded there, or what to load. */
function loadedInTab(kind: 'webllm' | 'wllama', tab: TabSources): TabEngine {
  const loaded: LoadedModel | null = tab.loaded?.engine === kind ? tab.loaded : null;
  const declared = ENGINE_KINDS[kind];
  if (!loaded) return { ...noModelInTab(kind, `load a model for ${declared.label} first`), window: tab.nextWindow, kvReuse: declared.kvReuseByDefault };
  const gguf = 'gguf' in loaded ? loaded.gguf : null;
  return {
    choice: {
      kind,
      model: loaded.id,
      contextWindow: loaded.contextWindow,
      ...(gguf ? { device: gguf.device, ...(gguf.toolTemplate ? { calls: 'native' as const } : {}) } : {}),
    },
    needs: null,
    window: loaded.contextWindow ?? tab.nextWindow,
    // a GGUF measures with its own tokenizer where we have it; WebLLM's model is its counter's id
    counterId: gguf ? (gguf.counterId ?? 'llama3') : loaded.id,
    nativeCalls: Boolean(gguf?.toolTemplate),
    // llama.cpp's reuse was shown exact on the CPU (no flash attention); on WebGPU not yet for the app's load, so off unless asked
    kvReuse: declared.kvReuseByDefault && gguf?.device.kind !== 'webgpu',
    modelName: loadedModelName(loaded),
  };
}

/** How a run's model answered in a tab: its calls, and where llama.cpp ran it. */
const modelSentence = (engine: EngineChoice): string =>
  `Engine: ${engineName(engine)}, ${engine.model}${ENGINE_KINDS[engine.kind].nativeCalls ? `, calls ${engine.calls === 'native' ? "native (the model's own tool template)" : 'in the prompt'}` : ''}${engine.device ? `; device: ${deviceWords(engine.device)}` : ''}.`;

const SERVER_REUSE_WORDS: Record<ServerReuse, string> = {
  aligned: 'the server reused its KV cache exactly (a shared prefix cut at a micro-batch boundary)',
  native: 'the server reused its KV cache its own way (outputs may differ from whole reads)',
  off: 'the server read every prompt whole',
};

/** The engine the Run tab would start a run on now, as its kind tells from what the tab holds. */
export interface TabEngine {
  /** what the run records */
  choice: EngineChoice;
  /** what Start still needs of the engine (a model loaded, a server connected, a predictions file), or null */
  needs: string | null;
  /** tokens the model reads at most (prompt and answer), or null where none is known */
  window: number | null;
  /** the tokenizer that measures the prompts */
  counterId: string;
  /** the model is asked for native tool calls */
  nativeCalls: boolean;
  /** KV reuse unless the user says otherwise (a model loaded in the tab) */
  kvReuse: boolean;
  /** the model's name as a run's name starts */
  modelName: string;
}

/** What an engine that is no model can and cannot do. */
const NO_MODEL = {
  asksModel: false,
  loadsModel: false,
  kvReuseByDefault: false,
  nativeCalls: false,
  readsPredictions: false,
  callProbability: { none: 'no model answers: there are no log-probabilities' },
  runnerFlags: [],
} as const;

/** The kinds in the order the Run tab offers them (their declarations below, one each). */
export const ENGINE_KIND_IDS = ['webllm', 'wllama', 'openai', 'baseline', 'oracle', 'replay'] as const;
export type EngineKind = (typeof ENGINE_KIND_IDS)[number];

export const ENGINE_KINDS: Record<EngineKind, EngineKindDeclaration> = {
  webllm: {
    label: 'WebLLM (your GPU)',
    hint: 'A real model, running on WebGPU in this tab.',
    caption: 'WebLLM',
    asksModel: true,
    loadsModel: true,
    kvReuseByDefault: false,
    nativeCalls: false,
    readsPredictions: false,
    callProbability: {
      none: "WebLLM's API reports log-probabilities of the tokens it generates but cannot be made to read a given continuation (no grammar of a literal text, no logit bias by position)",
    },
    repeatable: true,
    runsIn: ['browser'],
    open: () => import('./open-in-tab').then((m) => m.openWebllm),
    runnerFlags: [],
    inTab: (tab) => loadedInTab('webllm', tab),
    sentence: modelSentence,
  },
  wllama: {
    label: 'llama.cpp (GGUF, your CPU or GPU)',
    hint: 'A real GGUF model in this tab: on the CPU in WebAssembly (no GPU needed), or on the GPU through WebGPU where the adapter can run it.',
    caption: 'llama.cpp',
    asksModel: true,
    loadsModel: true,
    kvReuseByDefault: true,
    nativeCalls: { reader: 'llama.cpp' },
    readsPredictions: false,
    callProbability: 'forced',
    repeatable: true,
    runsIn: ['browser'],
    open: () => import('./open-in-tab').then((m) => m.openWllama),
    runnerFlags: [],
    inTab: (tab) => loadedInTab('wllama', tab),
    sentence: modelSentence,
  },
  openai: {
    label: 'OpenAI-compatible server',
    hint: 'vLLM, SGLang, llama.cpp, Ollama, LM Studio or a hosted API: the same suites against a real serving engine.',
    caption: 'OpenAI-compatible server',
    asksModel: true,
    loadsModel: false,
    kvReuseByDefault: false,
    nativeCalls: { reader: 'the server' },
    readsPredictions: false,
    callProbability: 'forced',
    repeatable: true,
    runsIn: ['browser', 'node'],
    open: () => import('./openai').then((m) => m.openServer),
    settle: () => import('./openai-settle').then((m) => m.settleServer),
    runnerFlags: ['base-url', 'server-reuse', 'context', 'tokenizer', 'grammar-field', 'penalty-field'],
    neededFlags: ['base-url'],
    inTab: ({ server }) =>
      server
        ? {
            choice: {
              kind: 'openai',
              model: server.model,
              baseUrl: server.baseUrl,
              calls: server.calls,
              grammarField: server.info.grammarField,
              penaltyField: server.info.penaltyField,
              logprobs: server.info.logprobs,
              timeouts: server.timeouts,
              ...(server.info.contextWindow ? { contextWindow: server.info.contextWindow } : {}),
            },
            needs: null,
            window: server.info.contextWindow,
            // a server with a tokenizer endpoint measures with its own tokenizer
            counterId: server.info.tokenizer ? `server:${server.model}` : 'llama3',
            nativeCalls: server.calls === 'native',
            kvReuse: false,
            modelName: server.model,
          }
        : noModelInTab('openai', 'connect to a server'),
    sentence: (engine, shownUrl) =>
      `Engine: OpenAI-compatible server${engine.baseUrl ? ` at ${shownUrl(engine.baseUrl)}` : ''}, ${engine.model}, calls ${engine.calls === 'native' ? 'native (tools in the request)' : 'in the prompt'}; ${penaltyWords(engine.penaltyField)}${engine.serverReuse ? `; ${SERVER_REUSE_WORDS[engine.serverReuse]}` : ''}${engine.concurrency ? `; ${engine.concurrency} requests in flight at once` : ''}.`,
  },
  baseline: {
    label: 'Baseline (no model)',
    hint: 'BM25 picks the tool, patterns fill the parameters: what surface matching alone achieves.',
    caption: 'baseline engine (BM25 + patterns, not a model)',
    ...NO_MODEL,
    repeatable: true,
    runsIn: ['browser', 'node'],
    open: () => import('./baseline').then((m) => m.openBaseline),
    inTab: () => noModelInTab('baseline'),
    sentence: () => 'Baseline engine: BM25 + pattern slot filling, not a model.',
  },
  oracle: {
    label: 'Oracle (ground truth)',
    hint: 'Answers with the expected call: proves the pipeline can reach 100%. Measures no model.',
    caption: 'oracle engine (the ground truth, not a model)',
    ...NO_MODEL,
    repeatable: true,
    runsIn: ['browser', 'node'],
    open: () => import('./oracle').then((m) => m.openOracle),
    inTab: () => noModelInTab('oracle'),
    sentence: () => 'Oracle engine: the ground truth, not a model.',
  },
  replay: {
    label: 'Replay a predictions file',
    hint: 'Scores outputs produced elsewhere: {"id", "result"} per line — BFCL result files, or a list of {"tool_name", "arguments"} calls per CompToolBench task.',
    caption: 'replayed predictions',
    ...NO_MODEL,
    readsPredictions: true,
    repeatable: false,
    runsIn: ['browser'],
    open: () => import('./replay').then((m) => m.openReplay),
    inTab: ({ predictions, coverage }) => ({
      ...noModelInTab('replay', predictionsNeed(predictions, coverage)),
      choice: { kind: 'replay', model: predictions?.name ?? 'predictions' },
      modelName: predictions?.name ?? 'predictions',
    }),
    sentence: (engine) => `Engine: ${engineName(engine)}, ${engine.model}.`,
  },
};

/** The kinds that run where asked. */
export const kindsRunningIn = (where: 'browser' | 'node'): EngineKind[] => ENGINE_KIND_IDS.filter((k) => (ENGINE_KINDS[k].runsIn as readonly string[]).includes(where));

/** The engine a run used, in words: its caption, and for llama.cpp where it ran (its model id's mark says: CPU, CPU unpacked to F32, or GPU). */
export function engineName(engine: EngineChoice): string {
  const { caption } = ENGINE_KINDS[engine.kind];
  return engine.kind === 'wllama' ? `${caption} ${LOAD_WORDS[storedModelId(engine.model).load]}` : caption;
}

/** What a replay still needs of its predictions file: one, readable, that answers some of the setup's samples. */
function predictionsNeed(predictions: TabSources['predictions'], coverage: TabSources['coverage']): string | null {
  if (!predictions) return 'choose a predictions file to replay';
  if (predictions.problem) return `mend the predictions file (${predictions.problem})`;
  if (coverage?.answered === 0) return `a predictions file that answers this setup's samples (it answers none of its ${coverage.planned})`;
  return null;
}

/** Why a run's results carry no right-call probability, or null where its engine gives one. */
export function whyNoCallProbability(engine: EngineChoice): string | null {
  const declared: EngineKindDeclaration = ENGINE_KINDS[engine.kind];
  if (declared.callProbability !== 'forced') return declared.callProbability.none;
  if (engine.kind === 'openai' && engine.logprobs !== 'chat-logprobs')
    return engine.logprobs === 'none'
      ? 'the server gave no log-probabilities for a forced continuation when probed (llama-cpp-python needs them enabled; a hosted API takes no grammar)'
      : 'the run was made before the server was probed for log-probabilities';
  return null;
}

/** A run's engine: its kind and how it was set up. */
export interface EngineChoice extends EngineSettings {
  kind: EngineKind;
}

/** Opens a run's engine of the given kind: a kind that loads its model in the tab is refused, by name, where there is no tab. */
export async function openEngine(kind: EngineKind, order: EngineOrder, host: EngineHost): Promise<OpenedEngine> {
  const declared: EngineKindDeclaration = ENGINE_KINDS[kind];
  if (declared.loadsModel && !host.models) throw new Error(`${declared.label} runs in a browser tab only.`);
  return (await declared.open())(order, host);
}
