/**
 * The GGUF engine: llama.cpp compiled to WebAssembly (@wllama/wllama), living
 * in our worker next to the run loop, on the CPU or, through llama.cpp's
 * WebGPU backend, on the GPU. Loads a GGUF from a URL (cached in the
 * browser's storage) or from a file on disk (nothing uploaded); greedy
 * decoding, bounded output, stop strings, grammar constraints, streaming,
 * interrupt, usage and speed from llama.cpp's own timings.
 */
import type { Wllama, WllamaLogger } from '@wllama/wllama/esm/index.js';
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import type { TokenCounter } from '../context/token-counter';
import type { Engine, GenerateRequest, GenerateResult, TokenChoice } from '../core/types';
import { CONTEXT_OVERFLOW, GPU_ABORT, GPU_NOT_USED, GPU_UNAVAILABLE, namedError as named } from './errors';
import { type GgufHeader, metaNumber, metaString, readGgufHeader } from '../gguf/header';
import { ggufProblem } from '../gguf/check';
import { planUnpack, unpackGguf } from '../gguf/unpack';
import { type GgufLoad, loadedModelId, UNPACK_BUDGET_BYTES } from './gguf-models';
import { adapterLabel, ggufGpuProblem, probeGpu } from './gpu';
import { cpuRemainder, type EngineDevice, gpuLoadProblem, readOffload } from './load-log';
import { ggufCounter } from '../tokenizers/gguf';
import { openAITool } from '../prompts/native-tools';
import { nativeText, ToolCallJoiner } from './native-calls';
import { forcingOf, readAsSplit } from './forcing';
import { ByteBpe } from '../tokenizers/byte-bpe';

export type GgufSource = { kind: 'url'; url: string } | { kind: 'file'; file: File };

export interface GgufLoadOptions {
  contextSize: number;
  /**
   * the CPU (WebAssembly; the default) or the GPU (llama.cpp's WebGPU backend: the stored file, every
   * layer, an F16 KV cache; refused with a reason where the adapter cannot run it)
   */
  device?: 'cpu' | 'webgpu';
  /** 1 unless the page is cross-origin isolated (more threads need SharedArrayBuffer) */
  threads?: number;
  /**
   * render prompts with the GGUF's own Jinja chat template (llama.cpp's `--jinja`), which is what
   * lets a request carry native `tools`; off, llama.cpp uses its built-in copy of the template family
   */
  toolTemplate?: boolean;
  /**
   * unpack the layers' quantized matrices to F32 and keep the KV cache in F32 (on unless false):
   * llama.cpp's WebAssembly build reads prompts 4–6× faster so, at 4–5× the memory; skipped when the
   * unpacked model and its cache would pass UNPACK_BUDGET_BYTES; never on the GPU, whose kernels
   * read the stored quantizations
   */
  unpackWeights?: boolean;
}

/** How the weights were loaded: unpacked to F32 (with an F32 KV cache), or as the file stores them, and why. */
interface LoadedWeights {
  unpacked: boolean;
  /** bytes of the weights handed to llama.cpp */
  bytes: number;
  /** why they were not unpacked, when they were not */
  note: string | null;
}

export interface LoadedGguf {
  /** URL, or `file:<name>:<bytes>` for a dropped file: a run records it and resuming needs the same model */
  id: string;
  name: string;
  sizeBytes: number;
  contextSize: number;
  trainContext: number;
  threads: number;
  architecture: string;
  /** null when we cannot reproduce this model's tokenizer */
  counterId: string | null;
  /** our count against llama.cpp's on a probe text, or why prompts cannot be measured exactly */
  counterCheck: { ours: number; engine: number } | null;
  counterNote: string | null;
  /** the GGUF's own chat template, which llama.cpp applies to every request; null when the file has none (llama.cpp then falls back to ChatML) */
  chatTemplate: { family: string; text: string } | null;
  /** loaded with its own Jinja template: native tool calls are possible */
  toolTemplate: boolean;
  weights: LoadedWeights;
  /** where llama.cpp put the model, as its load log says */
  device: EngineDevice;
}

