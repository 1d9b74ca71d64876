/**
 * Analyses of LongFuncEval's challenges 2 (tool-response QA) and 3 (long
 * multi-turn): accuracy grouped by any key (length, needle position, answer record, category,
 * endpoint, nesting depth, setting), the curves of Figure 4, the min / max /
 * % degradation of Table 7 and the settings × lengths table of Table 2.
 */
import type { SampleResult } from '../core/types';
import { degradation, type Degradation, wilson } from './catalog';
import { csvText } from './csv';
import { mean } from './stats';

export interface GroupStats {
  key: string | number;
  n: number;
  correct: number;
  accuracy: number;
  /** the paper's 'contains' metric (QA only; equals accuracy elsewhere) */
  containsAccuracy: number;
  /** 95% Wilson interval of the accuracy */
  low: number;
  high: number;
}

export type KeyOf = (r: SampleResult) => string | number | undefined;

export const byLength: KeyOf = (r) => r.cell.length;
/** The prompt lengths a run's results hold, shortest first. */
export const lengthsOf = (results: readonly SampleResult[]): number[] => [...new Set(results.map((r) => r.cell.length))].sort((a, b) => a - b);
export const byAlpha: KeyOf = (r) => r.cell.alpha;
const byRecord: KeyOf = (r) => r.cell.record;
const byVariant: KeyOf = (r) => r.cell.variant;
export const byFacet =
  (name: string): KeyOf =>
  (r) =>
    r.facets?.[name];

/** Accuracy per key, keys in ascending order (numbers numerically). Results without a key are left out. */
export function accuracyBy(results: readonly SampleResult[], key: KeyOf): GroupStats[] {
  const groups = new Map<string | number, { n: number; correct: number; contains: number }>();
  for (const r of results) {
    const k = key(r);
    if (k === undefined) continue;
    const g = groups.get(k) ?? { n: 0, correct: 0, contains: 0 };
    g.n++;
    if (r.score.correct) g.correct++;
    if (r.score.contains ?? r.score.correct) g.contains++;
    groups.set(k, g);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))))
    .map(([k, g]) => {
      const [low, high] = wilson(g.correct, g.n);
      return { key: k, n: g.n, correct: g.correct, accuracy: g.correct / g.n, containsAccuracy: g.contains / g.n, low, high };
    });
}

/** Response QA: experiment 1 (size ladder at p = 1) and experiment 2 (positions at the largest size). */
export function qaCurves(results: readonly SampleResult[]): { bySize: GroupStats[]; byPosition: GroupStats[] } {
  return {
    bySize: accuracyBy(
      results.filter((r) => r.cell.variant === 'size'),
      byLength,
    ),
    byPosition: accuracyBy(
      results.filter((r) => r.cell.variant === 'position'),
      byRecord,
    ),
  };
}

/** Table 7: min, max and % degradation across sizes and across answer positions. */
export function qaDegradation(results: readonly SampleResult[]): { acrossSizes: Degradation | null; acrossPositions: Degradation | null } {
  const { bySize, byPosition: positions } = qaCurves(results);
  return { acrossSizes: degradation(bySize.map((g) => g.accuracy)), acrossPositions: degradation(positions.map((g) => g.accuracy)) };
}

export interface SettingsRow {
  setting: string;
  cells: GroupStats[];
  degradation: Degradation | null;
}

/** Table 2: one row per setting, one column per conversation length. */
export function settingsTable(results: readonly SampleResult[]): { lengths: number[]; rows: SettingsRow[] } {
  const lengths = lengthsOf(results);
  const rows = accuracyBy(results, byVariant).map((s) => {
    const cells = accuracyBy(
      results.filter((r) => r.cell.variant === s.key),
      byLength,
    );
    return { setting: String(s.key), cells, degradation: degradation(cells.map((c) => c.accuracy)) };
  });
  return { lengths, rows };
}

/** CSV of grouped statistics, one row per group (and per series when several runs are compared). */
export function groupsCsv(series: readonly { name: string; groups: readonly GroupStats[] }[], keyName: string): string {
  const rows = series.flatMap((s) => s.groups.map((g) => [s.name, g.key, g.n, g.correct, g.accuracy.toFixed(4), g.containsAccuracy.toFixed(4), g.low.toFixed(4), g.high.toFixed(4)]));
  return csvText(['series', keyName, 'n', 'correct', 'accuracy', 'contains_accuracy', 'ci_low', 'ci_high'], rows);
}

/** Table 7 (degradation across response sizes and positions) of one or several runs as CSV. */
export function table7Csv(series: readonly { name: string; table: ReturnType<typeof qaDegradation> }[]): string {
  const f = (v: number | undefined) => (v === undefined ? '' : v.toFixed(4));
  const rows = series.map(({ name, table: { acrossSizes: s, acrossPositions: p } }) => [name, f(s?.min), f(s?.max), s?.percent.toFixed(2) ?? '', f(p?.min), f(p?.max), p?.percent.toFixed(2) ?? '']);
  return csvText(['run', 'size_min', 'size_max', 'size_degradation_pct', 'position_min', 'position_max', 'position_degradation_pct'], rows);
}

/** The conversation lengths of LongFuncEval's Table 2 (challenge 3), "10K" to "80K" tokens, in this app's K of 1,024. */
const PAPER_TABLE2_LENGTHS = [10, 20, 40, 80].map((k) => k * 1024);

/**
 * LongFuncEval's own Table 2 (Kate et al., challenge 3): each model's AST accuracy at 10K–80K-token
 * conversations, in setting 1 (unstructured: the fact in prose) and setting 2 (structured: in a tool's JSON).
 */
const PAPER_TABLE2: readonly { model: string; prose: readonly number[]; structured: readonly number[] }[] = [
  { model: 'ToolACE-8B', prose: [0.24, 0.15, 0.11, 0.1], structured: [0.91, 0.74, 0.67, 0.29] },
  { model: 'BitAgent-8B', prose: [0.49, 0.41, 0.24, 0.28], structured: [0.87, 0.66, 0.51, 0.32] },
  { model: 'Granite-3.1-8B-Instruct', prose: [0.15, 0.06, 0.07, 0.05], structured: [0.82, 0.54, 0.24, 0.04] },
  { model: 'Llama-3.1-8B-Instruct', prose: [0.1, 0.22, 0.24, 0.24], structured: [0.22, 0.18, 0.23, 0.1] },
  { model: 'DeepSeek-R1-Distill-Qwen-32B', prose: [0.4, 0.07, 0.12, 0.1], structured: [0.23, 0.03, 0.07, 0.02] },
  { model: 'Llama-3.1-70B-Instruct', prose: [0.96, 0.98, 0.99, 0.99], structured: [0.38, 0.31, 0.35, 0.19] },
];

/** The paper's Table 2 averaged over its six models, per setting and length: a reference beside a run's curve, never a run. */
export function paperTable2Averages(): { setting: 'prose' | 'structured'; points: { length: number; accuracy: number }[] }[] {
  return (['prose', 'structured'] as const).map((setting) => ({
    setting,
    points: PAPER_TABLE2_LENGTHS.map((length, i) => ({ length, accuracy: mean(PAPER_TABLE2.map((m) => m[setting][i] ?? 0)) })),
  }));
}
