/**
 * Every suite, declared once (each in its folder's `declaration.ts`), in the order the Run tab offers
 * them, and the suite-wide types that follow from them: a new suite is its folder and one line here.
 * The setup, the runner's flags and report, run files and the run driver loop over this.
 */
import { wildSimulatedSuite } from './wildagteval-simulated/declaration';
import { catalogSuite } from './catalog/declaration';
import { compositionSuite } from './composition/declaration';
import type { SetupCommon, SuiteDeclaration, SuitePrepare, SuiteRunOf } from './declaration';
import { multiturnSuite } from './multiturn/declaration';
import { responseQaSuite } from './response-qa/declaration';
import { robustnessSuite } from './robustness/declaration';
import { settingFields } from './settings';
import type { SuiteJobs } from './jobs';
import type { NumberField } from './number-fields';
import { wildAgtEvalSuite } from './wildagteval-benchmark/declaration';

const DECLARED = {
  catalog: catalogSuite,
  'response-qa': responseQaSuite,
  multiturn: multiturnSuite,
  composition: compositionSuite,
  robustness: robustnessSuite,
  'wildagteval-simulated': wildSimulatedSuite,
  'wildagteval-benchmark': wildAgtEvalSuite,
};

type Declared = typeof DECLARED;
export type SuiteId = keyof Declared;

/** Each suite's configuration, by suite id: a run keeps its suite's in `config` (WildAgtEval's is null on a run read from published result logs). */
type SuiteConfigs = { [S in SuiteId]: Declared[S] extends SuiteDeclaration<S, infer C, infer _F, infer _P> ? C : never };
type FieldsOf<S extends SuiteId> = Declared[S] extends SuiteDeclaration<S, infer _C, infer F, infer _P> ? F : never;
/** A suite's jobs in the worker, by name, with their own arguments, results and reports (`jobs.ts`). */
export type JobsOf<S extends SuiteId> = Declared[S] extends SuiteDeclaration<S, infer _C, infer _F, infer _P, infer J> ? J : never;

/** A suite and its configuration, what a run's samples are planned from: the suite's id decides the config's type. */
export type SuitePlan = { [S in SuiteId]: { suite: S; config: SuiteConfigs[S] } }[SuiteId];

/** A run's suite, packs and configuration (the suite's part of a `RunRow`). */
export type SuiteRun = { [S in SuiteId]: SuiteRunOf<S, SuiteConfigs[S]> }[SuiteId];

/** The suites whose runs can have no configuration: runs another tool made, read from its logs. */
export type SuiteOfForeignRuns = { [S in SuiteId]: null extends SuiteConfigs[S] ? S : never }[SuiteId];

/** Every suite's fields on the Run tab, each at its suite's id, and the constraint asked. */
export type SuiteFields = { [S in SuiteId]: FieldsOf<S> } & Pick<SetupCommon, 'constraint'>;

/** The Run tab's setup as the suites read it: every suite's fields, and what the chosen data offers. */
export type SuiteSetup = SetupCommon & SuiteFields;

/** A suite as the setup, the runner and the driver loop over it (its runs are its own, so some suite's). */
export type Suite = Omit<SuiteDeclaration<SuiteId, SuiteConfigs[SuiteId]>, 'configure' | 'fromFlags' | 'withOwnTools' | 'size' | 'needs' | 'settingMax' | 'config' | 'prepare' | 'jobs'> & {
  configure(setup: SuiteSetup): SuiteRun;
  fromFlags(...args: Parameters<SuiteDeclaration['fromFlags']>): SuiteRun;
  withOwnTools?(run: SuiteRun, packId: string): SuiteRun;
  size(setup: SuiteSetup): ReturnType<SuiteDeclaration['size']>;
  needs(setup: SuiteSetup): string[];
  settingMax?(setup: SuiteSetup): Record<string, number>;
  prepare?: () => Promise<SuitePrepare<never, unknown>>;
  jobs?: () => Promise<SuiteJobs>;
  config: { defaults: object; fields?: (defaults: never) => unknown; absent?: string };
};

// the one widening: each declaration makes and reads runs of its own suite, which the union holds
export const SUITES = DECLARED as unknown as Readonly<Record<SuiteId, Suite>>;

/** The suites in the order they are offered and listed. */
export const SUITE_LIST: readonly Suite[] = Object.values(SUITES);
export const SUITE_IDS: readonly SuiteId[] = SUITE_LIST.map((s) => s.id);

/** The seed a run's samples were drawn with, where its suite draws (WildAgtEval's own benchmark runs every conversation of its set). */
export const seedOf = (run: Pick<SuitePlan, 'config'>): number | null => (run.config !== null && 'seed' in run.config && typeof run.config.seed === 'number' ? run.config.seed : null);

/** The Run tab's fields as they open: every suite's declared defaults (the runner's too), with what its fields hold beyond them. */
export function defaultSuiteFields(): SuiteFields {
  const fields = SUITE_LIST.map((d) => {
    const defaults = structuredClone(d.config.defaults);
    return [d.id, d.config.fields ? d.config.fields(defaults as never) : defaults];
  });
  return { ...Object.fromEntries(fields), constraint: 'off' } as SuiteFields;
}

/** The suite's number fields on the Run tab, checked before Start. */
export function suiteNumberFields(suite: Suite, setup: SuiteSetup): NumberField[] {
  return settingFields(suite.settings, setup[suite.id], suite.settingMax?.(setup));
}

/** A setting's bounds, for the Run tab's input (its check comes from the same declaration). */
export function settingBounds(suite: SuiteId, path: string): { min: number; max: number } {
  const s = SUITES[suite].settings.find((x) => x.path === path);
  if (!s) throw new Error(`${suite} declares no setting ${path}`);
  return { min: s.min, max: s.max };
}
