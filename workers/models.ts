/** The models this worker holds — WebLLM's or llama.cpp's, one at a time — their tokenizers and servers' counting, and what the engine factories are lent. */
import type { TokenCounter } from '../src/lib/context/token-counter';
import { CachedCounter } from '../src/lib/context/token-counter';
import type { ChatMessage, Engine, ForcedTokens, TokenChoice } from '../src/lib/core/types';
import type { EngineHost, EngineOrder, LoadedModel } from '../src/lib/engines/host';
import { whyNoCallProbability } from '../src/lib/engines/kinds';
import { type GpuInfo, probeGpu } from '../src/lib/engines/gpu';
import { probeServer, serverCountMany } from '../src/lib/engines/openai-server';
import { type AsyncCounting, PrefetchedCounter } from '../src/lib/context/prefetched-counter';
import type { LoadOptions, LoadProgress, WebLLMEngine } from '../src/lib/engines/webllm';
import { listModels, type ModelOption } from '../src/lib/engines/webllm-models';
import type { GenerationStats, GgufEngine, GgufLoadOptions, GgufSource, LoadedGguf } from '../src/lib/engines/wllama';
import { buildTinyModel } from '../datasets/tiny-model/build';
import { checkGpu, GPU_CHECK_CHAT, GPU_CHECK_TOKENS, GPU_CHECK_TOP, type GpuCheck } from '../src/lib/engines/gpu-check';
import { GPU_UNTRUSTED } from '../src/lib/engines/errors';
import { plainError } from './plain-error';

/** The GPU's check against the CPU (gpu-check.ts), made once a session: adapters do not change under a page. */
let gpuChecked: GpuCheck | null = null;

async function checkedGpu(engine: GgufEngine): Promise<GpuCheck> {
  if (gpuChecked) return gpuChecked;
  const file = new File([buildTinyModel(1) as BlobPart], 'fc-gpu-check.gguf');
  gpuChecked = await checkGpu(async (device) => {
    await engine.load({ kind: 'file', file }, { contextSize: 512, device, unpackWeights: false, threads: 1 }, () => undefined);
    try {
      return await engine.greedyTokens(GPU_CHECK_CHAT, GPU_CHECK_TOKENS, GPU_CHECK_TOP);
    } finally {
      await engine.unload();
    }
  });
  return gpuChecked;
}

let webllm: WebLLMEngine | null = null;
let gguf: GgufEngine | null = null;
let loadedModel: LoadedModel | null = null;
/** How the loaded GGUF was loaded, to load it again after a GPU abort. */
let lastGgufLoad: { source: GgufSource; opts: GgufLoadOptions } | null = null;

let llama3: TokenCounter | null = null;
/** API keys by base URL, for this session only (the page decides whether to remember one) */
export const apiKeys = new Map<string, string>();

async function webllmEngine(): Promise<WebLLMEngine> {
  if (!webllm) {
    const { createWebLLMEngine } = await import('../src/lib/engines/webllm');
    webllm = createWebLLMEngine();
  }
  return webllm;
}

async function ggufEngine(): Promise<GgufEngine> {
  if (!gguf) {
    const { createGgufEngine } = await import('../src/lib/engines/wllama');
    gguf = createGgufEngine();
  }
  return gguf;
}

/** The tab's model engines, by the kind that loads its model here: each created when first asked. */
const TAB_ENGINES: Record<LoadedModel['engine'], () => Promise<WebLLMEngine | GgufEngine>> = { webllm: webllmEngine, wllama: ggufEngine };
export const engineOf = (model: LoadedModel): Promise<WebLLMEngine | GgufEngine> => TAB_ENGINES[model.engine]();

/** The model held now: llama.cpp resets itself after a GPU abort mid-run, so its engine is asked. */
export function heldModel(): LoadedModel | null {
  if (loadedModel && 'gguf' in loadedModel && !gguf?.loaded()) loadedModel = null;
  return loadedModel;
}

