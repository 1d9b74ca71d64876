/**
 * What a suite declares about itself, once: its label, the data it runs on, how the Run tab's setup
 * and the runner's flags become its configuration (one set of defaults), its size, what it still
 * needs, the numbers to check, how its samples are built and its report as text. The registry
 * (`registry.ts`) lists them and derives the suite-wide types from them; the setup, the worker, the
 * runner and run files loop over it instead of naming suites.
 */
import type { OutputFormat } from '../parsing';
import type { SampleResult } from '../core/types';
import type { SuiteSetting, WordSetting } from './settings';
import type { SuiteJobs } from './jobs';
import type { Pack } from '../core/types';
import type { PlannedSource } from '../core/sample-source';
import type { TokenCounter } from '../context/token-counter';
import type { PromptTemplate } from '../prompts/template';
import type { HeadlineMeasure } from '../analysis/headline';
import type { CellColumns } from '../analysis/format';

/** Constrained decoding asked of a run: off, on, or (catalog only) both as cell variants side by side. */
export type Constraint = 'off' | 'on' | 'both';

/** A run's suite, packs and configuration as the suite's own code reads and makes it (the registry's `SuiteRun` is their union). */
export interface SuiteRunOf<Id extends string, C> {
  suite: Id;
  packIds: string[];
  config: C;
  /** every sample whose answer is calls is decoded under the grammar of its offered tools (the catalog's 'both' is a cell variant instead) */
  constrained?: boolean;
}

/** How many samples a setup plans, and (where lengths are planned) how many prompt tokens. */
export interface RunSize {
  samples: number;
  /** null where the suite's prompt lengths are not planned in advance */
  promptTokens: number | null;
}

/** What the Run tab's setup holds beyond the suites' own fields: the engine, what the chosen data offers, and what the suite measured of it. */
export interface SetupCommon {
  constraint: Constraint;
  /** the engine asks a model (it can judge; constraints act) */
  asksModel: boolean;
  replay: boolean;
  /** the packs chosen for the suite (suites that run on stored packs) */
  selectedPacks: readonly string[];
  /** requests in each chosen pack, by pack id */
  itemsIn: Readonly<Record<string, number>>;
  /** conversations in the chosen packs */
  conversationsAvailable: number;
  /** tasks in the chosen packs, by level */
  tasksAvailable: Partial<Record<string, number>>;
  /** the ids a predictions file answers, where the engine is one (only those run) */
  predictedTasks: string[] | null;
  /** the tokens a prompt may fill (the engine's window less the answer's; Infinity where not known), the answer's, and whose window it is, in words */
  window: { limit: number; answerTokens: number; owner: string };
  /** what the suite measured before Start (its `prepare`): null until it answers, and for a suite that measures nothing */
  prepared: unknown;
}

/** The setup as one suite reads it: the common part, its own fields at its id, and what its `prepare` measured (the registry's `SuiteSetup` holds every suite's fields). */
type SetupFor<Id extends string, F, P> = Omit<SetupCommon, 'prepared'> & { readonly [k in Id]: F } & { prepared: P | null };

/** A stored pack as a suite's `prepare` is shown it (its contents are loaded by id). */
interface StoredPack {
  id: string;
  name: string;
  source: string;
  itemCount: number;
  toolCount: number;
}

/** What a suite's `prepare` reads: the stored packs, their contents, and the tokenizer a setup is measured with before a model is chosen (Llama 3's). */
interface PrepareData {
  packs: readonly StoredPack[];
  load(ids: readonly string[]): Promise<Pack[]>;
  counter(): Promise<TokenCounter>;
}

/** A suite's measure of the stored data before Start, from its fields: run in the worker, where the packs and tokenizers are; what it returns must survive a structured clone. */
export type SuitePrepare<F, P> = (fields: F, data: PrepareData) => Promise<P>;

/** What a suite's samples are built from: its configuration, the run's prompt template, the model asked. */
interface SourceInput<C> {
  config: C;
  template: PromptTemplate;
  model: string;
}

