/** The samples of a stored run, whatever its suite. */
import type { TokenCounter } from '../context/token-counter';
import type { Pack } from '../core/types';
import type { RunCommon } from './run-row';
import type { SuiteConfigs, SuiteId, SuitePlan } from '../suites/declaration';
import { catalogSource } from '../suites/catalog/suite';
import { compositionSource } from '../suites/composition/suite';
import { robustnessSource } from '../suites/robustness/suite';
import { multiturnSource } from '../suites/multiturn/suite';
import { responseQaSource } from '../suites/response-qa/suite';
import { inRunOrder, type PlannedSource, type SampleSource, withRepeats } from '../core/sample-source';
import { apiComplexitySource } from '../suites/api-complexity/suite';
import { ownApiSetup } from '../suites/api-complexity/request-conversations';
import { wildAgtEvalSource, wildBenchmarkOf } from '../suites/wildagteval/suite';

/** The run's samples, each asked as many times as the run repeats them. */
export function sourceFor(run: RunPlan & Pick<RunCommon, 'repeats'>, packs: readonly Pack[], counter: TokenCounter): SampleSource {
  return withRepeats(plannedSource(run, packs, counter), run.repeats ?? 1);
}

/** What a run's samples are planned from: its suite's part, and the run-wide template, order and engine. */
type RunPlan = SuitePlan & Pick<RunCommon, 'template' | 'order' | 'engine'>;
type SourceBuilder<S extends SuiteId> = (run: RunPlan & { suite: S; config: SuiteConfigs[S] }, packs: readonly Pack[], counter: TokenCounter) => PlannedSource;

/** How each suite's samples are built from a run (the suite's declaration is in lib/suites/registry.ts). */
const SOURCES: { readonly [S in SuiteId]: SourceBuilder<S> } = {
  catalog: (run, packs, counter) => catalogSource({ packs, sweep: run.config, template: run.template, counter }),
  robustness: (run, packs, counter) => robustnessSource({ packs, config: run.config, template: run.template, counter }),
  'response-qa': (run, packs, counter) => responseQaSource({ packs, config: run.config, counter }),
  multiturn: (run, packs, counter) => multiturnSource({ packs, config: run.config, template: run.template, counter }),
  composition: (run, packs, counter) => compositionSource({ packs, config: run.config, counter }),
  'api-complexity': (run, packs, counter) => {
    // the built-in API system and its conversations, or the user's tools and requests
    const config = run.config;
    if (!config.packId) return apiComplexitySource({ config, counter });
    const pack = packs.find((p) => p.id === config.packId);
    if (!pack) throw new Error(`the tools pack '${config.packId}' of this run is not stored any more (deleted?)`);
    return apiComplexitySource({ config, counter, own: ownApiSetup(pack) });
  },
  wildagteval: (run, packs, counter) => {
    const config = run.config;
    if (!config) throw new Error('this WildAgtEval run has no configuration (it was read from published result logs)');
    const pack = packs.find((p) => p.id === config.packId);
    if (!pack) throw new Error(`the WildAgtEval pack '${config.packId}' of this run is not stored any more (deleted?)`);
    return wildAgtEvalSource({ config, bench: wildBenchmarkOf(pack), counter, model: run.engine.model });
  },
};

/** The builder of a run's suite, with the run it builds from (one cast: the compiler does not follow a suite id into its config's type). */
const buildSource = (run: RunPlan, packs: readonly Pack[], counter: TokenCounter): PlannedSource => (SOURCES[run.suite] as SourceBuilder<SuiteId>)(run as never, packs, counter);

function plannedSource(run: RunPlan, packs: readonly Pack[], counter: TokenCounter): SampleSource {
  // runs made before run orders existed ran in plan order
  return inRunOrder(buildSource(run, packs, counter), run.order ?? 'grid');
}
