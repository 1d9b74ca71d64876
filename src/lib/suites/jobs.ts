/**
 * What a suite does in the worker beyond building its samples — imports of its files and of runs
 * another tool made, its judge, its side generations, its readings — declared as named jobs in its
 * folder's `jobs.ts` (its declaration's `jobs`, loaded when the worker is asked for one). The worker's
 * `suiteJob` runs a job with what the worker holds (`JobHost`), so the worker names no suite.
 */
import type { CallLogprob, Engine, ForeignRun, NamedText, Pack, PickedFile, RequestTimeouts, Sample, SampleResult } from '../core/types';
import type { TokenCounter } from '../context/token-counter';

/** A rephrasing of a request by a model, stored for review (robustness). */
export interface StoredRephrasing {
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

/** A model a job asks, with the name a judge or a rephrasing records it by. */
type Asked<T> = (engine: Pick<Engine, 'generate'>, name: { id: string; label: string }, signal: AbortSignal) => Promise<T>;

/** What the worker lends a suite's job: the store, the model loaded or a server, its byte-bounded file reading. */
export interface JobHost {
  /** text as it is, picked files read as UTF-8 (a file over the import bound refused, naming it) */
  readFiles(files: readonly (NamedText | PickedFile)[]): Promise<NamedText[]>;
  /** stored packs, loaded (the built-in ones written first where missing, once) */
  loadPacks(ids: readonly string[]): Promise<Pack[]>;
  /** files added to a pack by the suite's own merge of the files it holds with the new ones */
  addPackFiles(packId: string, merge: (stored: readonly NamedText[], createdAt: number | undefined) => { pack: Pack; replaced: string[] }): Promise<{ pack: Pack; replaced: string[] }>;
  /** a run another tool made, stored as a run of the job's suite labelled as a recording: its id, name and count of results */
  storeForeignRun(run: ForeignRun): Promise<{ runId: string; name: string; results: number }>;
  runPacks(runId: string): Promise<string[]>;
  results(runId: string): Promise<SampleResult[]>;
  putResult(result: SampleResult): Promise<void>;
  /** the run's count of right answers told again from its stored results */
  recount(runId: string): Promise<void>;
  rephrasings: { storedIds(model: string): Promise<string[]>; put(row: StoredRephrasing): Promise<void> };
  /** generations on the loaded model, one job at a time, stopped by the Run tab's stop (`purpose`: why a model is needed) */
  withLoadedModel<T>(purpose: string, work: Asked<T>): Promise<T>;
  /** generations on an OpenAI-compatible server (its API key as the page set it) */
  withServer<T>(server: { baseUrl: string; model: string; timeouts: RequestTimeouts }, work: Asked<T>): Promise<T>;
  /** the loaded GGUF model's counter, for prompts measured to an exact length (`purpose`: why its probabilities are needed) */
  forcingCounter(purpose: string): Promise<TokenCounter>;
  /** the loaded GGUF model's probability of a sample's right call, read without generating (KV cache kept) */
  forcedRead(sample: Sample): Promise<CallLogprob>;
}

/** One job: its arguments (plain data), the host, and a report it may send the page as it goes. */
export type SuiteJob<A, R, P = never> = (args: A, host: JobHost, report: (progress: P) => void) => Promise<R>;

/** Any suite's jobs, as the worker runs them by name (each suite's own types reach the page through its declaration). */
export type SuiteJobs = Readonly<Record<string, (args: never, host: JobHost, report: (progress: unknown) => void) => Promise<unknown>>>;

/** Who judges: the loaded model, or a model on a server. */
export type JudgeChoice = { kind: 'loaded' } | { kind: 'server'; baseUrl: string; model: string; timeouts: RequestTimeouts };

/** What a judge pass did: episodes judged of those it judges, by whom, and the rubrics it lacked. */
export interface JudgeOutcome {
  /** what it judges, in words ("error-handling episodes") */
  of: string;
  judged: number;
  total: number;
  judge: string;
  /** cases with no rubric to judge them by */
  missingReferences: string[];
}

/**
 * A suite's judge: the job named `judge`, which the app's judge panel and the runner's `--judge-base-url`
 * run over a stored run's results, writing each judged result as it comes (a stopped pass resumes);
 * `maxTokens`: the judge's answer, the suite's own default where not given.
 */
export type JudgeJob = SuiteJob<{ runId: string; judge: JudgeChoice; maxTokens?: number }, JudgeOutcome, { done: number; total: number }>;

/** A suite's import of its own files into its pack (`addPackFiles`): the job named `importFiles`, which the Packs tab and the runner's folder flag (`importsFolder`) run; the files that are not the suite's are left out. */
export type ImportFilesJob = SuiteJob<(NamedText | PickedFile)[], { description: string; replaced: string[] }>;