export interface GenerationStats {
  finishReason: GenerateResult['finishReason'] | null;
  completionTokens: number;
  /** streamed pieces that arrived after the interrupt was requested */
  deltasAfterAbort: number;
}

/** Candidates asked for at each place at most. */
const MAX_TOP_LOGPROBS = 10;

export interface GgufEngine extends Engine {
  load(source: GgufSource, opts: GgufLoadOptions, onProgress: (p: { progress: number; text: string }) => void): Promise<LoadedGguf>;
  unload(): Promise<void>;
  /** the model held now: null after an unload, a failed load, or a GPU abort (which resets llama.cpp) */
  loaded(): LoadedGguf | null;
  /** the model's own tokenizer, rebuilt from its GGUF header; null when we cannot reproduce it */
  counter(): TokenCounter | null;
  lastGeneration(): GenerationStats;
  scoreContinuation: NonNullable<Engine['scoreContinuation']>;
  /**
   * The greedy tokens of a chat, each with the top candidates at its place, the KV cache unused:
   * what agreement checks between devices and engines compare (not part of a run).
   */
  greedyTokens(messages: readonly { role: string; content: string }[], maxTokens: number, topK: number): Promise<TokenChoice[]>;
}

/** Text that exercises letters, digits, JSON, whitespace runs, newlines and non-ASCII. */
const PROBE_TEXT =
  'Check the weather in São Paulo for 3 days.\n{"name": "get_weather", "parameters": {"type": "dict", "properties": {"city": {"type": "string"}}}}\n' +
  "  It's 12345 — naïve café, 東京!\n\n[get_weather(city='Oslo', days=2)]";

/** Lines of a load's log kept to read where the model went (a load logs a few hundred). */
const MAX_LOAD_LINES = 2_000;

/**
 * The last native log lines (llama.cpp's real reason for a failure is only logged), and the lines
 * of the latest load, informational ones included: they say which device llama.cpp used.
 */
class NativeLog {
  private lines: string[] = [];
  private load: string[] = [];
  readonly logger: WllamaLogger = {
    debug: (...a: unknown[]) => this.keepForLoad(a),
    log: (...a: unknown[]) => this.keepForLoad(a),
    warn: (...a: unknown[]) => this.push(a),
    error: (...a: unknown[]) => this.push(a),
  };
  private static text(a: unknown[]): string {
    return a.map((x) => (typeof x === 'string' ? x : x instanceof Error ? x.message : JSON.stringify(x))).join(' ');
  }
  private keepForLoad(a: unknown[]) {
    if (this.load.length < MAX_LOAD_LINES) this.load.push(NativeLog.text(a).slice(0, 500));
  }
  private push(a: unknown[]) {
    this.keepForLoad(a);
    this.lines.push(NativeLog.text(a));
    if (this.lines.length > 30) this.lines.shift();
  }
  loadLines(): readonly string[] {
    return this.load;
  }
  lastError(): string | null {
    const interesting = this.lines.filter((l) => /error|fail|invalid|unable|cannot|exceed/i.test(l));
    return interesting[interesting.length - 1] ?? this.lines[this.lines.length - 1] ?? null;
  }
  clear() {
    this.lines = [];
  }
  clearLoad() {
    this.load = [];
  }
}

