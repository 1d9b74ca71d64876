/**
 * What a suite declares about itself, once: its label, the data it runs on, how the Run tab's setup
 * and the runner's flags become its configuration (one set of defaults), its size, what it still
 * needs, the numbers to check, and its report as text. The registry (`registry.ts`) lists them; the
 * setup, the worker, the runner and run files loop over it instead of naming suites.
 */
import type { OutputFormat } from '../parsing';
import type { SampleResult } from '../core/types';
import type { CatalogSweep } from './catalog/suite';
import type { RobustnessConfig } from './robustness/suite';
import type { ResponseQaConfig } from './response-qa/config';
import type { MultiturnConfig } from './multiturn/suite';
import type { CompositionConfig } from './composition/suite';
import type { ApiComplexityConfig } from './api-complexity/suite';
import type { Conversation } from './api-complexity/conversations';
import type { OwnApiSetup } from './api-complexity/request-conversations';
import type { WildAgtEvalConfig, WildPlanSummary } from './wildagteval/suite';
import type { NumberField } from './number-fields';
import { settingFields, type SuiteSetting } from './settings';
import type { HeadlineMeasure } from '../analysis/headline';

/** Each suite's configuration, by suite id: a run keeps its suite's in `config`. */
export interface SuiteConfigs {
  catalog: CatalogSweep;
  robustness: RobustnessConfig;
  'response-qa': ResponseQaConfig;
  multiturn: MultiturnConfig;
  composition: CompositionConfig;
  'api-complexity': ApiComplexityConfig;
  /** WildAgtEval's own benchmark: the imported pack, the conversation set and the experiments; null on a run read from published result logs (its samples are the logs') */
  wildagteval: WildAgtEvalConfig | null;
}

export type SuiteId = keyof SuiteConfigs;

/** Constrained decoding asked of a run: off, on, or (catalog only) both as cell variants side by side. */
export type Constraint = 'off' | 'on' | 'both';

/** A run's suite and the configuration its samples are planned from, as a suite's own code reads it. */
interface SuiteRunWith<C> {
  suite: SuiteId;
  packIds: string[];
  config: C;
  /** every sample whose answer is calls is decoded under the grammar of its offered tools (the catalog's 'both' is a cell variant instead) */
  constrained?: boolean;
}

/** A suite and its configuration, what a run's samples are planned from: the suite's id decides the config's type. */
export type SuitePlan = { [S in SuiteId]: { suite: S; config: SuiteConfigs[S] } }[SuiteId];

/** A run's suite, packs and configuration (the suite's part of a `RunRow`). */
export type SuiteRun = SuitePlan & Omit<SuiteRunWith<unknown>, 'suite' | 'config'>;

/** The seed a run's samples were drawn with, where its suite draws (WildAgtEval's own benchmark runs every conversation of its set). */
export const seedOf = (run: Pick<SuitePlan, 'config'>): number | null => (run.config !== null && 'seed' in run.config && typeof run.config.seed === 'number' ? run.config.seed : null);

/** How many samples a setup plans, and (where lengths are planned) how many prompt tokens. */
export interface RunSize {
  samples: number;
  /** null where the suite's prompt lengths are not planned in advance */
  promptTokens: number | null;
}

/** Every suite's fields on the Run tab: the catalog's sweep (with the packs asked), each other suite's config. */
export interface SuiteFields {
  catalog: Omit<CatalogSweep, 'variants' | 'requestPackIds'> & { askedPacks: string[]; unfillable: number[] };
  constraint: Constraint;
  robustness: RobustnessConfig;
  responseQa: ResponseQaConfig;
  multiturn: MultiturnConfig;
  composition: CompositionConfig;
  apiComplexity: ApiComplexityConfig;
  wildagteval: WildAgtEvalConfig;
}

/** The Run tab's setup as the suites read it: every suite's fields, and what the chosen data offers. */
export interface SuiteSetup extends SuiteFields {
  /** the engine asks a model (it can judge; constraints act) */
  asksModel: boolean;
  replay: boolean;
  /** the packs chosen for the suite (suites that run on stored packs) */
  selectedPacks: readonly string[];
  /** requests in each chosen pack, by pack id */
  itemsIn: Readonly<Record<string, number>>;
  conversationsAvailable: number;
  tasksAvailable: Partial<Record<string, number>>;
  /** composition: the tasks a predictions file answers (only those run) */
  predictedTasks: string[] | null;
  /** API complexity: the built-in conversations, or the user's tools and requests (with the pack's name) */
  apiConversations: readonly Conversation[];
  ownApi: (OwnApiSetup & { name: string }) | null;
  wild: { packId: string | null; conversations: number | null; plan: WildPlanSummary | { error: string } | null; refusal: string | null; promptTokens: number };
}

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

