/**
 * What an engine is opened from — a run's engine settings, its tokenizer, a replay's predictions —
 * and what the place that opens it (the tab's worker, the headless runner) lends it: Llama 3's
 * counter, API keys, a server's tokenizer, and in the tab the model loaded there. The factories
 * (each kind's `open`, `kinds.ts`) read these; the run row's engine choice is these settings and a kind (`kinds.ts`).
 */
import type { AsyncCounting } from '../context/prefetched-counter';
import type { TokenCounter } from '../context/token-counter';
import type { CallMode, RunEngine } from '../core/types';
import type { EngineDevice } from './load-log';
import type { GrammarField, LogprobsField, PenaltyField } from './openai-server';
import type { RequestTimeouts } from './request-clock';
import type { WebLLMEngine } from './webllm';
import type { GgufEngine, LoadedGguf } from './wllama';

export const SERVER_REUSE = ['aligned', 'native', 'off'] as const;
/** the most requests a run keeps in flight at once (the runner's `--concurrency`) */
export const MAX_CONCURRENCY = 256;
export type ServerReuse = (typeof SERVER_REUSE)[number];

/** How a run's engine was set up, but for its kind (with it: `EngineChoice`, kinds.ts). */
export interface EngineSettings {
  /** model id (WebLLM, a server's model), GGUF URL or file id (wllama), or a label */
  model: string;
  contextWindow?: number;
  /** openai: the server's base URL (never its API key) */
  baseUrl?: string;
  /** tools in our prompt (the default) or native: in the request's `tools` field (openai), in the GGUF's own tool template (wllama) */
  calls?: CallMode;
  /** openai: how the server takes a grammar (found by probing it) */
  grammarField?: GrammarField;
  /**
   * openai: how the run switched the server's repeat penalty off (found by probing it); 'none' or
   * absent (runs made before it was sent): the server's own default stood. Part of the run's
   * identity: a penalty changes even greedy outputs.
   */
  penaltyField?: PenaltyField;
  /** openai: how the server gives a forced continuation's log-probabilities (found by probing it); absent or 'none': no right-call probability */
  logprobs?: LogprobsField;
  /** openai: the bounds on each request (ms) the run was started with */
  timeouts?: RequestTimeouts;
  /**
   * openai: how the server reused its KV cache between requests, as whoever ran it said (`--server-reuse`):
   * a prefix cut at a micro-batch boundary (exact), the server's own reuse (may change outputs), or none.
   * Part of the run's identity: outputs under one may differ from another's. Absent: not said.
   */
  serverReuse?: ServerReuse;
  /**
   * requests in flight at once, where more than one (the runner's `--concurrency`; the tab asks one at
   * a time). Part of the run's identity: a batching server can answer differently with several in
   * flight, as it can under another KV reuse. Absent: one.
   */
  concurrency?: number;
  /**
   * wllama: where llama.cpp put the model, as its load log said (device, adapter, layers offloaded).
   * The model id's mark (`#webgpu`, `#f32`) is what binds a run to its device; this is what it was.
   */
  device?: EngineDevice;
}

/** What a run asks of its engine: its settings, the tokenizer its prompts were measured with, a replay's predictions. */
export interface EngineOrder {
  engine: EngineSettings;
  counterId: string;
  /** replay: the predictions file's text */
  predictions?: string;
  /** set on runs read from a run file: their server was another machine's, never asked */
  recording?: object;
}

/** An engine ready for a run: what answers, what measures the prompts, and how to recover from a GPU abort. */
export interface OpenedEngine {
  engine: RunEngine;
  counter: TokenCounter;
  /** a server's tokenizer, asked for many prompts at once (null: the counter measures alone) */
  counting: AsyncCounting | null;
  /** makes the engine whole again after the device lost it (the loop retries the request once) */
  recover?: () => Promise<void>;
}

/** How an engine kind is opened for a run: from the run's engine settings and what the place running it lends. */
export type EngineFactory = (order: EngineOrder, host: EngineHost) => Promise<OpenedEngine>;

/** The model loaded in the tab: one at a time, on one of the two in-tab engines. */
export type LoadedModel = { engine: 'webllm'; id: string; contextWindow?: number } | { engine: 'wllama'; id: string; contextWindow: number; gguf: LoadedGguf };

/** What the tab's worker holds of its models (the runner holds none). */
export interface TabModels {
  /** the model held now, asked of its engine (llama.cpp resets itself after a GPU abort) */
  held(): LoadedModel | null;
  webllm(): Promise<WebLLMEngine>;
  gguf(): Promise<GgufEngine>;
  /** loads the held GGUF again as it was loaded, and holds it (after a GPU abort) */
  reloadGguf(): Promise<void>;
  /** the counter an order's prompts were measured with, or null when it is not available here */
  counterFor(order: EngineOrder): Promise<TokenCounter | null>;
}

/** What the place that opens an engine lends it. */
export interface EngineHost {
  /** Llama 3's counter: what engines with no tokenizer of their own measure with */
  llama3(): Promise<TokenCounter>;
  /** the API key given for a server, this session only */
  apiKey(baseUrl: string): string | undefined;
  /** the server's tokenizer for orders measured with it (`server:` counter ids), null when it offers none */
  serverCounting(order: EngineOrder): Promise<AsyncCounting | null>;
  /** the tab's models; null in the runner */
  models: TabModels | null;
}
