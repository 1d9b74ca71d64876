/**
 * Runs in the shape before the run row kept its suite's configuration in `config` (run files of
 * version 1, the app's database before its version 4): the catalog's in `sweep`, each other suite's
 * under its own key, with a catalog-shaped `sweep` beside it that only repeated its seed and counts.
 * `withConfig` gives such a run today's shape; a run already in it is returned as it is.
 */
import { type SuiteId, SUITES } from '../suites/registry';

/** where the first shape kept each suite's configuration (the suites there were then; a suite added since never had that shape) */
const FIRST_SHAPE_KEYS: Readonly<Partial<Record<SuiteId, string>>> = {
  catalog: 'sweep',
  robustness: 'robustness',
  'response-qa': 'responseQa',
  multiturn: 'multiturn',
  composition: 'composition',
  'api-complexity': 'apiComplexity',
  wildagteval: 'wildagteval',
};
const FIRST_SHAPE_FIELDS = new Set(Object.values(FIRST_SHAPE_KEYS));

export function withConfig(run: Record<string, unknown>): Record<string, unknown> {
  if ('config' in run || !(typeof run.suite === 'string' && run.suite in FIRST_SHAPE_KEYS)) return run;
  const suite = run.suite as SuiteId;
  const kept = run[FIRST_SHAPE_KEYS[suite] as string];
  // a run stored before its suite kept a configuration was planned from the defaults, unless its suite's runs can have none (WildAgtEval's read from result logs)
  const config = kept ?? (SUITES[suite].config.absent ? null : structuredClone(SUITES[suite].config.defaults));
  return { ...Object.fromEntries(Object.entries(run).filter(([k]) => !FIRST_SHAPE_FIELDS.has(k))), config };
}
