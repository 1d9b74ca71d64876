/**
 * The WebLLM engine (WebGPU), living in our worker next to the run loop.
 * Greedy decoding with penalties neutralized, bounded output, stop strings,
 * streaming deltas, interrupt, usage and speed from the engine's own figures.
 */
import { deleteChatConfigInCache, deleteModelAllInfoInCache, deleteModelInCache, deleteModelWasmInCache, type InitProgressReport, MLCEngine, prebuiltAppConfig } from '@mlc-ai/web-llm';
import type { TokenCounter } from '../context/token-counter';
import type { Engine, GenerateRequest, GenerateResult, TokenChoice } from '../core/types';
import { type OwnMlcModel, ownModelProblem } from './webllm-models';

export interface LoadOptions {
  contextWindow?: number;
  /** load this model (its id is its weights URL) instead of one from WebLLM's list */
  own?: OwnMlcModel;
}

export interface LoadProgress {
  progress: number;
  text: string;
}

export interface WebLLMEngine extends Engine {
  load(modelId: string, opts: LoadOptions, onProgress: (p: LoadProgress) => void): Promise<void>;
  unload(): Promise<void>;
  counter(): TokenCounter;
  /** The greedy tokens of a chat, each with the top candidates at its place (agreement checks; not part of a run). */
  greedyTokens(messages: readonly { role: string; content: string }[], maxTokens: number, topK: number): Promise<TokenChoice[]>;
}

/** No penalty on repeats: greedy decoding is the model's own choice at every step. */
const NO_PENALTIES = { repetition_penalty: 1, frequency_penalty: 0, presence_penalty: 0 } as const;

/** Most chat templates have no tool role: a tool's result is shown as a user turn (its content names the tool). */
const chatMessages = (messages: readonly { role: string; content: string }[]) => messages.map((m) => ({ role: m.role === 'tool' ? 'user' : m.role, content: m.content })) as never;

/** WebLLM returns at most this many candidates a place (OpenAI's bound). */
const MAX_TOP_LOGPROBS = 5;

/** Errors keep WebLLM's `name`; these add a sentence a person can act on. */
function explainWebLLMError(e: unknown): Error {
  const err = e as { name?: string; message?: string };
  const name = err?.name ?? 'Error';
  const message = err?.message ?? String(e);
  const hint: Record<string, string> = {
    TypeError: 'The model files could not be downloaded (offline, blocked, or the host is down).',
    CompileError: 'The model library is not valid WebAssembly (a failed or intercepted download).',
    ModelNotFoundError: "This model id is not in WebLLM's list.",
    ShaderF16SupportError: 'This model needs the shader-f16 GPU feature, which this GPU lacks: pick a q4f32 / q0f32 model.',
    DeviceLostError: 'The GPU ran out of memory or was reset: try a smaller model or context window.',
    WebGPUNotAvailableError: 'This browser has no WebGPU.',
  };
  const out = new Error(`${hint[name] ?? 'Loading the model failed.'} (${name}: ${message})`);
  out.name = name;
  return out;
}

interface PipelineWithTokenizer {
  tokenizer?: { encode(text: string): Int32Array | number[] };
}

