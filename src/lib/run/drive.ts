/**
 * One run, driven the same way in the tab's worker and in the headless runner: the run's samples
 * (its suite, order and repeats: `sourceBuilder`), each asked of the engine with the run-wide request
 * (temperature, answer tokens, KV reuse), scored and stored by the loop; its outcome as the run's
 * status. The callers only choose the engine, the token counter and the store.
 */
import { type AsyncCounting, buildCounted } from '../context/prefetched-counter';
import type { TokenCounter } from '../context/token-counter';
import type { SampleSource } from '../core/sample-source';
import type { Pack, RunEngine } from '../core/types';
import { type ResultStore, type RunOptions, type RunOutcome, runSamples } from './loop';
import type { RunRow, RunStatus } from './run-row';
import { type RunPlan, sourceBuilder } from './sources';

export interface DriveOptions extends Pick<RunOptions, 'store' | 'signal' | 'concurrency' | 'onProgress' | 'onToken' | 'recover'> {
  run: RunRow;
  packs: readonly Pack[];
  engine: RunEngine;
  counter: TokenCounter;
  /** prompts measured with a server's tokenizer: each sample is measured before it is built */
  counting: AsyncCounting | null;
  /** once the samples are planned, before any request: may refuse the run by throwing */
  onPlanned?: (source: SampleSource) => Promise<void>;
  store: ResultStore;
}

/** A stopped run is paused (it resumes where it stopped), unless the user cancelled it. */
function statusOf(outcome: RunOutcome): RunStatus {
  if (outcome.status === 'completed') return 'completed';
  if (outcome.status === 'failed') return 'failed';
  return outcome.reason === 'cancel' ? 'cancelled' : 'paused';
}

/** The run's samples, as the loop will ask them (measured with the run's tokenizer); a run not started yet has them too. */
export async function plannedSource(run: RunPlan, packs: readonly Pack[], counter: TokenCounter, counting: AsyncCounting | null): Promise<SampleSource> {
  const build = await sourceBuilder(run);
  return buildCounted(counting, () => build(packs, counter));
}

export async function driveRun(o: DriveOptions): Promise<{ outcome: RunOutcome; status: RunStatus; source: SampleSource }> {
  const { run, counting } = o;
  const source = await plannedSource(run, o.packs, o.counter, counting);
  await o.onPlanned?.(source);
  const outcome = await runSamples({
    runId: run.id,
    source,
    engine: o.engine,
    store: o.store,
    request: { ...run.request, ...(run.kvReuse ? { kvReuse: true } : {}) },
    format: run.format,
    constrained: run.constrained,
    calls: run.engine.calls,
    ...(counting ? { prepare: async (id: string) => void (await buildCounted(counting, () => source.build(id))) } : {}),
    signal: o.signal,
    ...(o.concurrency ? { concurrency: o.concurrency } : {}),
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
    ...(o.onToken ? { onToken: o.onToken } : {}),
    ...(o.recover ? { recover: o.recover } : {}),
  });
  return { outcome, status: statusOf(outcome), source };
}
