/**
 * The vocabulary of a run (DESIGN.md): packs hold tools and items, a suite
 * builds samples from them for a sweep, an engine answers each sample, a
 * scorer judges the answer, results are stored and analysed.
 */
import type { FunctionSchema, PossibleAnswer } from '../scoring/bfcl-ast';

export type ToolSchema = FunctionSchema;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
}

/** One question of a pack with its ground truth, in BFCL's possible-answer form. */
export interface PackItem {
  id: string;
  /** BFCL category (decides the checker branch): simple, multiple, live_simple … */
  category: string;
  /** the user's request */
  question: string;
  /** the tools this item was written for (the needles) */
  tools: ToolSchema[];
  possibleAnswer: PossibleAnswer[];
}

export interface Pack {
  id: string;
  name: string;
  /** 'builtin' packs come from our builders; 'bfcl' etc. from files the user imported */
  source: 'builtin' | 'bfcl' | 'comptoolbench';
  description: string;
  createdAt: number;
  /** every distinct tool of the pack (the distractor pool) */
  tools: ToolSchema[];
  items: PackItem[];
}

/** A grid cell: which experimental condition a sample belongs to. */
export interface Cell {
  /** target prompt length in tokens */
  length: number;
  /** needle position α in [0, 1] */
  position: number;
  variant?: string;
}

export interface AstExpectation {
  kind: 'ast';
  category: string;
  possibleAnswer: PossibleAnswer[];
}

export type Expectation = AstExpectation;

export interface Sample {
  /** stable hash of (suite, pack, cell, index) */
  id: string;
  suite: string;
  packId: string;
  itemId: string;
  cell: Cell;
  messages: ChatMessage[];
  /** the tools offered, in prompt order */
  tools: ToolSchema[];
  /** indexes in `tools` of the needle tools */
  needleIndexes: number[];
  expected: Expectation;
  /** measured prompt tokens of `messages` (by the counter the sample was built with) */
  promptTokens: number;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export interface Timings {
  /** ms from request to first token (prefill) */
  prefillMs: number;
  /** ms spent decoding */
  decodeMs: number;
  prefillTokensPerSecond?: number;
  decodeTokensPerSecond?: number;
}

export interface GenerateRequest {
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
  stop?: string[];
  seed?: number;
  /** GBNF: the engine may only produce text of this grammar (constrained decoding) */
  grammar?: string;
}

export interface GenerateResult {
  text: string;
  finishReason: 'stop' | 'length' | 'abort';
  usage: Usage;
  timings: Timings;
}

export interface EngineInfo {
  id: string;
  /** oracle / baseline / replay answer without a model */
  kind: 'oracle' | 'baseline' | 'replay' | 'webllm' | 'wllama' | 'openai';
  model: string;
}

/** What the run loop needs of an engine. */
export interface Engine {
  readonly info: EngineInfo;
  /** `sample` is given so that oracle, baseline and replay engines can answer; model engines use only `request`. */
  generate(request: GenerateRequest, sample: Sample, signal: AbortSignal, onToken?: (delta: string) => void): Promise<GenerateResult>;
}

export interface Score {
  correct: boolean;
  /** 0..1 */
  value: number;
  errorType: string | null;
  /** the robustness paper's class, where it applies */
  errorClass: string | null;
  lenientCorrect?: boolean;
}

export type ResultError = { kind: 'context_overflow' | 'engine_error' | 'aborted'; message: string };

export interface SampleResult {
  /** `${runId}:${sampleId}`: writing the same sample twice overwrites, never duplicates */
  id: string;
  runId: string;
  sampleId: string;
  /** the pack item asked: pairs a request's variants (absent in results stored before it was recorded) */
  itemId?: string;
  index: number;
  cell: Cell;
  output: string;
  /** parsed calls as plain JSON for display */
  calls: { name: string; args: unknown }[] | null;
  parseError: string | null;
  score: Score;
  usage: Usage | null;
  timings: Timings | null;
  error: ResultError | null;
  createdAt: number;
}