export function createWebLLMEngine(): WebLLMEngine {
  let engine: MLCEngine | null = null;
  let modelId = '';
  const info = { id: 'webllm', kind: 'webllm' as const, model: '' };
  return {
    info,
    async load(id, opts, onProgress) {
      engine ??= new MLCEngine({ logLevel: 'WARN' });
      const own = opts.own;
      if (own) {
        const problem = ownModelProblem(own);
        if (problem) throw Object.assign(new Error(problem), { name: 'OwnModelError' });
      }
      // a model of your own joins WebLLM's list under its weights URL (the folder URL ends with a slash: its files are relative to it)
      const ownRecord = own ? [{ model: own.weightsUrl.trim().replace(/\/?$/, '/'), model_id: id, model_lib: own.libraryUrl.trim(), required_features: [] as string[] }] : [];
      engine.setAppConfig({ ...prebuiltAppConfig, model_list: [...prebuiltAppConfig.model_list, ...ownRecord] });
      engine.setInitProgressCallback((r: InitProgressReport) => onProgress({ progress: r.progress, text: r.text }));
      try {
        await engine.reload(id, {
          ...(opts.contextWindow ? { context_window_size: opts.contextWindow, sliding_window_size: -1 } : {}),
          temperature: 0,
          ...NO_PENALTIES,
        });
      } catch (e) {
        throw explainWebLLMError(e);
      }
      modelId = id;
      info.model = id;
    },
    async unload() {
      await engine?.unload();
      modelId = '';
    },
    async greedyTokens(messages, maxTokens, topK) {
      if (!engine || !modelId) throw Object.assign(new Error('load a model first'), { name: 'ModelNotLoadedError' });
      await engine.resetChat();
      const reply = await engine.chat.completions.create({
        messages: chatMessages(messages),
        max_tokens: maxTokens,
        temperature: 0,
        ...NO_PENALTIES,
        logprobs: true,
        top_logprobs: Math.max(1, Math.min(topK, MAX_TOP_LOGPROBS)),
        stream: false,
      });
      return (reply.choices[0]?.logprobs?.content ?? []).map((c) => ({ token: c.token, logprob: c.logprob, top: c.top_logprobs.map((t) => ({ token: t.token, logprob: t.logprob })) }));
    },
    counter(): TokenCounter {
      // WebLLM has no public tokenize API; the loaded pipeline's tokenizer is the model's own
      const pipelines = (engine as unknown as { loadedModelIdToPipeline?: Map<string, PipelineWithTokenizer> } | null)?.loadedModelIdToPipeline;
      const tok = pipelines?.get(modelId)?.tokenizer;
      if (!tok) throw new Error('The loaded model exposes no tokenizer: prompt lengths cannot be measured with it.');
      return { id: modelId, count: (text: string) => tok.encode(text).length };
    },
    async generate(request: GenerateRequest, signal: AbortSignal, onToken?: (d: string) => void): Promise<GenerateResult> {
      if (!engine || !modelId) throw Object.assign(new Error('load a model first'), { name: 'ModelNotLoadedError' });
      const e = engine;
      // WebLLM reuses its KV cache when a request extends the conversation it holds: only on turns 2+ of one exchange, and only when the run allows it
      if (!(request.kvReuse && request.continues)) await e.resetChat();
      const onAbort = () => void e.interruptGenerate();
      signal.addEventListener('abort', onAbort);
      const t0 = performance.now();
      let firstToken = 0;
      let text = '';
      let finish: GenerateResult['finishReason'] = 'stop';
      let usage: { prompt_tokens: number; completion_tokens: number; extra?: { prefill_tokens_per_s?: number; decode_tokens_per_s?: number } } | undefined;
      try {
        const stream = await e.chat.completions.create({
          messages: chatMessages(request.messages),
          max_tokens: request.maxTokens,
          temperature: request.temperature,
          stop: request.stop,
          seed: request.seed,
          ...NO_PENALTIES,
          stream: true,
          stream_options: { include_usage: true },
          ...(request.grammar ? { response_format: { type: 'grammar' as const, grammar: request.grammar } } : {}),
        });
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content ?? '';
          if (delta) {
            if (!firstToken) firstToken = performance.now();
            text += delta;
            onToken?.(delta);
          }
          const reason = chunk.choices[0]?.finish_reason;
          if (reason === 'length' || reason === 'abort') finish = reason;
          if (chunk.usage) usage = chunk.usage as typeof usage;
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
      const end = performance.now();
      const prefillMs = (firstToken || end) - t0;
      return {
        text,
        finishReason: signal.aborted ? 'abort' : finish,
        usage: { promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 },
        timings: {
          prefillMs,
          decodeMs: end - (firstToken || end),
          prefillTokensPerSecond: usage?.extra?.prefill_tokens_per_s,
          decodeTokensPerSecond: usage?.extra?.decode_tokens_per_s,
        },
      };
    },
  };
}

/** Removes a model's files from the browser cache; works offline too (the all-in-one helper does not). */
export async function deleteModelFromCache(modelId: string): Promise<void> {
  try {
    await deleteModelAllInfoInCache(modelId);
    return;
  } catch {
    // it reads tensor-cache.json first and fails offline: remove each part on its own
  }
  for (const del of [deleteModelInCache, deleteModelWasmInCache, deleteChatConfigInCache]) {
    try {
      await del(modelId);
    } catch {
      // a part that was never cached
    }
  }
}