/** llama.cpp's error with a sentence a person can act on; a prompt that does not fit becomes ContextWindowSizeExceededError. */
function explainWllamaError(e: unknown, nativeLine: string | null, phase: 'load' | 'generate', device: 'cpu' | 'webgpu' = 'cpu'): Error {
  const err = e as { name?: string; message?: string; type?: string };
  const message = err?.message ?? String(e);
  const native = nativeLine && !message.includes(nativeLine) ? ` — llama.cpp: ${nativeLine}` : '';
  if (device === 'webgpu' && GPU_ABORT_TEXT.test(`${message} ${nativeLine ?? ''}`)) {
    return named(
      GPU_ABORT,
      `The GPU stopped llama.cpp (${message})${native}. The engine was reset: load the model again — on the CPU if this recurs (a software or weak GPU can take longer than WebGPU allows for one step).`,
    );
  }
  if (err?.type === 'kv_cache_full' || /exceed.*context|context.*exceed|kv cache is full/i.test(`${message} ${nativeLine ?? ''}`)) {
    return named(CONTEXT_OVERFLOW, `The prompt does not fit the context size the model was loaded with (${message})${native}`);
  }
  if (err?.type === 'download_error' || err?.name === 'TypeError') {
    return named('DownloadError', `The model file could not be downloaded (offline, blocked, or the host is down). (${message})${native}`);
  }
  if (phase === 'load') {
    return named('ModelLoadError', `llama.cpp could not load this file as a model (${message})${native}`);
  }
  return named(err?.name === 'RangeError' ? 'EngineError' : (err?.name ?? 'EngineError'), `llama.cpp failed while generating (${message})${native}`);
}

/** What a GPU abort or a lost device looks like from wllama: its module dies ("crashed") or WebGPU gave up waiting. */
const GPU_ABORT_TEXT = /Queue wait timed out|device (?:was )?lost|wllama has crashed|GGML_ABORT/i;

/**
 * Tokens llama.cpp puts through the GPU in one step on a hardware adapter, and on a software one.
 * A WebGPU submit that runs longer than 30 s aborts the whole module, so a step is kept short;
 * a software adapter (lavapipe, SwiftShader) is hundreds of times slower than a GPU.
 */
const GPU_UBATCH = { hardware: 128, software: 8 } as const;

/** A name for a chat template, by the markers it writes. */
function templateFamily(text: string): string {
  if (text.includes('<|im_start|>')) return 'ChatML';
  if (text.includes('<|start_header_id|>')) return 'Llama 3';
  if (text.includes('<start_of_turn>')) return 'Gemma';
  if (text.includes('[INST]')) return 'Llama 2 / Mistral';
  if (text.includes('<|user|>')) return 'Zephyr / Phi';
  return 'custom';
}

/** Bytes one token takes in an F32 KV cache: every layer's keys and values. */
function kvF32BytesPerToken(h: GgufHeader, arch: string): number {
  const n = (key: string) => metaNumber(h, `${arch}.${key}`);
  const heads = n('attention.head_count') ?? 1;
  const headsKv = n('attention.head_count_kv') ?? heads;
  const embd = n('embedding_length') ?? 0;
  const keyLength = n('attention.key_length') ?? embd / heads;
  const valueLength = n('attention.value_length') ?? embd / heads;
  return (n('block_count') ?? 0) * headsKv * (keyLength + valueLength) * 4;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function headerSummary(h: GgufHeader) {
  const arch = metaString(h, 'general.architecture') ?? 'unknown';
  return { arch, name: metaString(h, 'general.name'), trainContext: metaNumber(h, `${arch}.context_length`) ?? 0 };
}

/**
 * One thread unless the page is cross-origin isolated (threads need SharedArrayBuffer). Then every
 * logical core up to 8 (on 2 cores, 2 threads prefill twice as fast as one), half of them beyond,
 * where most are hyper-threads.
 */
function defaultThreads(): number {
  if (!globalThis.crossOriginIsolated) return 1;
  const cores = Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 1);
  return cores > 8 ? Math.floor(cores / 2) : cores;
}