export interface SuiteDeclaration<C extends object | null = object | null> {
  id: SuiteId;
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
  /** the sample list's columns: prompt tokens, and the position's name (α, a record number) where cells have one */
  columns: { tokens: boolean; position: string | null };
  /** a paragraph under the setup's title, where the hint needs more words */
  intro?: string;
  /** output tokens per answer: the default (the app's and the runner's) and the most the setup takes (the least: MIN_MAX_TOKENS) */
  maxTokens: { default: number; max: number };
  /** constrained decoding: free and constrained as cell variants of one run, a whole run constrained, or not offered */
  constrain: 'variants' | 'run' | null;
  /** the run's tools can travel natively (a server's `tools` field, the model's own template) */
  nativeCalls(run: SuiteRunWith<C>): boolean;
  /** the prompt lengths (tokens) the run fills, to flag those over the model's window */
  lengths(run: SuiteRunWith<C>): number[];
  /** the run's name after the model's (`packName`: a stored pack's name, where the suite names the pack it runs on) */
  name(run: SuiteRunWith<C>, packName?: (id: string) => string | undefined): string;
  /** Start: the setup → the suite's part of the run */
  configure(setup: SuiteSetup): SuiteRun;
  /** the runner's flags this suite reads beyond those every run takes and its settings' (a flag of another suite is refused, naming whose it is) */
  flags: readonly string[];
  /** the run on your own tools and requests (a "yours" pack, `--tools`): where the suite takes them; absent where it does not */
  withOwnTools?(run: SuiteRunWith<C>, packId: string): SuiteRun;
  /** every sample sends at least the first one's prompt (a fixed agent prompt): a window that cannot take it is refused before any request */
  fixedPrompt?: true;
  /**
   * Its configuration: where the Run tab's setup edits it, and its defaults (the tab's and the
   * runner's alike; a run keeps it in `config`).
   */
  config: { setupKey: Exclude<keyof SuiteFields, 'constraint'>; defaults: NonNullable<C> };
  /** its numbers and lists, each declared once with its bounds and flags (settings.ts) */
  settings: readonly SuiteSetting[];
  /** the runner's words for its flags that are not settings (lists of names, modes) */
  usage?: string;
  /** the runner: its flags → the suite's part of the run (`config`: the defaults with every setting's flag applied) */
  fromFlags(flags: FlagReader, config: NonNullable<C>): SuiteRun;
  /** samples (and prompt tokens) of one pass */
  size(setup: SuiteSetup): RunSize;
  /** what the setup still needs before Start, in words */
  needs(setup: SuiteSetup): string[];
  /** bounds the chosen data sets on the Run tab, by setting path (the conversations a pack holds) */
  settingMax?(setup: SuiteSetup): Record<string, number>;
  /** the runner's report (loaded when a runner needs it: the page never does) */
  textReport: () => Promise<SuiteTextReport>;
}

/** A suite's report for a terminal: the paper's tables as text, and its charts as SVG files. */
export interface SuiteTextReport {
  reportLines(run: SuiteRun, results: readonly SampleResult[]): string[];
  charts(run: SuiteRun & { name: string }, results: readonly SampleResult[]): SvgChart[];
}

/** the fewest output tokens a run may allow an answer (fewer cannot hold a call) */
export const MIN_MAX_TOKENS = 16;

/** the refusal of every episode suite when the engine is a replay file */
export const EPISODES_NEED_A_LIVE_ENGINE = 'episodes need an engine that answers each step: a replay file cannot';

/** The suite's number fields on the Run tab, checked before Start. */
export function suiteNumberFields(declaration: SuiteDeclaration, setup: SuiteSetup): NumberField[] {
  return settingFields(declaration.settings, setup[declaration.config.setupKey], declaration.settingMax?.(setup));
}

/** Requests in the given packs. */
export const itemsOf = (setup: Pick<SuiteSetup, 'itemsIn'>, packIds: readonly string[]) => packIds.reduce((n, id) => n + (setup.itemsIn[id] ?? 0), 0);

export const sortedNumbers = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
