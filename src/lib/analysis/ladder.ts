/**
 * The model ladder: each recording set against a smaller model's recording of the same samples (the
 * same requests, distractors and prompts: a sample's id is its content's), compared sample by sample
 * — the difference, its interval and its test over requests (`pairResults`).
 */
import { repeatOf } from '../core/sample-source';
import type { RecordedRun } from './first-view';
import { pairResults, type PairedComparison } from './paired';

/** A recorded run and its model's size in parameters: the ladder's order. */
export type SizedRun<K> = RecordedRun<K> & { parameters: number };

/** B, the larger model's recording, against A, the smaller one's, on the samples both asked. */
export interface LadderStep<K> {
  a: SizedRun<K>;
  b: SizedRun<K>;
  paired: PairedComparison;
}

/**
 * The recordings paired across models: each recording against a smaller model's recording of the same
 * suite that shares samples with it — the next rung down first (the largest smaller model), then the
 * recording sharing the most samples — each recording paired at most once as B and once as A, so a
 * small recording beside a large one of the same samples is not paired twice. Suites in the order the
 * runs list them; within one, the smaller A first.
 */
export function modelLadder<K>(runs: readonly SizedRun<K>[]): LadderStep<K>[] {
  const ids = new Map(runs.map((run) => [run, new Set(run.results.map((r) => repeatOf(r.sampleId).base))]));
  const shared = (a: SizedRun<K>, b: SizedRun<K>): number => {
    const inA = ids.get(a) ?? new Set<string>();
    let n = 0;
    for (const id of ids.get(b) ?? []) if (inA.has(id)) n++;
    return n;
  };
  const candidates = runs.flatMap((b) => runs.filter((a) => a.suite === b.suite && a.parameters < b.parameters).map((a) => ({ a, b, n: shared(a, b) })));
  candidates.sort((x, y) => y.a.parameters - x.a.parameters || y.n - x.n);
  const asA = new Set<SizedRun<K>>();
  const asB = new Set<SizedRun<K>>();
  const steps: LadderStep<K>[] = [];
  for (const { a, b, n } of candidates) {
    if (n === 0 || asA.has(a) || asB.has(b)) continue;
    const paired = pairResults(a.results, b.results);
    if (!paired) continue;
    asA.add(a);
    asB.add(b);
    steps.push({ a, b, paired });
  }
  const suites = [...new Set(runs.map((r) => r.suite))];
  const order = (s: LadderStep<K>) => runs.indexOf(s.b);
  return steps.sort((x, y) => suites.indexOf(x.b.suite) - suites.indexOf(y.b.suite) || x.a.parameters - y.a.parameters || order(x) - order(y));
}
