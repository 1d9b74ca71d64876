/**
 * The API-complexity suite's tables: the paper's Table 3 (isolated: API call accuracy off and on per
 * complexity type, relative degradation, the hardest type), error-handling scores for the error
 * scenarios, Figure 4 (cumulative ladder), and retention ratios with and without coreferences.
 *
 * API call accuracy is the mean over turns of the per-turn indicator (the paper's definition);
 * WildAgtEval's README number, the share of episodes whose every turn succeeded, is given beside it.
 */
import type { SampleResult } from '../core/types';
import { mean } from './stats';
import { csvText } from './csv';

export interface Accuracy {
  /** turns scored */
  turns: number;
  /** mean over turns of the per-turn indicator, 0..1 (null: nothing scored) */
  accuracy: number | null;
  episodes: number;
  /** episodes whose every turn succeeded, 0..1 */
  successRate: number | null;
}

export function accuracyOf(results: readonly SampleResult[]): Accuracy {
  const turns = results.flatMap((r) => r.score.api?.turns ?? []);
  const scored = results.filter((r) => r.score.api);
  return {
    turns: turns.length,
    accuracy: turns.length ? turns.filter((t) => t.success).length / turns.length : null,
    episodes: scored.length,
    successRate: scored.length ? scored.filter((r) => (r.score.api?.turns ?? []).every((t) => t.success) && (r.score.api?.turns.length ?? 0) > 0).length / scored.length : null,
  };
}

interface TypeRow {
  type: string;
  /** target points with both sides run */
  pairs: number;
  off: Accuracy;
  on: Accuracy;
  /** (off − on) / off, in % (null when off is 0 or missing) */
  degradation: number | null;
}

interface ErrorRow {
  type: string;
  fn: string;
  n: number;
  /** mean 1–5 score */
  score: number;
  judge: string;
}

export interface Table3 {
  rows: TypeRow[];
  /** mean of the rows' degradations */
  averageDegradation: number | null;
  /** the type with the largest degradation */
  hardest: string | null;
  errors: ErrorRow[];
}

const facet = (r: SampleResult, k: string): string => String(r.facets?.[k] ?? '');

/** Results of one isolated type, only target points with both sides done (paired), and how many such points (a repeated run has several answers a side). */
function paired(results: readonly SampleResult[], type: string): { off: SampleResult[]; on: SampleResult[]; points: number } {
  const mine = results.filter((r) => facet(r, 'mode') === 'isolated' && facet(r, 'type') === type && !r.error);
  const key = (r: SampleResult) => `${facet(r, 'target')}|${facet(r, 'wording')}`;
  const offKeys = new Set(mine.filter((r) => r.cell.variant === 'off').map(key));
  const onKeys = new Set(mine.filter((r) => r.cell.variant === 'on').map(key));
  const both = (r: SampleResult) => offKeys.has(key(r)) && onKeys.has(key(r));
  return { off: mine.filter((r) => r.cell.variant === 'off' && both(r)), on: mine.filter((r) => r.cell.variant === 'on' && both(r)), points: [...offKeys].filter((k) => onKeys.has(k)).length };
}

const degradation = (off: number | null, on: number | null): number | null => (off === null || on === null || off === 0 ? null : ((off - on) / off) * 100);

export function table3(results: readonly SampleResult[]): Table3 {
  const types = [...new Set(results.filter((r) => facet(r, 'mode') === 'isolated').map((r) => facet(r, 'type')))];
  const rows: TypeRow[] = [];
  const errors: ErrorRow[] = [];
  for (const type of types) {
    const { off, on, points } = paired(results, type);
    // a judged error scenario stands alone (WildAgtEval's error experiments have no off side)
    const judged = results.filter((r) => facet(r, 'mode') === 'isolated' && facet(r, 'type') === type && r.cell.variant === 'on' && !r.error && r.score.api?.errorHandling);
    if (judged.length > 0) {
      for (const fn of [...new Set(judged.map((r) => facet(r, 'fn')))]) {
        const mine = judged.filter((r) => facet(r, 'fn') === fn);
        errors.push({ type, fn, n: mine.length, score: mean(mine.map((r) => r.score.api?.errorHandling?.score ?? 0)), judge: mine[0]?.score.api?.errorHandling?.judge ?? '' });
      }
      continue;
    }
    // not judged yet, or no target point with both sides run: nothing to compare
    if (on.length === 0) continue;
    const a = accuracyOf(off);
    const b = accuracyOf(on);
    rows.push({ type, pairs: points, off: a, on: b, degradation: degradation(a.accuracy, b.accuracy) });
  }
  const degs = rows.map((r) => r.degradation).filter((d): d is number => d !== null);
  const hardest = rows.reduce<TypeRow | null>((best, r) => (r.degradation !== null && (best === null || r.degradation > (best.degradation ?? -Infinity)) ? r : best), null);
  return { rows, averageDegradation: degs.length ? mean(degs) : null, hardest: hardest && (hardest.degradation ?? 0) > 0 ? hardest.type : null, errors };
}

