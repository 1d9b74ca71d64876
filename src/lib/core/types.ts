/**
 * The vocabulary of a run (DESIGN.md): packs hold tools and items, a suite
 * builds samples from them for a sweep, an engine answers each sample, a
 * scorer judges the answer, results are stored and analysed.
 */
import type { FunctionSchema, PossibleAnswer } from './schema';
import type { QaExpected } from './expected';
import type { DagScore, DagTask, Level } from './expected';

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

/** Plain JSON, as a REST API returns it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * The records one REST endpoint returned, in order (LongFuncEval challenge 2):
 * a response of any size is the envelope around a prefix of `records`.
 */
export interface ResponseSet {
  endpoint: string;
  /** the call that produced the records */
  request: JsonObject;
  /** the response around the records; `recordsPath` names the array inside it */
  envelope: JsonObject;
  recordsPath: string[];
  /** the record's free-text field that may be shortened to fit a token budget (never asked about) */
  freeTextField: string;
  records: JsonObject[];
  /** fine print the API appends after the data; cut to fill a budget too small for one more record */
  notice?: string;
}

/** One exchange of a conversation's filler: a request, the call it implies, the tool's records, a short reply. */
export interface FillerEpisode {
  id: string;
  request: string;
  /** the assistant's call, as written in the output format */
  call: string;
  response: ResponseSet;
  /** the assistant's reply after the tool result, with {count} for the number of records shown */
  reply: string;
}

/**
 * A base conversation of challenge 3: a fact the final call needs, stated early
 * either in the user's prose or inside a tool's JSON response.
 */
export interface ConversationSeed {
  id: string;
  /** e.g. 'office city' */
  factKind: string;
  factValue: string;
  /** setting 1: the opening user message stating the fact in prose, and the assistant's acknowledgement */
  prose: { user: string; assistant: string };
  /** setting 2: the opening request, the call, the tool's JSON (containing the fact) and the assistant's acknowledgement */
  structured: { user: string; call: string; response: JsonObject; assistant: string };
  /** the last user request, whose correct call depends on the fact */
  finalRequest: string;
  possibleAnswer: PossibleAnswer[];
}

/** A composition task (CompToolBench's shape): a request and the expected trace of calls, as a DAG. */
export interface CompositionTask extends DagTask {
  prompt: string;
  /** the task's tools plus the distractors the source offered with it */
  availableTools: string[];
  category: string;
  /** chain, fork-join, diamond…: the shape of the DAG, where the source names it */
  pattern?: string;
  expectedFinalAnswer?: string | null;
  /** what each step's simulation returns (generated tasks; imported ones do not publish them) */
  outputs?: Json[];
}

/** 'builtin' packs come from our builders; 'bfcl' and 'comptoolbench' from benchmark files; 'yours' from the user's own tools and requests */
export type PackSource = 'builtin' | 'bfcl' | 'comptoolbench' | 'yours' | 'wildagteval';

export interface Pack {
  id: string;
  name: string;
  source: PackSource;
  description: string;
  createdAt: number;
  /** every distinct tool of the pack (the distractor pool) */
  tools: ToolSchema[];
  items: PackItem[];
  /** tool responses to ask questions about (challenge 2) */
  responses?: ResponseSet[];
  /** base conversations (challenge 3) and the filler episodes that lengthen them */
  conversations?: { seeds: ConversationSeed[]; fillers: FillerEpisode[] };
  /** composition tasks (CompToolBench levels L0–L3) */
  tasks?: CompositionTask[];
  /** the files a pack was imported from, kept as they were, where its suite reads them at run time (WildAgtEval's benchmark: databases, conversation sets, prompts, rubrics) */
  files?: NamedText[];
}

/** A grid cell: which experimental condition a sample belongs to. */
export interface Cell {
  /** the length the suite fills, in tokens — the catalog's prompt, response QA's tool response, a long conversation; 0 in suites that fill none */
  length: number;
  /** the catalog: where the expected tool sits among the tools, α ∈ [0, 1] (0 = first) */
  alpha?: number;
  /** response QA: the record of the tool response that holds the answer (1 = first) */
  record?: number;
  /** composition: how many tools the prompt offers */
  tools?: number;
  variant?: string;
}

/** The measures a cell can hold beside its variant, each with one meaning; a suite declares which its cells hold (`columns`). */
export const CELL_MEASURES = ['length', 'alpha', 'record', 'tools'] as const;
export type CellMeasure = (typeof CELL_MEASURES)[number];