/** How a suite builds a run's samples (in its folder's `source.ts`, loaded when a run needs it: the page does not carry every suite's builders). */
export type SuiteSource<C> = (run: SourceInput<C>, packs: readonly Pack[], counter: TokenCounter) => PlannedSource;

/**
 * The runner's flags as a suite reads them: each read names its flag in the error it throws. The
 * flags every suite shares (lengths, constraint) are read once by the runner, the suite's declared
 * settings (`SuiteDeclaration.settings`) before `fromFlags` is called.
 */
export interface FlagReader {
  list(flag: string): string[] | undefined;
  int(flag: string, min: number, max: number): number | undefined;
  oneOf<T extends string>(flag: string, allowed: readonly T[]): T | undefined;
  /** a flag's raw text, if given */
  text(flag: string): string | undefined;
  /** a usage error naming the flag */
  fail(message: string): never;
  /** --lengths, sorted */
  lengths: number[] | undefined;
  constraint: Constraint;
  /** the runner's engine asks a model (an openai server) */
  asksModel: boolean;
}

/** A chart the runner writes with `--svg DIR`. */
export interface SvgChart {
  name: string;
  svg: string;
}

/**
 * A suite, declared once: `Id` its id (the Run tab's setup holds its fields at it too), `C` its
 * configuration (a run keeps it in `config`), `F` its fields on the Run tab (its configuration, unless
 * the tab edits more), `P` what its `prepare` measures before Start, `J` its jobs in the worker. The registry derives every suite-wide type
 * (`SuiteId`, `SuiteRun`, `SuiteFields`) from these.
 */
