/** The samples of a stored run, whatever its suite. */
import type { TokenCounter } from '../context/token-counter';
import type { Pack } from '../core/types';
import type { RunRow } from './run-row';
import type { SuiteId } from '../suites/declaration';
import { catalogSource } from '../suites/catalog/suite';
import { compositionSource, DEFAULT_COMPOSITION } from '../suites/composition/suite';
import { DEFAULT_ROBUSTNESS, robustnessSource } from '../suites/robustness/suite';
import { DEFAULT_MULTITURN, multiturnSource } from '../suites/multiturn/suite';
import { DEFAULT_RESPONSE_QA } from '../suites/response-qa/config';
import { responseQaSource } from '../suites/response-qa/suite';
import { inRunOrder, type PlannedSource, type SampleSource, withRepeats } from '../core/sample-source';
import { apiComplexitySource, DEFAULT_API_COMPLEXITY } from '../suites/api-complexity/suite';
import { ownApiSetup } from '../suites/api-complexity/request-conversations';
import { wildAgtEvalSource, wildBenchmarkOf } from '../suites/wildagteval/suite';

/** The run's samples, each asked as many times as the run repeats them. */
export function sourceFor(run: RunPlan & Pick<RunRow, 'repeats'>, packs: readonly Pack[], counter: TokenCounter): SampleSource {
  return withRepeats(plannedSource(run, packs, counter), run.repeats ?? 1);
}

type RunPlan = Pick<RunRow, 'suite' | 'sweep' | 'robustness' | 'responseQa' | 'multiturn' | 'composition' | 'apiComplexity' | 'wildagteval' | 'template' | 'order' | 'engine'>;
type SourceBuilder = (run: RunPlan, packs: readonly Pack[], counter: TokenCounter) => PlannedSource;

/** How each suite's samples are built from a run (the suite's declaration is in lib/suites/registry.ts). */
const SOURCES: Readonly<Record<SuiteId, SourceBuilder>> = {
  catalog: (run, packs, counter) => catalogSource({ packs, sweep: run.sweep, template: run.template, counter }),
  robustness: (run, packs, counter) => robustnessSource({ packs, config: run.robustness ?? DEFAULT_ROBUSTNESS, template: run.template, counter }),
  'response-qa': (run, packs, counter) => responseQaSource({ packs, config: run.responseQa ?? DEFAULT_RESPONSE_QA, counter }),
  multiturn: (run, packs, counter) => multiturnSource({ packs, config: run.multiturn ?? DEFAULT_MULTITURN, template: run.template, counter }),
  composition: (run, packs, counter) => compositionSource({ packs, config: run.composition ?? DEFAULT_COMPOSITION, counter }),
  'api-complexity': (run, packs, counter) => {
    // the built-in API system and its conversations, or the user's tools and requests
    const config = run.apiComplexity ?? DEFAULT_API_COMPLEXITY;
    if (!config.packId) return apiComplexitySource({ config, counter });
    const pack = packs.find((p) => p.id === config.packId);
    if (!pack) throw new Error(`the tools pack '${config.packId}' of this run is not stored any more (deleted?)`);
    return apiComplexitySource({ config, counter, own: ownApiSetup(pack) });
  },
  wildagteval: (run, packs, counter) => {
    const config = run.wildagteval;
    if (!config) throw new Error('this WildAgtEval run has no configuration');
    const pack = packs.find((p) => p.id === config.packId);
    if (!pack) throw new Error(`the WildAgtEval pack '${config.packId}' of this run is not stored any more (deleted?)`);
    return wildAgtEvalSource({ config, bench: wildBenchmarkOf(pack), counter, model: run.engine.model });
  },
};

function plannedSource(run: RunPlan, packs: readonly Pack[], counter: TokenCounter): SampleSource {
  // runs made before run orders existed ran in plan order
  return inRunOrder(SOURCES[run.suite](run, packs, counter), run.order ?? 'grid');
}