/** The variant whose requests carry a grammar of the offered calls, whatever the suite (the catalog's free vs constrained). */
export const CONSTRAINED = 'constrained';

/** One string per distinct cell (its measures and variant), to group samples by cell. */
export const cellKey = (c: Cell): string => `${c.length}|${c.alpha ?? ''}|${c.record ?? ''}|${c.tools ?? ''}|${c.variant ?? ''}`;

interface AstExpectation {
  kind: 'ast';
  category: string;
  possibleAnswer: PossibleAnswer[];
}

/** An answer to a question about a tool response (LongFuncEval challenge 2). */
interface QaExpectation {
  kind: 'qa';
  answer: QaExpected;
}

/** An expected trace of calls, scored by CompToolBench's rules. */
export interface DagExpectation {
  kind: 'dag';
  level: Level;
  steps: DagTask['steps'];
  /** single-turn: every call in one answer (the paper); multi-turn: the model sees each result before its next calls */
  protocol: CompositionProtocol;
}

export type CompositionProtocol = 'single-turn' | 'multi-turn';

/** A call of the simulated API system (WildAgtEval's `{"api", "params"}`). */
interface ApiCallJson {
  api: string;
  params: JsonObject;
}

/**
 * An episode on the simulated API system (WildAgtEval): a conversation run in isolated or
 * cumulative mode under a set of complexity switches.
 */
export interface ApiExpectation {
  kind: 'api';
  mode: 'isolated' | 'cumulative';
  wording: 'coref' | 'resolved';
  conversation: { id: string; flows: string; worldSeed: number; turns: { coref: string; resolved: string; calls: ApiCallJson[] }[] };
  /** 'tools': the API system simulated from the sample's own tools (a "yours" pack); absent: the built-in system */
  system?: 'tools';
  configName: string;
  switches: [string, string][];
  /** replies allowed per turn (WildAgtEval: 15) */
  maxSteps: number;
  /** who scores error handling: the deterministic rubric checks, or the engine under test prompted with the rubric */
  judge: 'rubric' | 'engine';
  /** how replies write calls: WildAgtEval's `<API_CALL>` (absent: that) or `<tool_call>` blocks */
  callFormat?: 'api-call' | 'tool-call';
  /** isolated mode: where the agent takes over */
  target?: { turn: number; step: number; fn: string; type: string };
  /** every turn's gold calls in this configuration's formats (what the oracle answers) */
  gold: ApiCallJson[][];
  /** an error scenario's ideal handling: the workaround call (feature limitations) and the reference response */
  errorScenario?: { workaround: ApiCallJson | null; reference: string };
}

/**
 * A step of an episode on WildAgtEval's own API system (the episode is run by its suite): the
 * reply the gold trajectory gives at this step, which only the oracle engine reads.
 */
interface WildStepExpectation {
  kind: 'wild';
  goldReply: string;
}

export type Expectation = AstExpectation | QaExpectation | DagExpectation | ApiExpectation | WildStepExpectation;

/** What a sample is about, beyond its cell: grouped over by the analyses (endpoint, category, depth, setting…). */
type Facets = Record<string, string | number>;

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
  facets?: Facets;
  /** which answer to its planned sample this is, in a run that asks each several times (absent: asked once) */
  repeat?: number;
}

interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** prompt tokens the engine computed; the others it took from its KV cache (absent: not reported, or no cache) */
  prefilledTokens?: number;
}

export interface Timings {
  /** ms from request to first token (prefill) */
  prefillMs: number;
  /** ms spent decoding */
  decodeMs: number;
  prefillTokensPerSecond?: number;
  decodeTokensPerSecond?: number;
  /** ms spent reading the forced call for the right call's probability, after the answer (absent: not measured) */
  forcedMs?: number;
  /** true when prefill and decode could not be told apart (a whole answer at once, no server timings): prefillMs is the whole request, and no rate is derived from it */
  unsplit?: boolean;
}

export interface GenerateRequest {
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
  stop?: string[];
  seed?: number;
  /** GBNF: the engine may only produce text of this grammar (constrained decoding) */
  grammar?: string;
  /** the engine may keep its KV cache and reuse the part of this prompt it shares with its previous one */
  kvReuse?: boolean;
  /** this request continues the previous one's conversation (turn 2+ of a multi-turn exchange) */
  continues?: boolean;
  /** native tool calling: the tools travel in the request (OpenAI's `tools`), not in our prompt */
  tools?: ToolSchema[];
}

