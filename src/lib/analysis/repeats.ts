/**
 * A run that asks each sample several times (`repeats`), read back per planned sample: how far
 * accuracy moves from one repeat to the next, how many samples a model gets right every time
 * (pass^k) or at least once (pass@k), and an interval that counts samples, not answers — the answers
 * to one sample are not independent, so a Wilson interval over all of them is too narrow.
 */
import { repeatOf } from '../core/sample-source';
import { type Cell, cellKey, type SampleResult } from '../core/types';
import { mean, sampleVariance } from './stats';

interface RepeatAccuracy {
  repeat: number;
  n: number;
  accuracy: number;
}

interface RepeatGroupStats {
  /** planned samples with at least one answer */
  samples: number;
  /** of those, the ones with every repeat answered (the shares below are over these) */
  complete: number;
  /** mean over the repeats' accuracies */
  meanAccuracy: number;
  /** sample standard deviation of the repeats' accuracies (0 with one repeat) */
  sdAccuracy: number;
  minAccuracy: number;
  maxAccuracy: number;
  /** right in every repeat (pass^k) */
  allRight: number;
  /** right in at least one repeat (pass@k) */
  anyRight: number;
  /** right in some repeats and wrong in others */
  mixed: number;
  /** every repeat wrote exactly the same output */
  identicalOutputs: number;
  /** 95% interval of the accuracy with each planned sample as the unit (its answers' mean), normal approximation */
  low: number;
  high: number;
}

export interface RepeatSummary extends RepeatGroupStats {
  repeats: number;
  perRepeat: RepeatAccuracy[];
  /** the same figures cell by cell, when the run has more than one cell */
  cells: (RepeatGroupStats & { cell: Cell })[];
}

interface Group {
  cell: Cell;
  answers: Map<number, { correct: boolean; output: string }>;
}

/** The summary of a repeated run's results; null when no result is a repeat (a run asked once). */
export function repeatSummary(results: readonly SampleResult[]): RepeatSummary | null {
  let repeats = 1;
  const groups = new Map<string, Group>();
  for (const r of results) {
    const { base, repeat } = repeatOf(r.sampleId);
    repeats = Math.max(repeats, repeat);
    let g = groups.get(base);
    if (!g) groups.set(base, (g = { cell: r.cell, answers: new Map() }));
    g.answers.set(repeat, { correct: r.score.correct, output: r.output });
  }
  if (repeats < 2) return null;
  const all = [...groups.values()];
  const byCell = new Map<string, Group[]>();
  for (const g of all) {
    const key = cellKey(g.cell);
    const list = byCell.get(key);
    if (list) list.push(g);
    else byCell.set(key, [g]);
  }
  const perRepeat = Array.from({ length: repeats }, (_, i) => accuracyOfRepeat(all, i + 1));
  return {
    repeats,
    perRepeat,
    ...groupStats(all, repeats),
    cells: byCell.size > 1 ? [...byCell.values()].map((gs) => ({ cell: (gs[0] as Group).cell, ...groupStats(gs, repeats) })) : [],
  };
}

function accuracyOfRepeat(groups: readonly Group[], repeat: number): RepeatAccuracy {
  let n = 0;
  let correct = 0;
  for (const g of groups) {
    const a = g.answers.get(repeat);
    if (!a) continue;
    n++;
    if (a.correct) correct++;
  }
  return { repeat, n, accuracy: n ? correct / n : 0 };
}

function groupStats(groups: readonly Group[], repeats: number): RepeatGroupStats {
  const accuracies = Array.from({ length: repeats }, (_, i) => accuracyOfRepeat(groups, i + 1))
    .filter((a) => a.n > 0)
    .map((a) => a.accuracy);
  let complete = 0;
  let allRight = 0;
  let anyRight = 0;
  let identical = 0;
  const sampleMeans: number[] = [];
  for (const g of groups) {
    const answers = [...g.answers.values()];
    const right = answers.filter((a) => a.correct).length;
    sampleMeans.push(right / answers.length);
    if (answers.length < repeats) continue;
    complete++;
    if (right === repeats) allRight++;
    if (right > 0) anyRight++;
    if (answers.every((a) => a.output === (answers[0] as { output: string }).output)) identical++;
  }
  const centre = mean(sampleMeans);
  const half = sampleMeans.length > 1 ? (1.96 * Math.sqrt(sampleVariance(sampleMeans))) / Math.sqrt(sampleMeans.length) : 0;
  const share = (k: number) => (complete ? k / complete : 0);
  return {
    samples: groups.length,
    complete,
    meanAccuracy: mean(accuracies),
    sdAccuracy: Math.sqrt(sampleVariance(accuracies)),
    minAccuracy: accuracies.length ? Math.min(...accuracies) : 0,
    maxAccuracy: accuracies.length ? Math.max(...accuracies) : 0,
    allRight: share(allRight),
    anyRight: share(anyRight),
    mixed: share(anyRight - allRight),
    identicalOutputs: share(identical),
    low: Math.max(0, centre - half),
    high: Math.min(1, centre + half),
  };
}