/** The held model's engine where it reads a given continuation (the right call's probability), else a clear refusal. */
type ForcingEngine = (GgufEngine | WebLLMEngine) & Required<Pick<Engine, 'scoreContinuation'>>;
const forces = (engine: GgufEngine | WebLLMEngine): engine is ForcingEngine => typeof engine.scoreContinuation === 'function';
export async function forcingEngine(purpose: string): Promise<ForcingEngine> {
  const held = heldModel();
  const engine = held && (await engineOf(held));
  if (!held || !engine || !forces(engine))
    throw new Error(`Load a GGUF model on the llama.cpp engine first: ${purpose}. ${held ? (whyNoCallProbability({ kind: held.engine, model: held.id }) ?? '') : ''}`.trim());
  return engine;
}

/** One model in memory at a time: loading one engine's model frees the other's. */
async function unloadAll(): Promise<void> {
  await webllm?.unload();
  await gguf?.unload();
  loadedModel = null;
}

/** Server tokenizers by counter id and base URL: builds go through `buildCounted` (see prefetched-counter). */
const serverCounting = new Map<string, AsyncCounting>();

/** The counting of a run measured with its server's tokenizer (`server:` counter ids), asking the server how to reach it. */
export async function serverCountingFor(run: EngineOrder): Promise<AsyncCounting | null> {
  const { baseUrl, model } = run.engine;
  if (!run.counterId.startsWith('server:') || !baseUrl) return null;
  const key = `${run.counterId}@${baseUrl}`;
  let c = serverCounting.get(key);
  if (!c) {
    const info = await probeServer(baseUrl, apiKeys.get(baseUrl));
    if (!info.tokenizer) return null;
    c = { counter: new PrefetchedCounter(run.counterId, await defaultCounter()), countMany: serverCountMany(baseUrl, info.tokenizer, model, apiKeys.get(baseUrl), 4) };
    serverCounting.set(key, c);
  }
  return c;
}

/** The counter a run's prompts were measured with, or null when it needs a model that is not loaded. */
export async function counterFor(run: EngineOrder): Promise<TokenCounter | null> {
  if (run.counterId === 'llama3') return defaultCounter();
  // a recording's server was another machine's, at another time: whatever answers at its address now is not asked
  if (run.counterId.startsWith('server:')) return run.recording ? null : ((await serverCountingFor(run).catch(() => null))?.counter ?? null);
  const held = heldModel();
  if (held?.id !== run.engine.model) return null;
  const own = (await engineOf(held)).counter();
  return own && own.id === run.counterId ? new CachedCounter(own) : null;
}

/** Loads the held GGUF again as it was last loaded, and holds it (after a GPU abort). */
async function reloadGguf(): Promise<void> {
  const again = lastGgufLoad;
  if (!again) throw new Error('no GGUF was loaded to load again');
  const reloaded = await (await ggufEngine()).load(again.source, again.opts, () => undefined);
  loadedModel = { engine: 'wllama', id: reloaded.id, contextWindow: reloaded.contextSize, gguf: reloaded };
}

/** What this worker lends the engine factories. */
export const engineHost: EngineHost = {
  llama3: defaultCounter,
  apiKey: (baseUrl) => apiKeys.get(baseUrl),
  serverCounting: serverCountingFor,
  serverInfo: (baseUrl) => probeServer(baseUrl, apiKeys.get(baseUrl)),
  models: { held: heldModel, webllm: webllmEngine, gguf: ggufEngine, reloadGguf, counterFor },
};

export async function defaultCounter(): Promise<TokenCounter> {
  if (!llama3) {
    const { llama3Counter } = await import('../src/lib/tokenizers/llama3');
    llama3 = new CachedCounter(llama3Counter);
  }
  return llama3;
}

/** Whether Llama 3's tokenizer is in memory (a check as the setup changes loads none). */
export const llama3Loaded = (): boolean => llama3 !== null;

