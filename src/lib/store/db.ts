/** IndexedDB schema (Dexie). Opened the same way in the page and in the worker. */
import Dexie, { type EntityTable } from 'dexie';
import type { RunOrder } from '../core/source';
import type { CallMode, Cell, ChatMessage, PackSource, SampleResult } from '../core/types';
import type { OutputFormat } from '../parsing';
import type { GrammarField } from '../engines/openai-server';
import type { RequestTimeouts } from '../engines/request-clock';
import type { HeadlineSums } from '../analysis/headline';
import type { PromptTemplate } from '../prompts/template';
import type { CatalogSweep } from '../suites/catalog';
import type { MeasuredSpeed } from '../run/estimate';
import { STORAGE_FULL } from '../run/loop';
import type { RobustnessConfig } from '../suites/robustness/suite';
import type { ResponseQaConfig } from '../suites/response-qa/config';
import type { MultiturnConfig } from '../suites/multiturn/suite';
import type { CompositionConfig } from '../suites/composition/suite';
import type { ApiComplexityConfig } from '../suites/api-complexity/suite';
import type { WildAgtEvalConfig } from '../suites/wildagteval/suite';
import type { WildFilesSummary } from '../formats/wildagteval-benchmark';

export type SuiteId = 'catalog' | 'robustness' | 'response-qa' | 'multiturn' | 'composition' | 'api-complexity' | 'wildagteval';

export interface PackRow {
  id: string;
  name: string;
  source: PackSource;
  description: string;
  createdAt: number;
  toolCount: number;
  itemCount: number;
  /** {tools, items} as JSON with Python number spelling (see formats/json-text) */
  data: string;
  /** builder version for built-in packs, so a newer builder replaces an older pack */
  version?: number;
  /** hash of the content (tools, requests, responses, conversations, tasks): the version runs pin */
  contentHash?: string;
  /** set on an earlier version kept for the runs that pinned it (its id is `<pack id>@<hash>`); not listed as a pack */
  versionOf?: string;
  /** tool responses (challenge 2), as plain JSON text */
  responses?: string;
  /** base conversations and filler exchanges (challenge 3), as plain JSON text */
  conversations?: string;
  responseCount?: number;
  conversationCount?: number;
  /** composition tasks, as JSON with Python number spelling (their expected arguments are Python values) */
  tasks?: string;
  /** each task's simulated step outputs, as plain JSON text (null for imported tasks) */
  taskOutputs?: string;
  taskCount?: number;
  /** composition tasks per level (L0_node …) */
  taskLevelCounts?: Record<string, number>;
  /** WildAgtEval's benchmark: its files as imported (JSON of [{name, text}]) and what they hold */
  wildagteval?: string;
  wildagtevalSummary?: WildFilesSummary;
}

export type RunStatus = 'queued' | 'running' | 'paused' | 'completed' | 'cancelled' | 'failed';

export interface EngineChoice {
  kind: 'oracle' | 'baseline' | 'replay' | 'webllm' | 'wllama' | 'openai';
  /** model id (WebLLM, a server's model), GGUF URL or file id (wllama), or a label */
  model: string;
  contextWindow?: number;
  /** openai: the server's base URL (never its API key) */
  baseUrl?: string;
  /** tools in our prompt (the default) or native: in the request's `tools` field (openai), in the GGUF's own tool template (wllama) */
  calls?: CallMode;
  /** openai: how the server takes a grammar (found by probing it) */
  grammarField?: GrammarField;
  /** openai: the bounds on each request (ms) the run was started with */
  timeouts?: RequestTimeouts;
}

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

/** A recorded prompt, for runs whose prompts cannot be rebuilt here (another model's tokenizer). */
export interface PromptRow {
  /** the result's id: `${runId}:${sampleId}` */
  id: string;
  runId: string;
  prompt: RecordedPrompt;
}

export interface RunRow {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  status: RunStatus;
  suite: SuiteId;
  packIds: string[];
  /** the content hash of each pack when the run first started: a resume uses exactly those versions */
  packVersions?: Record<string, string>;
  /** catalog runs: the sweep (robustness runs keep their seed here too) */
  sweep: CatalogSweep;
  robustness?: RobustnessConfig;
  responseQa?: ResponseQaConfig;
  multiturn?: MultiturnConfig;
  composition?: CompositionConfig;
  apiComplexity?: ApiComplexityConfig;
  /** WildAgtEval's own benchmark: the imported pack, the conversation set and the experiments */
  wildagteval?: WildAgtEvalConfig;
  engine: EngineChoice;
  template: PromptTemplate;
  format: OutputFormat;
  request: { maxTokens: number; temperature: number };
  /** each sample is asked this many times (its answers are samples of their own, facet `repeat`); absent: once */
  repeats?: number;
  /** every sample whose answer is calls is decoded under the grammar of its offered tools (the catalog's 'both' is a cell variant instead) */
  constrained?: boolean;
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

export interface SettingRow {
  key: string;
  value: unknown;
}

export type ResultRow = SampleResult;

/** A request rephrased by a model, kept for the user's review before a run uses it. */
export interface RephrasingRow {
  /** `${model}|${packId}|${itemId}` */
  id: string;
  model: string;
  packId: string;
  itemId: string;
  original: string;
  text: string;
  /** every ground-truth value the original stated can still be read from the text */
  keepsValues: boolean;
  status: 'pending' | 'accepted' | 'rejected';
  createdAt: number;
}

export class AppDB extends Dexie {
  packs!: EntityTable<PackRow, 'id'>;
  runs!: EntityTable<RunRow, 'id'>;
  results!: EntityTable<ResultRow, 'id'>;
  settings!: EntityTable<SettingRow, 'key'>;
  rephrasings!: EntityTable<RephrasingRow, 'id'>;
  prompts!: EntityTable<PromptRow, 'id'>;

  constructor(name = 'fc-playground', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      packs: 'id, source, createdAt',
      runs: 'id, createdAt, status',
      results: 'id, runId, [runId+index]',
      settings: 'key',
    });
    this.version(2).stores({ rephrasings: 'id, model' });
    this.version(3).stores({ prompts: 'id, runId' });
  }
}

export type { Cell };

export class StorageError extends Error {
  override name = 'StorageError';
}

/** QuotaExceededError arrives bare or as the inner error of Dexie's AbortError. */
export function isQuotaError(e: unknown): boolean {
  const err = e as { name?: string; inner?: { name?: string } } | null;
  return err?.name === 'QuotaExceededError' || err?.inner?.name === 'QuotaExceededError';
}

/** Rethrows storage failures with a message a person can act on, naming the write that failed. */
export function explainStorageError(e: unknown, doing: string): never {
  if (isQuotaError(e)) {
    throw Object.assign(
      new StorageError(`The browser's storage for this site is full: ${doing} failed. Free space by deleting runs you no longer need (download their run files first to keep them), imported packs or cached models, then try again.`),
      { name: STORAGE_FULL },
    );
  }
  throw e;
}
