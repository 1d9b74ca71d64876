/** A run as every view and store holds it: its suite, packs, config, engine choice, status and counts. */
import type { RunOrder } from '../core/sample-source';
import type { ChatMessage } from '../core/types';
import type { OutputFormat } from '../parsing';
import type { EngineChoice } from '../engines/kinds';
import type { HeadlineSums } from '../analysis/headline';
import type { PromptTemplate } from '../prompts/template';
import type { MeasuredSpeed } from './estimate';
import type { SuiteRun } from '../suites/registry';

export type RunStatus = 'queued' | 'running' | 'paused' | 'completed' | 'cancelled' | 'failed';

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
export type RunRow = RunCommon & SuiteRun;

/** A run before it is stored (no id or dates yet): its suite's part stays tied to its suite. */
export type RunDraft = Omit<RunCommon, 'id' | 'createdAt' | 'updatedAt'> & SuiteRun;

/** What every run has, whatever its suite. */
export interface RunCommon {
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
