/**
 * What the first view shows: the tool catalog's accuracy by prompt length and by needle position,
 * one curve per model, each point with its 95% interval clustered by request (an interval over the
 * requests asked, not the samples: `clustered.ts`); and for each paper's effect, the best-powered
 * finding among the recorded runs, in one sentence.
 */
import type { SampleResult } from '../core/types';
import { clusteredShare, requestOf } from './clustered';
import { EFFECTS, type EffectFinding, measureEffect } from './findings';

export interface CurvePoint {
  x: number;
  y: number;
  low: number;
  high: number;
  /** samples at this point */
  n: number;
  /** different requests among them */
  requests: number;
}

/** Accuracy at each value of `key` over the answered results, with intervals resampling requests. */
export function accuracyCurve(results: readonly SampleResult[], key: (r: SampleResult) => number): CurvePoint[] {
  const keys = [...new Set(results.map(key))].sort((a, b) => a - b);
  return keys.map((x) => {
    const here = results.filter((r) => key(r) === x);
    const s = clusteredShare(here, (r) => (r.score.correct ? 1 : 0), requestOf, `curve:${x}`);
    return { x, y: s.value, low: s.low, high: s.high, n: s.samples, requests: s.clusters };
  });
}

/** A recorded run the first view reads: its model, its suite, its answered results. */
export interface RecordedRun<K = string> {
  key: K;
  model: string;
  suite: string;
  results: readonly SampleResult[];
  /** the command that re-records it, where it is known */
  command?: string;
}

export interface EffectLine<K> {
  effectId: string;
  /** the run that measured it best (the most samples among the runs that hold its pairs), or null */
  best: { run: RecordedRun<K>; finding: EffectFinding } | null;
}

/** One row of the findings table: an effect measured on one model's best-powered recording of it. */
export interface EffectRow<K> {
  effectId: string;
  model: string;
  run: RecordedRun<K>;
  finding: EffectFinding;
}

/**
 * The findings table: for every paper's effect and every model, the recorded run of that model that
 * measures it on the most samples (effects in their declared order, models by their most samples).
 */
export function effectRows<K>(runs: readonly RecordedRun<K>[]): EffectRow<K>[] {
  const bySize = [...runs].sort((a, b) => b.results.length - a.results.length);
  return EFFECTS.flatMap((e) => {
    const rows = new Map<string, EffectRow<K>>();
    for (const run of bySize.filter((r) => r.suite === e.suite)) {
      if (rows.has(run.model)) continue;
      const finding = measureEffect(e, run.results);
      if (finding) rows.set(run.model, { effectId: e.id, model: run.model, run, finding });
    }
    return [...rows.values()];
  });
}

/** Every paper's effect, with the recorded run that measures it on the most samples (none: not yet recorded). */
export function effectLines<K>(runs: readonly RecordedRun<K>[]): EffectLine<K>[] {
  const rows = effectRows(runs);
  return EFFECTS.map((e) => {
    // rows of an effect come best-powered first
    const best = rows.find((r) => r.effectId === e.id);
    return { effectId: e.id, best: best ? { run: best.run, finding: best.finding } : null };
  });
}
