/** A run as every view and store holds it: its suite, packs, config, engine choice, status and counts. */
import type { RunOrder } from '../core/source';
import type { CallMode, ChatMessage } from '../core/types';
import type { OutputFormat } from '../parsing';
import type { GrammarField, PenaltyField } from '../engines/openai-server';
import type { EngineKind } from '../engines/kinds';
import type { EngineDevice } from '../engines/load-log';
import type { RequestTimeouts } from '../engines/request-clock';
import type { HeadlineSums } from '../analysis/headline';
import type { PromptTemplate } from '../prompts/template';
import type { MeasuredSpeed } from './estimate';
import type { SuiteRun } from '../suites/declaration';

export type RunStatus = 'queued' | 'running' | 'paused' | 'completed' | 'cancelled' | 'failed';

export interface EngineChoice {
  kind: EngineKind;
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
  /** openai: the bounds on each request (ms) the run was started with */
  timeouts?: RequestTimeouts;
  /**
   * openai: how the server reused its KV cache between requests, as whoever ran it said (`--server-reuse`):
   * a prefix cut at a micro-batch boundary (exact), the server's own reuse (may change outputs), or none.
   * Part of the run's identity: outputs under one may differ from another's. Absent: not said.
   */
  serverReuse?: ServerReuse;
  /**
   * wllama: where llama.cpp put the model, as its load log said (device, adapter, layers offloaded).
   * The model id's mark (`#webgpu`, `#f32`) is what binds a run to its device; this is what it was.
   */
  device?: EngineDevice;
}

export const SERVER_REUSE = ['aligned', 'native', 'off'] as const;
export type ServerReuse = (typeof SERVER_REUSE)[number];

/** A run made elsewhere and stored as it was (an example, an imported run file): shown as a recording, never resumed. */
export interface Recording {
  /** ISO date */
  recordedAt: string;
  model: string;
  engine: string;
  /** how to make it again */
  command: string;
  note?: string;
}

/** One sample's prompt as the model received it, with what the sample view highlights. */
export interface RecordedPrompt {
  messages: ChatMessage[];
  needleNames: string[];
  toolCount: number;
  promptTokens: number;
  expected: string | null;
}

/** A stored run: its suite's part (`SuiteRun`: suite, packs, configuration) and everything else. */
export interface RunRow extends SuiteRun {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  status: RunStatus;
  /** the content hash of each pack when the run first started: a resume uses exactly those versions */
  packVersions?: Record<string, string>;
  engine: EngineChoice;
  template: PromptTemplate;
  format: OutputFormat;
  request: { maxTokens: number; temperature: number };
  /** each sample is asked this many times (its answers are samples of their own, facet `repeat`); absent: once */
  repeats?: number;
  /** the order samples run in (the same samples and prompts either way); absent on runs made before: 'grid' */
  order?: RunOrder;
  /** the engine kept its KV cache between requests and read only what a prompt did not share with the one before */
  kvReuse?: boolean;
  /** tokenizer used for the budgets */
  counterId: string;
  total: number;
  done: number;
  correct: number;
  /** the sums of the run's headline (analysis/headline.ts), kept as results are written; absent on runs stored before */
  headline?: HeadlineSums;
  error?: string;
  /** replay runs: the predictions file's text */
  predictions?: string;
  /** set on runs read from a run file: where they were made */
  recording?: Recording;
  /** how fast its latest session went (for estimates of new runs with this engine and model) */
  speed?: MeasuredSpeed;
}