export function createGgufEngine(): GgufEngine {
  let wllama: Wllama | null = null;
  let loaded: LoadedGguf | null = null;
  let counter: TokenCounter | null = null;
  let stats: GenerationStats = { finishReason: null, completionTokens: 0, deltasAfterAbort: 0 };
  const log = new NativeLog();
  const info = { id: 'wllama', kind: 'wllama' as const, model: '' };

  /** After a GPU abort the module is dead: the next load starts a new one. */
  function reset(): void {
    void wllama?.exit().catch(() => undefined);
    wllama = null;
    loaded = null;
    counter = null;
    info.model = '';
  }

  /** A generation's failure in words; a GPU abort leaves the module dead, so the engine resets (no model loaded). */
  function generateFailure(e: unknown, device: 'cpu' | 'webgpu'): Error {
    const error = explainWllamaError(e, log.lastError(), 'generate', device);
    if (error.name === GPU_ABORT) reset();
    return error;
  }

  async function fresh(): Promise<Wllama> {
    await wllama?.exit();
    const { Wllama } = await import('@wllama/wllama/esm/index.js');
    const w = new Wllama({ default: wasmUrl }, { logger: log.logger, allowOffline: true });
    w.setCompat(null); // the default fetches a compatibility build from a CDN
    return w;
  }

  return {
    info,
    loaded: () => loaded,
    async load(source, opts, onProgress) {
      log.clear();
      const device = opts.device ?? 'cpu';
      // refused before anything is downloaded: on an adapter without shader-f16 llama.cpp would quietly use the CPU
      const gpu = device === 'webgpu' ? await probeGpu() : null;
      const gpuProblem = gpu && ggufGpuProblem(gpu);
      if (gpuProblem) throw named(GPU_UNAVAILABLE, `${gpuProblem} Load the model on the CPU instead.`);
      loaded = null;
      counter = null;
      info.model = '';
      const w = await fresh();
      wllama = w;
      let blobs: Blob[];
      let id: string;
      let fileName: string;
      try {
        if (source.kind === 'url') {
          id = source.url;
          fileName = decodeURIComponent(new URL(source.url).pathname.split('/').pop() ?? source.url);
          onProgress({ progress: 0, text: `Downloading ${fileName} (kept in this browser's storage for next time)…` });
          const model = await w.modelManager.getModelOrDownload(
            { url: source.url },
            {
              progressCallback: ({ loaded: done, total }) =>
                onProgress({ progress: total ? (done / total) * 0.9 : 0, text: `Downloading ${fileName}: ${(done / 2 ** 20).toFixed(1)} of ${(total / 2 ** 20).toFixed(1)} MB` }),
            },
          );
          blobs = await model.open();
        } else {
          id = `file:${source.file.name}:${source.file.size}`;
          fileName = source.file.name;
          blobs = [source.file];
        }
      } catch (e) {
        throw explainWllamaError(e, log.lastError(), 'load');
      }
      const first = blobs[0];
      if (!first) throw named('ModelLoadError', 'No model file was given.');
      let header: GgufHeader;
      try {
        header = await readGgufHeader(first);
      } catch (e) {
        throw named('ModelLoadError', `${fileName} is not a usable GGUF file: ${(e as Error).message}`);
      }
      const problem = ggufProblem(header, first.size, blobs.length > 1);
      if (problem) throw named('ModelLoadError', `${fileName} is not a GGUF file llama.cpp can load: ${problem}`);
      const summary = headerSummary(header);
      const storedBytes = blobs.reduce((n, b) => n + b.size, 0);
      const weights: LoadedWeights = { unpacked: false, bytes: storedBytes, note: null };
      if (device === 'webgpu') weights.note = "on the GPU, llama.cpp's kernels read the stored quantizations";
      else if (opts.unpackWeights !== false) {
        try {
          const plan = blobs.length === 1 ? planUnpack(header, new Uint8Array(await first.slice(0, header.tensorTableOffset).arrayBuffer()), first.size) : null;
          const kvBytes = kvF32BytesPerToken(header, summary.arch) * opts.contextSize;
          if (!plan) weights.note = 'a model split over several files is loaded as stored';
          else if (plan.unpacked === 0) weights.note = 'no layer matrix in a quantization this app unpacks';
          else if (plan.bytes + kvBytes > UNPACK_BUDGET_BYTES)
            weights.note = `unpacked, the weights (${mb(plan.bytes)}) and an F32 KV cache for ${opts.contextSize} tokens (${mb(kvBytes)}) would pass ${mb(UNPACK_BUDGET_BYTES)}`;
          else {
            const file = await unpackGguf(first, header, plan, (done) => onProgress({ progress: 0.9 + done * 0.02, text: `Unpacking ${plan.unpacked} weight matrices to F32 (${mb(plan.bytes)})…` }));
            blobs = [file];
            weights.unpacked = true;
            weights.bytes = file.size;
          }
        } catch (e) {
          throw named('ModelLoadError', `${fileName} could not be unpacked: ${(e as Error).message}`);
        }
      }
      const load: GgufLoad = device === 'webgpu' ? 'webgpu' : weights.unpacked ? 'cpu-f32' : 'cpu';
      id = loadedModelId(id, load);
      onProgress({ progress: 0.92, text: `Loading ${summary.name ?? fileName} into llama.cpp${device === 'webgpu' ? ' on the GPU' : ''}…` });
      const threads = opts.threads ?? defaultThreads();
      log.clearLoad();
      try {
        // flash attention off: with it, a prompt read partly from the KV cache got other logits than the same
        // prompt read whole (SmolLM2 4/4 and Qwen 0.5B prompts differ); without it the two are identical to the bit,
        // so KV reuse is exact (docs/performance.md). It also decodes 1.6–2.4× faster here; fresh prefill is slower.
        // Unpacked weights go with an F32 KV cache: the attention then multiplies F32 by F32 too (1.7× at 4K).
        // On the GPU: every layer, an F16 KV cache, short steps, and no warm-up step (a full batch, which on a
        // slow adapter can pass WebGPU's 30 s bound before the first request).
        await w.loadModel(blobs, {
          n_ctx: opts.contextSize,
          n_threads: threads,
          seed: 0,
          flash_attn: false,
          ...(device === 'webgpu'
            ? { n_gpu_layers: 999, cache_type_k: 'f16' as const, cache_type_v: 'f16' as const, n_ubatch: gpu?.fallback ? GPU_UBATCH.software : GPU_UBATCH.hardware, warmup: false }
            : { n_gpu_layers: 0, ...(weights.unpacked ? { cache_type_k: 'f32' as const, cache_type_v: 'f32' as const } : {}) }),
          ...(opts.toolTemplate ? { jinja: true } : {}),
        });
      } catch (e) {
        throw explainWllamaError(e, log.lastError(), 'load', device);
      }
      let placed: EngineDevice = { kind: 'cpu' };
      if (device === 'webgpu') {
        const offload = readOffload(log.loadLines());
        const problem = gpuLoadProblem(offload);
        if (problem) {
          reset();
          throw named(GPU_NOT_USED, `${problem}. Nothing runs under a GPU label that ran on the CPU: load the model on the CPU instead.`);
        }
        const note = cpuRemainder(offload);
        placed = { kind: 'webgpu', adapter: adapterLabel(gpu!), ...(offload.layers ? { layers: offload.layers } : {}), ...(note ? { note } : {}) };
      }
      const ctx = w.getLoadedContextInfo();
      let counterNote: string | null = null;
      let counterCheck: LoadedGguf['counterCheck'] = null;
      try {
        counter = ggufCounter(header, id);
      } catch (e) {
        counterNote = (e as Error).message;
      }
      if (counter) {
        onProgress({ progress: 0.97, text: 'Checking our token counts against llama.cpp…' });
        let probe: { usage: { prompt_tokens: number } };
        try {
          probe = await w.createCompletion({ prompt: PROBE_TEXT, max_tokens: 1, temperature: 0 });
        } catch (e) {
          throw generateFailure(e, device);
        }
        counterCheck = { ours: counter.count(PROBE_TEXT), engine: probe.usage.prompt_tokens - (ctx.add_bos_token ? 1 : 0) };
        if (counterCheck.ours !== counterCheck.engine) {
          counterNote = `Our count of a probe text (${counterCheck.ours} tokens) differs from llama.cpp's (${counterCheck.engine}): prompt lengths may be off by a few percent.`;
        }
      }
      const templateText = metaString(header, 'tokenizer.chat_template') ?? null;
      loaded = {
        id,
        chatTemplate: templateText ? { family: templateFamily(templateText), text: templateText } : null,
        toolTemplate: opts.toolTemplate === true,
        weights,
        device: placed,
        name: summary.name ?? fileName,
        sizeBytes: storedBytes,
        contextSize: ctx.n_ctx,
        trainContext: summary.trainContext || ctx.n_ctx_train,
        threads: w.getNumThreads(),
        architecture: summary.arch,
        counterId: counter ? id : null,
        counterCheck,
        counterNote,
      };
      info.model = id;
      onProgress({ progress: 1, text: 'Ready.' });
      return loaded;
    },

    async unload() {
      await wllama?.exit();
      wllama = null;
      loaded = null;
      counter = null;
      info.model = '';
    },

    counter: () => counter,
    lastGeneration: () => ({ ...stats }),

    async greedyTokens(messages, maxTokens, topK) {
      const w = wllama;
      if (!w || !loaded) throw named('ModelNotLoadedError', 'load a model first');
      const device = loaded.device.kind;
      const tokens: TokenChoice[] = [];
      type Choice = { token: string; logprob: number; top_logprobs?: { token: string; logprob: number }[] };
      try {
        await w.createChatCompletion({
          messages: messages.map((m) => ({ role: m.role, content: m.content })) as never,
          max_tokens: Math.max(1, Math.min(maxTokens, 256)),
          temperature: 0,
          seed: 0,
          ...({ cache_prompt: false, logprobs: true, top_logprobs: Math.max(1, Math.min(topK, MAX_TOP_LOGPROBS)) } as object),
          stream: true,
          onData: (chunk) => {
            const content = (chunk.choices[0] as { logprobs?: { content?: Choice[] } } | undefined)?.logprobs?.content ?? [];
            for (const c of content) tokens.push({ token: c.token, logprob: c.logprob, top: (c.top_logprobs ?? []).map((t) => ({ token: t.token, logprob: t.logprob })) });
          },
        });
      } catch (e) {
        throw generateFailure(e, device);
      }
      return tokens;
    },

    async scoreContinuation(request, continuation, topK, signal) {
      const w = wllama;
      if (!w || !loaded) throw named('ModelNotLoadedError', 'load a model first');
      const device = loaded.device.kind;
      const tokens: TokenChoice[] = [];
      type Choice = { token: string; logprob: number; top_logprobs?: { token: string; logprob: number }[] };
      const ids = counter instanceof ByteBpe ? counter.encode(continuation) : null;
      const forcing = forcingOf(continuation, ids);
      // llama.cpp reports each token's probability as the softmax of the model's raw logits, whatever the
      // grammar and bias admit: they make it read the continuation, the logits are the model's own
      try {
        await w.createChatCompletion({
          messages: request.messages.map((m) => ({ role: m.role === 'tool' ? 'user' : m.role, content: m.content })) as never,
          max_tokens: request.maxTokens,
          temperature: 0,
          seed: 0,
          grammar: forcing.grammar,
          ...({
            logit_bias: forcing.logitBias,
            cache_prompt: true,
            logprobs: true,
            top_logprobs: Math.max(1, Math.min(topK, MAX_TOP_LOGPROBS)),
            ...(request.tools ? { tools: request.tools.map(openAITool) } : {}),
          } as object),
          abortSignal: signal,
          stream: true,
          onData: (chunk) => {
            const content = (chunk.choices[0] as { logprobs?: { content?: Choice[] } } | undefined)?.logprobs?.content ?? [];
            for (const c of content) tokens.push({ token: c.token, logprob: c.logprob, top: (c.top_logprobs ?? []).map((t) => ({ token: t.token, logprob: t.logprob })) });
          },
        });
      } catch (e) {
        if (!signal.aborted) throw generateFailure(e, device);
      }
      return { tokens, canonical: readAsSplit(tokens, continuation, ids) };
    },

    async generate(request: GenerateRequest, signal: AbortSignal, onToken?: (d: string) => void): Promise<GenerateResult> {
      const w = wllama;
      if (!w || !loaded) throw named('ModelNotLoadedError', 'load a model first');
      if (request.tools && !loaded.toolTemplate) throw named('NativeToolsError', 'native tool calls need the model loaded with its own tool template (choose it before Load)');
      stats = { finishReason: null, completionTokens: 0, deltasAfterAbort: 0 };
      const t0 = performance.now();
      let firstToken = 0;
      let text = '';
      const toolCalls = new ToolCallJoiner();
      let finish: GenerateResult['finishReason'] = 'stop';
      // filled by the stream callback (an object, so TypeScript does not narrow it to its initial value)
      const final: {
        usage?: { prompt_tokens: number; completion_tokens: number };
        timings?: { prompt_n?: number; cache_n?: number; prompt_ms: number; predicted_ms: number; prompt_per_second: number; predicted_per_second: number };
      } = {};
      log.clear();
      try {
        await w.createChatCompletion({
          messages: request.messages.map((m) => ({ role: m.role === 'tool' ? 'user' : m.role, content: m.content })) as never,
          max_tokens: request.maxTokens,
          temperature: request.temperature,
          seed: request.seed ?? 0,
          ...(request.grammar ? { grammar: request.grammar } : {}),
          // passed through to llama.cpp's server code, which reads them though wllama's types do not list them;
          // cache_prompt keeps the KV cache of the last prompt and computes only what this one does not share with it
          ...({
            stop: request.stop ?? [],
            cache_prompt: request.kvReuse === true,
            stream_options: { include_usage: true },
            ...(request.tools ? { tools: request.tools.map(openAITool) } : {}),
          } as object),
          abortSignal: signal,
          stream: true,
          onData: (chunk) => {
            const delta = chunk.choices[0]?.delta?.content ?? '';
            if (delta) {
              if (signal.aborted) stats.deltasAfterAbort++;
              if (!firstToken) firstToken = performance.now();
              text += delta;
              onToken?.(delta);
            }
            if (chunk.choices[0]?.delta?.tool_calls?.length) {
              if (!firstToken) firstToken = performance.now();
              toolCalls.add(chunk.choices[0].delta.tool_calls);
            }
            const reason = chunk.choices[0]?.finish_reason;
            if (reason === 'length') finish = 'length';
            if (chunk.usage) final.usage = chunk.usage;
            if (chunk.timings) final.timings = chunk.timings;
          },
        });
      } catch (e) {
        if (!signal.aborted) throw generateFailure(e, loaded.device.kind);
      }
      const end = performance.now();
      const { usage: u, timings: t } = final;
      stats.finishReason = signal.aborted ? 'abort' : finish;
      stats.completionTokens = u?.completion_tokens ?? 0;
      const calls = toolCalls.calls();
      return {
        ...(calls.length ? { text: nativeText(text, calls), textFormat: 'openai-message' as const } : { text }),
        finishReason: signal.aborted ? 'abort' : finish,
        usage: { promptTokens: u?.prompt_tokens ?? 0, completionTokens: u?.completion_tokens ?? 0, ...(t?.prompt_n !== undefined ? { prefilledTokens: t.prompt_n } : {}) },
        timings: {
          prefillMs: t?.prompt_ms ?? (firstToken || end) - t0,
          decodeMs: t?.predicted_ms ?? end - (firstToken || end),
          prefillTokensPerSecond: t?.prompt_per_second,
          decodeTokensPerSecond: t?.predicted_per_second,
        },
      };
    },
  };
}

/** Removes a downloaded model from the browser's storage (works offline). */
export async function deleteCachedGguf(url: string): Promise<boolean> {
  const { ModelManager } = await import('@wllama/wllama/esm/index.js');
  const models = await new ModelManager({ allowOffline: true }).getModels({ includeInvalid: true });
  const model = models.find((m) => m.url === url);
  if (!model) return false;
  await model.remove();
  return true;
}

/** URLs of the models kept in the browser's storage. */
export async function cachedGgufUrls(): Promise<string[]> {
  const { ModelManager } = await import('@wllama/wllama/esm/index.js');
  return (await new ModelManager({ allowOffline: true }).getModels()).map((m) => m.url);
}