/** One greedy token with the model's most likely candidates at its place (natural-log probabilities). */
export interface TokenChoice {
  token: string;
  logprob: number;
  top: { token: string; logprob: number }[];
}

/**
 * A continuation as an engine read it: its tokens, and whether they are the engine tokenizer's own
 * tokenization of the text (false: another path spelling it, or one the engine could not check; its
 * probability is then not the text's, and the analyses leave it out).
 */
export interface ForcedTokens {
  tokens: TokenChoice[];
  canonical: boolean;
}

export interface GenerateResult {
  text: string;
  finishReason: 'stop' | 'length' | 'abort';
  usage: Usage;
  timings: Timings;
  /** 'openai-message': `text` is `{content, tool_calls}` as the server answered natively (parse it as JSON calls) */
  textFormat?: 'openai-message';
}

/** How a run asks for calls: tools in our prompt and our parser, or the server's native `tools` / `tool_calls`. */
export type CallMode = 'prompt' | 'native';
export const CALL_MODES: readonly CallMode[] = ['prompt', 'native'];

interface EngineInfo {
  id: string;
  /** its kind, one of lib/engines/kinds.ts's (oracle, baseline and replay answer without a model) */
  kind: string;
  model: string;
}

/**
 * A model engine's answer: `promptTokens` absent where the engine cannot tell (a server that streams
 * without usage); the loop then counts the prompt as it measured it.
 */
export type EngineResult = Omit<GenerateResult, 'usage'> & { usage: Omit<Usage, 'promptTokens'> & { promptTokens?: number } };

/** What the run loop needs of a model engine: the request alone. It never sees the sample, so it cannot read the expected answer. */
export interface Engine {
  readonly info: EngineInfo;
  generate(request: GenerateRequest, signal: AbortSignal, onToken?: (delta: string) => void): Promise<EngineResult>;
  /**
   * The model's log-probability of `continuation` right after the request's prompt (teacher forcing, as
   * lm-evaluation-harness's log-likelihood requests): each forced token with its log-probability and the
   * model's top `topK` candidates at its place. Only engines with a model's logits have it; the loop hands
   * the text to score, so an engine never learns which text is the answer.
   */
  scoreContinuation?(request: GenerateRequest, continuation: string, topK: number, signal: AbortSignal): Promise<ForcedTokens>;
}

/**
 * An engine without a model (oracle, baseline, replay): its answer comes from the sample, which only
 * the run loop hands it. Side generations (judge, rephrasings, drafts) take a model `Engine` and never
 * one of these.
 */
export interface ScriptedEngine {
  readonly info: EngineInfo;
  answer(request: GenerateRequest, sample: Sample, signal: AbortSignal): Promise<GenerateResult>;
}

/** What a run is answered by: a model, or a script reading the sample. */
export type RunEngine = Engine | ScriptedEngine;

export function isScripted(engine: RunEngine): engine is ScriptedEngine {
  return 'answer' in engine;
}

export interface Score {
  correct: boolean;
  /** 0..1 */
  value: number;
  errorType: string | null;
  /** the robustness paper's class, where it applies */
  errorClass: string | null;
  lenientCorrect?: boolean;
  /**
   * a format error whose answer, read in any call format we know (fenced or bare JSON, `<tool_call>`
   * tags, Python calls), is the right call: wrong by the strict verdict, shown apart from wrong calls
   */
  rightCallOtherFormat?: boolean;
  /** question answering: the expected answer occurs in the output (the paper's 'contains' metric) */
  contains?: boolean;
  /** composition tasks: CompToolBench's sub-scores, per-step matches and error type */
  dag?: DagScore;
  /** API-system episodes: every turn's steps and verdict, and the error-handling judgement */
  api?: ApiEpisodeScore;
}

export interface ApiStepJson {
  source: 'gold' | 'agent';
  reply: string;
  kind: 'api_call' | 'completion' | 'unknown';
  call: ApiCallJson | null;
  result: JsonObject | null;
  success: boolean | null;
  /** complexity types that changed this result */
  injected: string[];
}

export interface ApiTurnJson {
  turn: number;
  query: string;
  expected: ApiCallJson[];
  steps: ApiStepJson[];
  success: boolean;
  failureReason: string;
  endedBy: string;
}

