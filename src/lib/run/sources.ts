/** The samples of a stored run, whatever its suite. */
import type { TokenCounter } from '../context/token-counter';
import type { Pack } from '../core/types';
import type { RunCommon } from './run-row';
import { inRunOrder, type SampleSource, withRepeats } from '../core/sample-source';
import { SUITES, type SuitePlan } from '../suites/registry';
import type { SuiteSource } from '../suites/declaration';

/** What a run's samples are planned from: its suite's part, and the run-wide template, order and engine. */
export type RunPlan = SuitePlan & Pick<RunCommon, 'template' | 'order' | 'engine' | 'repeats'>;

/**
 * The run's samples, in its order, each asked as many times as the run repeats them: a function of
 * the packs and the token counter, its suite's builder loaded first (the page carries none of them).
 */
export async function sourceBuilder(run: RunPlan): Promise<(packs: readonly Pack[], counter: TokenCounter) => SampleSource> {
  // one widening: a suite's builder reads the configuration of its own runs
  const build = (await SUITES[run.suite].source()) as SuiteSource<unknown>;
  // runs made before run orders existed ran in plan order
  return (packs, counter) => withRepeats(inRunOrder(build({ config: run.config, template: run.template, model: run.engine.model }, packs, counter), run.order ?? 'grid'), run.repeats ?? 1);
}

/** The run's samples, as `sourceBuilder` builds them. */
export async function sourceFor(run: RunPlan, packs: readonly Pack[], counter: TokenCounter): Promise<SampleSource> {
  return (await sourceBuilder(run))(packs, counter);
}