/**
 * The paper's own Table 3: its ten models' average API-call accuracy with the complexity off and on,
 * and its average degradation in %, for the four types it has a column for (the bottom rows of
 * Table 3, Kim et al., 2025) — drawn beside a run's rows as the paper's reference, never as a run.
 */
export const PAPER_TABLE3: Readonly<Partial<Record<string, { off: number; on: number; degradation: number }>>> = {
  ad_hoc: { off: 0.663, on: 0.585, degradation: 13.4 },
  unclear: { off: 0.48, on: 0.434, degradation: 10.6 },
  notice: { off: 0.753, on: 0.734, degradation: 2.48 },
  irrelevant: { off: 0.598, on: 0.47, degradation: 27.3 },
};

/** The degradation Table 3 prints for its agent-wise average column (its four types' own average to 13.4). */
export const PAPER_AVERAGE_DEGRADATION = 12.0;

export interface LadderRow {
  rung: string;
  /** over the answered episodes */
  acc: Accuracy;
  /** episodes that ended in an error: no answer, in no figure */
  unanswered: number;
  /** of those, episodes whose prompt did not fit the model's window */
  overflowed: number;
  /** relative to the first rung, in % */
  degradation: number | null;
}

/**
 * Figure 4: API call accuracy per rung of the cumulative ladder, in ladder order. Every rung a run
 * asked is a row, answered or not: a rung whose prompts did not fit the window is shown as such,
 * never left out.
 */
export function ladder(results: readonly SampleResult[], order: readonly string[]): LadderRow[] {
  const mine = results.filter((r) => facet(r, 'mode') === 'cumulative');
  const rungs = order.filter((n) => mine.some((r) => facet(r, 'rung') === n));
  const rows = rungs.map((rung) => {
    const asked = mine.filter((r) => facet(r, 'rung') === rung);
    const failed = asked.filter((r) => r.error);
    return { rung, acc: accuracyOf(asked.filter((r) => !r.error)), unanswered: failed.length, overflowed: failed.filter((r) => r.error?.kind === 'context_overflow').length };
  });
  const first = rows[0]?.acc.accuracy ?? null;
  return rows.map((r) => ({ ...r, degradation: degradation(first, r.acc.accuracy) }));
}

/** What a rung's figure leaves out, in words: "" when every episode was answered. */
export function unansweredWords(row: Pick<LadderRow, 'unanswered' | 'overflowed'>): string {
  if (row.unanswered === 0) return '';
  const other = row.unanswered - row.overflowed;
  const parts = [row.overflowed ? `${row.overflowed} did not fit the window` : '', other ? `${other} ended in an error` : ''].filter(Boolean);
  return `${row.unanswered} episode${row.unanswered === 1 ? '' : 's'} unanswered (${parts.join(', ')})`;
}

export interface RetentionRow {
  type: string;
  wording: string;
  /** accuracy on / accuracy off */
  ratio: number | null;
  pairs: number;
}

/** The paper's retention ratio (performance after / before the complexity), with and without coreferences. */
export function retention(results: readonly SampleResult[]): RetentionRow[] {
  const out: RetentionRow[] = [];
  const types = [...new Set(results.filter((r) => facet(r, 'mode') === 'isolated').map((r) => facet(r, 'type')))];
  for (const type of types)
    for (const wording of ['coref', 'resolved']) {
      const { off, on } = paired(
        results.filter((r) => facet(r, 'wording') === wording),
        type,
      );
      if (on.length === 0 || on.some((r) => r.score.api?.errorHandling)) continue;
      const a = accuracyOf(off).accuracy;
      const b = accuracyOf(on).accuracy;
      out.push({ type, wording, ratio: a === null || b === null || a === 0 ? null : b / a, pairs: on.length });
    }
  return out;
}

/** Table 3 of one or several runs as CSV. */
export function table3Csv(series: readonly { name: string; table: Table3 }[]): string {
  const num = (v: number | null) => (v === null ? '' : v.toFixed(4));
  const rows = series.flatMap((s) =>
    s.table.rows.map((r) => [s.name, r.type, r.pairs, r.off.turns, num(r.off.accuracy), r.on.turns, num(r.on.accuracy), r.degradation === null ? '' : r.degradation.toFixed(2)]),
  );
  return csvText(['run', 'type', 'pairs', 'turns_off', 'accuracy_off', 'turns_on', 'accuracy_on', 'degradation_pct'], rows);
}
