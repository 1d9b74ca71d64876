/**
 * Runs and results in the shapes of before, read into today's.
 *
 * Runs in the shape before the run row kept its suite's configuration in `config` (run files of
 * version 1, the app's database before its version 4): the catalog's in `sweep`, each other suite's
 * under its own key, with a catalog-shaped `sweep` beside it that only repeated its seed and counts.
 * `withConfig` gives such a run today's shape; a run already in it is returned as it is.
 */
import { type SuiteId, SUITES } from '../suites/registry';

/**
 * The ids the two WildAgtEval suites had before they were named for what they run (run files
 * before version 4, the app's database before its version 7); their samples' ids still hash them.
 */
const RENAMED_SUITES: Readonly<Record<string, SuiteId>> = {
  'api-complexity': 'wildagteval-simulated',
  wildagteval: 'wildagteval-benchmark',
};

/** A suite's id today, for an id it may have had before (the runner takes the old ids too). */
export const suiteIdNow = (id: string): string => RENAMED_SUITES[id] ?? id;

/** A run whose suite had an id before: the run under today's. */
export function withSuiteId<R extends { suite?: unknown }>(run: R): R {
  return typeof run.suite === 'string' && run.suite in RENAMED_SUITES ? { ...run, suite: suiteIdNow(run.suite) } : run;
}

/** where the first shape kept each suite's configuration (the suites there were then; a suite added since never had that shape) */
const FIRST_SHAPE_KEYS: Readonly<Partial<Record<SuiteId, string>>> = {
  catalog: 'sweep',
  robustness: 'robustness',
  'response-qa': 'responseQa',
  multiturn: 'multiturn',
  composition: 'composition',
  'wildagteval-simulated': 'apiComplexity',
  'wildagteval-benchmark': 'wildagteval',
};
const FIRST_SHAPE_FIELDS = new Set(Object.values(FIRST_SHAPE_KEYS));

/** A run of the first shape in today's (its suite under today's id too). */
export function withConfig(first: Record<string, unknown>): Record<string, unknown> {
  const run = withSuiteId(first);
  if ('config' in run || !(typeof run.suite === 'string' && run.suite in FIRST_SHAPE_KEYS)) return run;
  const suite = run.suite as SuiteId;
  const kept = run[FIRST_SHAPE_KEYS[suite] as string];
  // a run stored before its suite kept a configuration was planned from the defaults, unless its suite's runs can have none (WildAgtEval's read from result logs)
  const config = kept ?? (SUITES[suite].config.absent ? null : structuredClone(SUITES[suite].config.defaults));
  return { ...Object.fromEntries(Object.entries(run).filter(([k]) => !FIRST_SHAPE_FIELDS.has(k))), config };
}

/**
 * A cell in the shape before each measure had its own field (run files of versions 1 and 2, the
 * database before its version 6): `position` held the suite's position measure — the catalog's α,
 * response QA's record — and 0 in the other suites, and composition's `length` the tools offered.
 * Read by what the suite declares its cells hold (`columns`); a cell already in today's shape is
 * returned as it is.
 */
export function withMeasures(suiteId: string, cell: Record<string, unknown>): Record<string, unknown> {
  const suite = suiteIdNow(suiteId);
  if (!('position' in cell) || !(suite in SUITES)) return cell;
  const { length, position, ...rest } = cell;
  const holds = SUITES[suite as SuiteId].columns;
  const where = holds.includes('alpha') ? { alpha: position } : holds.includes('record') ? { record: position } : {};
  return holds.includes('tools') ? { length: 0, ...where, tools: length, ...rest } : { length, ...where, ...rest };
}