/** Loading, holding and reading the tab's model; a server's API key for the session. */
export const modelsApi = {
  probeGpu(): Promise<GpuInfo> {
    return probeGpu(self.navigator as never);
  },

  async listModels(): Promise<ModelOption[]> {
    // the list as built, not WebLLM itself (2 MB): that chunk loads with a model
    const { MODELS, FUNCTION_CALLING_IDS } = await import('virtual:webllm-model-list');
    return listModels(MODELS, FUNCTION_CALLING_IDS, await probeGpu(self.navigator as never));
  },

  async loadModel(modelId: string, opts: LoadOptions, onProgress: (p: LoadProgress) => void): Promise<void> {
    const engine = await webllmEngine();
    await unloadAll();
    try {
      await engine.load(modelId, opts, (p) => void onProgress(p));
      loadedModel = { engine: 'webllm', id: modelId, contextWindow: opts.contextWindow };
    } catch (e) {
      loadedModel = null;
      throw plainError(e);
    }
  },

  /** Load a GGUF into llama.cpp, on the CPU or the GPU, from a URL (downloaded once, then from the browser's storage) or a file on disk. */
  async loadGguf(source: GgufSource, opts: GgufLoadOptions, onProgress: (p: LoadProgress) => void): Promise<LoadedGguf> {
    const engine = await ggufEngine();
    await unloadAll();
    lastGgufLoad = null;
    try {
      let checked: GpuCheck | null = null;
      if (opts.device === 'webgpu') {
        void onProgress({ progress: 0, text: 'Checking the GPU against the CPU on a small test model…' });
        checked = await checkedGpu(engine);
        if (checked.problem)
          throw Object.assign(new Error(`This GPU computed other values than the CPU on a test model, so it is not trusted with a run: ${checked.problem}. Load the model on the CPU.`), {
            name: GPU_UNTRUSTED,
          });
      }
      const loaded = await engine.load(source, opts, (p) => void onProgress(p));
      const gguf = checked ? { ...loaded, device: { ...loaded.device, checked: checked.words } } : loaded;
      lastGgufLoad = { source, opts };
      loadedModel = { engine: 'wllama', id: gguf.id, contextWindow: gguf.contextSize, gguf };
      return gguf;
    } catch (e) {
      loadedModel = null;
      throw plainError(e);
    }
  },

  async cachedGgufUrls(): Promise<string[]> {
    const { cachedGgufUrls } = await import('../src/lib/engines/wllama');
    return cachedGgufUrls();
  },

  async deleteGguf(url: string): Promise<boolean> {
    const { deleteCachedGguf } = await import('../src/lib/engines/wllama');
    return deleteCachedGguf(url);
  },

  /** How the GGUF engine's last generation ended (for tests and benchmarks of interrupting). */
  lastGeneration(): GenerationStats | null {
    return gguf?.lastGeneration() ?? null;
  },

  /** The loaded model's greedy tokens for a chat (GGUF or WebLLM), with the top candidates at each place: agreement checks across devices and engines. */
  async greedyTokens(messages: { role: string; content: string }[], maxTokens: number, topK: number): Promise<TokenChoice[]> {
    const held = heldModel();
    if (!held) throw new Error('Load a model first.');
    return (await engineOf(held)).greedyTokens(messages, maxTokens, topK);
  },

  /** The loaded GGUF model's reading of a continuation after a chat (the engine's forced read, KV cache kept): what tests and benchmarks compare with other engines. */
  async forcedTokens(messages: { role: string; content: string }[], continuation: string, topK: number): Promise<ForcedTokens> {
    const engine = await forcingEngine('a forced reading needs its log-probabilities');
    const request = { messages: messages.map((m) => ({ role: m.role as ChatMessage['role'], content: m.content })), maxTokens: continuation.length + 4, temperature: 0, kvReuse: true };
    return engine.scoreContinuation(request, continuation, topK, new AbortController().signal);
  },

  loadedModel(): LoadedModel | null {
    return heldModel();
  },

  async unloadModel(): Promise<void> {
    await unloadAll();
  },

  async deleteModel(modelId: string): Promise<void> {
    const { deleteModelFromCache } = await import('../src/lib/engines/webllm');
    await deleteModelFromCache(modelId);
  },

  /** The API key for a server, kept in this worker's memory for the session (never stored with a run). */
  setApiKey(baseUrl: string, key: string | null): void {
    if (key) apiKeys.set(baseUrl, key);
    else apiKeys.delete(baseUrl);
  },

  /** Count tokens of a text with the counter a new run would use. */
  async countTokens(text: string): Promise<number> {
    return (await defaultCounter()).count(text);
  },
};
