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
import type { GrammarField, LogprobsField, PenaltyField, ServerInfo } from './openai-server';
import type { RequestTimeouts } from '../core/types';
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
  /** a server's other replicas serving the same model (the runner's repeated `--base-url`): each request goes to the least busy */
  replicas?: readonly string[];
  /** attempts per request on a server's 429, 5xx or a lost connection (the runner's `--retries`) */
  retries?: number;
  /** the runner's bounds on each request (its run records none: the tab's records its own in the engine's settings) */
  timeouts?: Partial<RequestTimeouts>;
}

/**
 * What the runner's command line asks of an engine before its run is made. A kind that must find
 * things out first (a server: its models, window, grammar and log-probability fields) settles its
 * settings from it (`settle`); the others take the model asked, or name themselves.
 */
export interface EngineAsk {
  /** --model, where given */
  model: string | null;
  /** --base-url, each given */
  baseUrls: readonly string[];
  apiKey: string | undefined;
  /** a grammar will be sent (--constraint on or both) */
  constrained: boolean;
  /** --context: the window, where the engine does not say */
  contextWindow: number | null;
  /** --tokenizer: measure prompts with the engine's own tokenizer where it has one, or Llama 3's */
  tokenizer: 'server' | 'llama3';
  /** --grammar-field and --penalty-field, where given (else found by probing) */
  grammarField: GrammarField | null;
  penaltyField: PenaltyField | null;
  timeouts: Partial<RequestTimeouts>;
}

/** An engine's settings as settled before its run is made, and what the runner says of it. */
export interface SettledEngine {
  /** what the run records of its engine (calls, reuse and concurrency are the runner's to add) */
  settings: EngineSettings;
  /** the tokenizer that measures the prompts */
  counterId: string;
  /** what the runner prints about the engine before it starts */
  lines: string[];
  /** how a recording names the engine, per call mode */
  recordedAs(calls: CallMode): string;
}

/** How a kind settles its engine from the runner's flags (`settle` in its declaration), asking what it must through the place's host. */
export type EngineSettler = (ask: EngineAsk, host: EngineHost) => Promise<SettledEngine>;

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

/** An OpenAI-compatible server the user connected to in the tab (its API key lives in the worker, for this session). */
export interface ConnectedServer {
  baseUrl: string;
  model: string;
  info: ServerInfo;
  calls: CallMode;
  /** bounds on each request to it (ms) */
  timeouts: RequestTimeouts;
  /** the endpoint is not this device: prompts leave it (the user agreed) */
  remote: boolean;
}

/** A predictions file chosen in the tab, read as soon as chosen. */
export interface ChosenPredictions {
  name: string;
  text: string;
  /** what is wrong with it (unreadable, not predictions), or null */
  problem: string | null;
  /** the ids of the samples it answers */
  ids: string[];
}

/** How much of a planned run a predictions file answers. */
export interface ReplayCoverage {
  planned: number;
  answered: number;
  /** a few of the unanswered samples, by the id a file would key them by (item id where the sample asks one) */
  missing: string[];
}

/** What the Run tab holds that an engine is chosen from (each kind's `inTab` reads what it needs). */
export interface TabSources {
  loaded: LoadedModel | null;
  server: ConnectedServer | null;
  predictions: ChosenPredictions | null;
  /** how much of the planned run the predictions file answers, once the worker has counted */
  coverage: ReplayCoverage | null;
  /** the window the next in-tab load asks for (WebLLM's panel field): prompts over it are flagged before loading */
  nextWindow: number;
}

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
  /** what a server says of itself (probed once), or null where it is not asked (another machine's recording) */
  serverInfo(baseUrl: string): Promise<ServerInfo | null>;
  /** the tab's models; null in the runner */
  models: TabModels | null;
}