export interface ApiEpisodeScore {
  turns: ApiTurnJson[];
  /** error scenarios: the 1–5 error-handling score, who judged, and why */
  errorHandling?: { score: number; judge: string; reasons: string[] };
  /** WildAgtEval's own benchmark: the episode's result log as written (Python's json.dumps for our runs, the file as published): what its analyzer reads, exported as is */
  resultLog?: string;
}

/**
 * build_error: the sample's prompt could not be built (e.g. the packs lack tools to fill its length); it was never asked.
 * no_prediction: a replayed predictions file has no answer for the sample (scored wrong, as BFCL scores a missing result).
 */
type ResultError = { kind: 'context_overflow' | 'engine_error' | 'aborted' | 'build_error' | 'no_prediction'; message: string };

/**
 * A sample the engine never answered (the server down, a crash): not a wrong answer. It is left out
 * of every accuracy, counted apart, and asked again when the run resumes.
 */
export const isUnanswered = (r: { error: ResultError | null }): boolean => r.error?.kind === 'engine_error';

/** A sample whose prompt could not be built: the model was never asked it, so it is in no accuracy either; counted apart, not asked again (its prompt would fail the same way). */
export const isUnbuilt = (r: { error: ResultError | null }): boolean => r.error?.kind === 'build_error';

/** What every figure is over: the samples the model answered, right or wrong (a prompt over its window is a wrong answer), not the unanswered and the unbuilt. */
export const countsInFigures = (r: { error: ResultError | null }): boolean => !isUnanswered(r) && !isUnbuilt(r);

/**
 * The model's log-probability of the expected call's name, forced after the same prompt in the call
 * syntax the run asked for (docs/scoring.md, "The right call's probability").
 */
export interface CallLogprob {
  /** the text forced: the expected first call from its `[` through its first argument's name */
  forced: string;
  /**
   * the forced tokens that begin inside `[name(` (the measured part), as the engine's own tokenizer read
   * them (each token's text, `piece`), each with its natural-log probability; they spell a prefix of `forced`
   */
  tokens: { piece: string; logprob: number }[];
  /** log P(forced | prompt): the sum over `tokens` */
  logprob: number;
  /** the tokens are the engine tokenizer's own tokenization of `forced` (what the measure is defined on); false: another path, left out of the analyses */
  canonical: boolean;
  /**
   * where the model parts from the right name: the first forced token that was not its top choice, its
   * rank among the candidates there (1-based; null when below all of them) and those candidates; null when
   * every forced token was the model's top choice
   */
  parts: { at: number; rank: number | null; top: { piece: string; logprob: number }[] } | null;
}

export interface SampleResult {
  /** `${runId}:${sampleId}`: writing the same sample twice overwrites, never duplicates */
  id: string;
  runId: string;
  sampleId: string;
  /** the pack item asked: pairs a request's variants (absent in results stored before it was recorded) */
  itemId?: string;
  index: number;
  cell: Cell;
  facets?: Facets;
  output: string;
  /** parsed calls as plain JSON for display */
  calls: { name: string; args: unknown }[] | null;
  parseError: string | null;
  score: Score;
  usage: Usage | null;
  timings: Timings | null;
  error: ResultError | null;
  createdAt: number;
  /** the expected call's log-probability, where the engine gives one and the sample expects a call (absent: never 0) */
  callLogprob?: CallLogprob;
}

/** A file's name and its text, as imports read them (picked, dropped or downloaded). */
export interface NamedText {
  name: string;
  text: string;
}

/** A run another tool made, read from its logs by its suite (the run floor makes it a run of the app, labelled as a recording). */
export interface ForeignRun {
  id: string;
  name: string;
  model: string;
  /** when the other tool made it, as its logs state it */
  recordedAt: string;
  /** the tool that made it */
  engine: string;
  command: string;
  note: string;
  results: SampleResult[];
}

/** Time bounds on one request to a server (`engines/request-clock.ts` applies them). */
export interface RequestTimeouts {
  /** from sending until the answer's first byte — streamed, its first event (for most servers: after the prompt is read) */
  firstByteMs: number;
  /** between two streamed events, once the response has begun */
  streamGapMs: number;
  /** the whole request, retries included */
  requestMs: number;
}

/** A file the page hands over as it was picked, read in the worker (its name: its path in a picked folder, which the `File`'s own path does not keep across the hand-over). */
export interface PickedFile {
  name: string;
  blob: Blob;
}