export interface SuiteDeclaration<Id extends string = string, C extends object | null = object | null, F = NonNullable<C>, P = never, J extends SuiteJobs = SuiteJobs> {
  id: Id;
  /** the Run tab's choice: the paper's name for it, and one line on what it shows */
  label: string;
  hint: string;
  /** the built-in packs a run uses unless others are chosen (ids only) */
  defaultPacks: readonly string[];
  /** the stored packs a run chooses from (what they must hold, and the packs fieldset's legend), or null: the suite brings its own data */
  packs: { holds: 'requests' | 'responses' | 'conversations' | 'tasks'; legend: string; note?: string } | null;
  /** how answers are read */
  format: OutputFormat;
  /** the run's one number, the one its paper reports (analysis/headline.ts), and the second the report shows beside it */
  headline: { label: string; measure: HeadlineMeasure; beside: 'lenient' | 'contains' | 'fully correct' };
  /** what the forced reading's probability is of (docs/scoring.md), where not the right call: response QA's expected value */
  probabilityOf?: string;
  /** what its cells hold beside their variant: the sample list's columns, in order */
  columns: CellColumns;
  /** a paragraph under the setup's title, where the hint needs more words */
  intro?: string;
  /** output tokens per answer: the default (the app's and the runner's) and the most the setup takes (the least: MIN_MAX_TOKENS) */
  maxTokens: { default: number; max: number };
  /** constrained decoding: free and constrained as cell variants of one run, a whole run constrained, or not offered */
  constrain: 'variants' | 'run' | null;
  /** the run's tools can travel natively (a server's `tools` field, the model's own template) */
  nativeCalls(run: SuiteRunOf<Id, C>): boolean;
  /** the prompt lengths (tokens) the run fills, to flag those over the model's window */
  lengths(run: SuiteRunOf<Id, C>): number[];
  /** the run's name after the model's (`packName`: a stored pack's name, where the suite names the pack it runs on) */
  name(run: SuiteRunOf<Id, C>, packName?: (id: string) => string | undefined): string;
  /** Start: the setup → the suite's part of the run */
  configure(setup: SetupFor<Id, F, P>): SuiteRunOf<Id, C>;
  /** the runner's flags this suite reads beyond those every run takes and its settings' (a flag of another suite is refused, naming whose it is) */
  flags: readonly string[];
  /** the run on your own tools and requests (a "yours" pack, `--tools`): where the suite takes them; absent where it does not */
  withOwnTools?(run: SuiteRunOf<Id, C>, packId: string): SuiteRunOf<Id, C>;
  /** every sample sends at least the first one's prompt (a fixed agent prompt): a window that cannot take it is refused before any request */
  fixedPrompt?: true;
  /**
   * Its configuration's defaults (the tab's and the runner's alike; a run keeps it in `config`), and
   * the tab's fields as they open where they hold more than the configuration (`fields`: the
   * catalog's packs asked).
   */
  config: {
    defaults: NonNullable<C>;
    fields?: (defaults: NonNullable<C>) => F;
    /** what a run of it without a configuration is, where it can have none (its samples come with it) */
    absent?: string;
  };
  /** its numbers and lists, each declared once with its bounds and flags (settings.ts) */
  settings: readonly SuiteSetting[];
  /** the fields of its configuration that hold words, and the words each takes (a run file's are checked against them) */
  words: readonly WordSetting[];
  /** the runner's words for its flags that are not settings (lists of names, modes) */
  usage?: string;
  /** the runner: its flags → the suite's part of the run (`config`: the defaults with every setting's flag applied) */
  fromFlags(flags: FlagReader, config: NonNullable<C>): SuiteRunOf<Id, C>;
  /** samples (and prompt tokens) of one pass */
  size(setup: SetupFor<Id, F, P>): RunSize;
  /** what the setup still needs before Start, in words */
  needs(setup: SetupFor<Id, F, P>): string[];
  /** bounds the chosen data sets on the Run tab, by setting path (the conversations a pack holds) */
  settingMax?(setup: SetupFor<Id, F, P>): Record<string, number>;
  /**
   * what it measures of the stored data before Start (WildAgtEval's plan; your tools as an API), where
   * its size, needs or fields depend on more than the chosen packs' counts: loaded in the worker when
   * asked, asked again by the Run tab whenever its fields or the stored packs change
   */
  prepare?: () => Promise<SuitePrepare<F, P>>;
  /** the runner's flag naming a folder of its own files (`--wildagteval DIR`), which a run needs: the files `accepts` read and imported by its `importFiles` job */
  importsFolder?: { flag: string; accepts(path: string): boolean; what: string };
  /** its work in the worker beyond its samples — imports, judges, side generations, readings (`jobs.ts`, loaded when one is asked) */
  jobs?: () => Promise<J>;
  /** how a run's samples are built (loaded when a run needs them) */
  source: () => Promise<SuiteSource<C>>;
  /** the runner's report (loaded when a runner needs it: the page never does) */
  textReport: () => Promise<SuiteTextReport>;
}

/** A suite's report for a terminal: the paper's tables as text, and its charts as SVG files. */
export interface SuiteTextReport {
  reportLines(run: SuiteRunOf<string, unknown>, results: readonly SampleResult[]): string[];
  charts(run: SuiteRunOf<string, unknown> & { name: string }, results: readonly SampleResult[]): SvgChart[];
}

/** the fewest output tokens a run may allow an answer (fewer cannot hold a call) */
export const MIN_MAX_TOKENS = 16;

/** the refusal of every episode suite when the engine is a replay file */
export const EPISODES_NEED_A_LIVE_ENGINE = 'episodes need an engine that answers each step: a replay file cannot';

/** Requests in the given packs. */
export const itemsOf = (setup: Pick<SetupCommon, 'itemsIn'>, packIds: readonly string[]) => packIds.reduce((n, id) => n + (setup.itemsIn[id] ?? 0), 0);

export const sortedNumbers = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

/** The words for a suite's forced probability: "the right call's probability" unless it says otherwise. */
export const probabilityName = (suite: Pick<SuiteDeclaration, 'probabilityOf'>): string => `${suite.probabilityOf ?? 'the right call'}'s probability`;
