/**
 * Analyses of a catalog sweep (LongFuncEval challenge 1): accuracy per
 * length × needle position (α) cell, position curves, the min / max / % degradation of
 * Tables 1, 5 and 6, and the error taxonomy.
 */
import type { SampleResult } from '../core/types';
import { formatTokens } from './format';
import { variantOf } from './sample-filter';

export interface CellStats {
  length: number;
  /** the needle's position α */
  alpha: number;
  n: number;
  correct: number;
  lenientCorrect: number;
  accuracy: number;
  lenientAccuracy: number;
  /** 95% Wilson score interval of the accuracy */
  low: number;
  high: number;
}

/** A cell of the catalog's grid, as a heatmap or a position curve names the one clicked. */
export type GridCell = Pick<CellStats, 'length' | 'alpha'>;

/** What a heatmap cell says on hover, in the app and in the runner's SVG alike: its accuracy (strict or lenient) and that accuracy's interval. */
export function heatCellTitle(c: CellStats, lenient = false): string {
  const [value, low, high] = lenient ? [c.lenientAccuracy, ...wilson(c.lenientCorrect, c.n)] : [c.accuracy, c.low, c.high];
  const pct = (x: number, digits: number) => (x * 100).toFixed(digits);
  return `${formatTokens(c.length)} tokens, α ${c.alpha}: ${pct(value, 1)}%${lenient ? ' lenient' : ''} of ${c.n} (95% Wilson interval ${pct(low, 0)}–${pct(high, 0)}%)`;
}

export function wilson(correct: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 0];
  const p = correct / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function cellStats(results: readonly SampleResult[]): CellStats[] {
  const cells = new Map<string, { length: number; alpha: number; n: number; correct: number; lenient: number }>();
  for (const r of results) {
    const alpha = r.cell.alpha ?? 0;
    const key = `${r.cell.length}|${alpha}`;
    const c = cells.get(key) ?? { length: r.cell.length, alpha, n: 0, correct: 0, lenient: 0 };
    c.n++;
    if (r.score.correct) c.correct++;
    if (r.score.lenientCorrect ?? r.score.correct) c.lenient++;
    cells.set(key, c);
  }
  return [...cells.values()]
    .sort((a, b) => a.length - b.length || a.alpha - b.alpha)
    .map((c) => {
      const [low, high] = wilson(c.correct, c.n);
      return { length: c.length, alpha: c.alpha, n: c.n, correct: c.correct, lenientCorrect: c.lenient, accuracy: c.correct / c.n, lenientAccuracy: c.lenient / c.n, low, high };
    });
}

export interface Degradation {
  min: number;
  max: number;
  /** (max − min) / max × 100; 0 when max is 0 */
  percent: number;
}

export function degradation(values: readonly number[]): Degradation | null {
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  return { min, max, percent: max > 0 ? ((max - min) / max) * 100 : 0 };
}

export interface DegradationTable {
  /** Table 1: over every length × position cell */
  overall: Degradation | null;
  /** Table 5: across lengths at the first position */
  acrossLengths: Degradation | null;
  acrossLengthsAt: number | null;
  /** Table 6: across positions at the largest length */
  acrossPositions: Degradation | null;
  acrossPositionsAt: number | null;
}

export function degradationTable(cells: readonly CellStats[]): DegradationTable {
  const positions = [...new Set(cells.map((c) => c.alpha))].sort((a, b) => a - b);
  const lengths = [...new Set(cells.map((c) => c.length))].sort((a, b) => a - b);
  const firstPos = positions[0] ?? null;
  const maxLen = lengths.at(-1) ?? null;
  return {
    overall: degradation(cells.map((c) => c.accuracy)),
    acrossLengths: degradation(cells.filter((c) => c.alpha === firstPos).map((c) => c.accuracy)),
    acrossLengthsAt: firstPos,
    acrossPositions: degradation(cells.filter((c) => c.length === maxLen).map((c) => c.accuracy)),
    acrossPositionsAt: maxLen,
  };
}

export interface ErrorCount {
  key: string;
  count: number;
}

/** Failures per error class (robustness-paper taxonomy, plus context overflow and engine errors). */
export function errorTaxonomy(results: readonly SampleResult[]): ErrorCount[] {
  const counts = new Map<string, number>();
  for (const r of results) {
    if (r.score.correct) continue;
    const key = r.score.errorClass ?? r.score.errorType ?? 'unknown';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count);
}

export interface VariantSummary {
  variant: string;
  n: number;
  accuracy: number;
  /** shares of all samples of the variant, by the robustness paper's classes */
  wrongSyntax: number;
  /** of those format errors, the right call written in another call format; undefined for results scored before it was measured */
  rightCallOtherFormat: number | undefined;
  wrongFunction: number;
  wrongCount: number;
  wrongParameter: number;
  other: number;
}

/** Free vs constrained (or any variants) side by side: where the failures went. */
export function variantSummary(results: readonly SampleResult[]): VariantSummary[] {
  const groups = new Map<string, SampleResult[]>();
  for (const r of results) {
    const v = variantOf(r);
    const list = groups.get(v) ?? [];
    list.push(r);
    groups.set(v, list);
  }
  return [...groups.entries()].map(([variant, rs]) => {
    const share = (pred: (r: SampleResult) => boolean) => rs.filter(pred).length / rs.length;
    const cls = (c: string) => (r: SampleResult) => !r.score.correct && r.score.errorClass === c;
    return {
      variant,
      n: rs.length,
      accuracy: share((r) => r.score.correct),
      wrongSyntax: share(cls('wrong_syntax')),
      rightCallOtherFormat: rs.some((r) => cls('wrong_syntax')(r) && r.score.rightCallOtherFormat === undefined) ? undefined : share((r) => !r.score.correct && r.score.rightCallOtherFormat === true),
      wrongFunction: share(cls('wrong_function')),
      wrongCount: share(cls('wrong_count')),
      wrongParameter: share(cls('wrong_parameter')),
      other: share((r) => !r.score.correct && !['wrong_syntax', 'wrong_function', 'wrong_count', 'wrong_parameter'].includes(r.score.errorClass ?? '')),
    };
  });
}
