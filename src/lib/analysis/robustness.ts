/**
 * The robustness paper's Table 2 for one run: accuracy of the original,
 * rephrased and expanded-toolkit variants with relative drops, the error
 * classes among expanded-toolkit failures, strict vs lenient matching of the
 * rephrased requests (how much of the drop is the evaluation's), and the
 * requests the expansion "repaired".
 */
import { repeatOf } from '../core/sample-source';
import type { SampleResult } from '../core/types';
import { variantSummary } from './catalog';
import { mean } from './stats';

interface RobustnessRow {
  variant: string;
  n: number;
  accuracy: number;
  lenientAccuracy: number;
  /** relative drop from the original variant, in % (null for the original itself or without it) */
  drop: number | null;
  lenientDrop: number | null;
}

export interface RobustnessTable {
  rows: RobustnessRow[];
  /** shares among the expanded variant's failures (each 0..1), as the paper's Table 2 (right) */
  expandedErrors: { failures: number; wrongSyntax: number; wrongFunction: number; wrongCount: number; wrongParameter: number; other: number } | null;
  /** share of the rephrasing drop that lenient matching removes (0..1), null without a drop */
  evaluationShare: number | null;
  /** items that failed as written and passed with the expanded toolkit */
  repaired: string[];
  /** items that passed as written and failed with the expanded toolkit */
  broken: string[];
}

const acc = (rs: readonly SampleResult[], lenient: boolean) => (rs.length ? rs.filter((r) => (lenient ? (r.score.lenientCorrect ?? r.score.correct) : r.score.correct)).length / rs.length : 0);

export function robustnessTable(results: readonly SampleResult[]): RobustnessTable {
  const by = new Map<string, SampleResult[]>();
  for (const r of results) {
    const v = r.cell.variant ?? 'original';
    const list = by.get(v);
    if (list) list.push(r);
    else by.set(v, [r]);
  }
  const original = by.get('original');
  const base = original ? acc(original, false) : null;
  const baseLenient = original ? acc(original, true) : null;
  const rows = [...by.entries()].map(([variant, rs]) => {
    const a = acc(rs, false);
    const l = acc(rs, true);
    return {
      variant,
      n: rs.length,
      accuracy: a,
      lenientAccuracy: l,
      drop: variant === 'original' ? null : relativeDrop(a, base),
      lenientDrop: variant === 'original' ? null : relativeDrop(l, baseLenient),
    };
  });

  const expanded = by.get('expanded');
  let expandedErrors: RobustnessTable['expandedErrors'] = null;
  if (expanded) {
    const s = variantSummary(expanded)[0];
    const failures = expanded.filter((r) => !r.score.correct).length;
    const f = failures / expanded.length;
    if (s)
      expandedErrors = {
        failures,
        wrongSyntax: f ? s.wrongSyntax / f : 0,
        wrongFunction: f ? s.wrongFunction / f : 0,
        wrongCount: f ? s.wrongCount / f : 0,
        wrongParameter: f ? s.wrongParameter / f : 0,
        other: f ? s.other / f : 0,
      };
  }

  const rephrased = rows.find((r) => r.variant === 'rephrased');
  let evaluationShare: number | null = null;
  if (rephrased && base !== null && baseLenient !== null) {
    const strictDrop = base - rephrased.accuracy;
    const lenientDrop = baseLenient - rephrased.lenientAccuracy;
    if (strictDrop > 0) evaluationShare = Math.max(0, Math.min(1, (strictDrop - lenientDrop) / strictDrop));
  }

  // answers of a repeated run pair repeat by repeat
  const pairKey = (r: SampleResult) => {
    const { repeat } = repeatOf(r.sampleId);
    return repeat > 1 ? `${r.itemId} (repeat ${repeat})` : (r.itemId as string);
  };
  const verdict = (rs: readonly SampleResult[] | undefined) => new Map((rs ?? []).filter((r) => r.itemId).map((r) => [pairKey(r), r.score.correct]));
  const before = verdict(original);
  const after = verdict(expanded);
  const repaired: string[] = [];
  const broken: string[] = [];
  for (const [item, ok] of before) {
    const then = after.get(item);
    if (then === undefined) continue;
    if (!ok && then) repaired.push(item);
    if (ok && !then) broken.push(item);
  }
  return { rows, expandedErrors, evaluationShare, repaired, broken };
}

/**
 * The Robustness paper's own Table 2 (Rabinovich and Anaby-Tavor): each agent's AST accuracy on the
 * original request, the rephrased request and the expanded toolkit, and the shares of the
 * expanded-toolkit failures by cause — averaged over its nine agents (8B–72B and API models) as a
 * reference beside a run's row, never a run.
 */
const PAPER_TABLE2: readonly (readonly [original: number, rephrased: number, expanded: number, syntax: number, fn: number, count: number, parameter: number])[] = [
  [0.965, 0.825, 0.925, 0, 0.45, 0.1, 0.45],
  [0.945, 0.785, 0.905, 0, 0.23, 0.46, 0.31],
  [0.965, 0.835, 0.95, 0, 0.56, 0, 0.44],
  [0.975, 0.85, 0.965, 0, 0.29, 0, 0.71],
  [0.945, 0.77, 0.87, 0.09, 0.5, 0.18, 0.23],
  [0.925, 0.765, 0.87, 0, 0.44, 0, 0.56],
  [0.915, 0.845, 0.89, 0, 0.29, 0, 0.71],
  [0.925, 0.765, 0.87, 0.26, 0.42, 0, 0.32],
  [0.905, 0.77, 0.885, 0.33, 0.27, 0, 0.43],
];

/** How far `accuracy` falls below `base`, in % of `base` (null without a base above 0). */
export function relativeDrop(accuracy: number, base: number | null): number | null {
  return base === null || base === 0 ? null : ((base - accuracy) / base) * 100;
}

export const PAPER_TABLE2_AVERAGE = (() => {
  const column = (i: number) => mean(PAPER_TABLE2.map((row) => row[i] ?? 0));
  return {
    agents: PAPER_TABLE2.length,
    original: column(0),
    rephrased: column(1),
    expanded: column(2),
    wrongSyntax: column(3),
    wrongFunction: column(4),
    wrongCount: column(5),
    wrongParameter: column(6),
  };
})();
