/**
 * Two runs on the same samples, compared pair by pair, with the smallest difference in accuracy the
 * pairs can detect (two-sided α = 0.05, power 0.8), so "no significant difference" is read with its
 * size.
 * - Each request answered once by each run: McNemar's exact test on the samples one run gets right
 *   and the other wrong, and a Wald interval for the paired difference.
 * - A request asked in several samples (every cell of a catalog run, every wording of a robustness
 *   request) or a sample answered several times: the answers of one request are not independent,
 *   so every figure is over requests (`pairedContrast`): each request's mean difference over its
 *   samples (a sample answered several times counts as its share of right answers), a sign-flip
 *   permutation test and a cluster-bootstrap interval.
 */
import { repeatOf } from '../core/sample-source';
import type { SampleResult } from '../core/types';
import { pairedContrast, requestOf } from './clustered';
import { differenceText } from './format';
import { Z_ALPHA, Z_BETA } from './stats';

export interface PairedComparison {
  /** McNemar on single answers to distinct requests, else a test over requests */
  test: 'mcnemar' | 'permutation' | 't';
  /** samples in both runs (with repeats: planned samples, each its share of right answers) */
  pairs: number;
  /** the requests those samples ask: the test's units */
  requests: number;
  /** right in both (with repeats: every answer right in both) */
  bothCorrect: number;
  /** A right, B wrong (with repeats: A's share of right answers higher) */
  onlyA: number;
  onlyB: number;
  neither: number;
  /** over requests (each request's mean over its samples), as the difference */
  accuracyA: number;
  accuracyB: number;
  /** accuracy of B minus accuracy of A */
  difference: number;
  /** its 95% interval (the whole range when the test cannot decide: too few requests) */
  low: number;
  high: number;
  /** its test can reach p < 0.05 with these many requests */
  decides: boolean;
  /** two-sided p-value of the test */
  pValue: number;
  /** the smallest |difference| these pairs detect with power 0.8 at α = 0.05 */
  detectable: number;
}

/** Each planned sample's share of right answers, and the request it asks. */
function sampleShares(rs: readonly SampleResult[]): Map<string, { share: number; request: string }> {
  const tally = new Map<string, { right: number; n: number; request: string }>();
  for (const r of rs) {
    const base = repeatOf(r.sampleId).base;
    const t = tally.get(base) ?? { right: 0, n: 0, request: requestOf(r) };
    t.n++;
    if (r.score.correct) t.right++;
    tally.set(base, t);
  }
  return new Map([...tally].map(([k, t]) => [k, { share: t.right / t.n, request: t.request }]));
}

/** The samples both runs have (same sample id, or same planned sample when either repeats), compared; null when they share none. */
export function pairResults(a: readonly SampleResult[], b: readonly SampleResult[]): PairedComparison | null {
  const sharesA = sampleShares(a);
  const pairs = [...sampleShares(b)].flatMap(([base, inB]) => {
    const inA = sharesA.get(base);
    return inA === undefined ? [] : [{ x: inA.share, y: inB.share, request: inB.request }];
  });
  if (pairs.length === 0) return null;
  const n = pairs.length;
  const counts = {
    pairs: n,
    requests: new Set(pairs.map((p) => p.request)).size,
    bothCorrect: pairs.filter((p) => p.x === 1 && p.y === 1).length,
    onlyA: pairs.filter((p) => p.x > p.y).length,
    onlyB: pairs.filter((p) => p.y > p.x).length,
    neither: pairs.filter((p) => p.x === 0 && p.y === 0).length,
  };
  const repeated = [...a, ...b].some((r) => repeatOf(r.sampleId).repeat > 1);
  if (!repeated && counts.requests === n) {
    const { onlyA, onlyB } = counts;
    const difference = (onlyB - onlyA) / n;
    // the Wald interval of a paired difference of proportions
    const half = (Z_ALPHA * Math.sqrt(Math.max(onlyA + onlyB - (onlyB - onlyA) ** 2 / n, 0))) / n;
    return {
      test: 'mcnemar',
      ...counts,
      accuracyA: (counts.bothCorrect + onlyA) / n,
      accuracyB: (counts.bothCorrect + onlyB) / n,
      difference,
      low: difference - half,
      high: difference + half,
      // the smallest two-sided exact p of n discordant pairs: 2 / 2^n
      decides: n >= 6,
      pValue: mcnemarExact(onlyA, onlyB),
      detectable: detectableDifference(n, (onlyA + onlyB) / n),
    };
  }
  const tagged = [...a.map((r) => ({ r, side: 'a' })), ...b.map((r) => ({ r, side: 'b' }))];
  const c = pairedContrast(tagged, {
    isA: (t) => t.side === 'a',
    isB: (t) => t.side === 'b',
    pair: (t) => repeatOf(t.r.sampleId).base,
    cluster: (t) => requestOf(t.r),
    value: (t) => (t.r.score.correct ? 1 : 0),
    seed: 'paired',
  });
  if (!c) return null;
  return {
    test: c.test === 'paired t, per request' ? 't' : 'permutation',
    ...counts,
    accuracyA: c.a,
    accuracyB: c.b,
    difference: c.difference,
    low: c.low,
    high: c.high,
    decides: c.decides,
    pValue: c.pValue,
    detectable: c.detectable,
  };
}

/** Two-sided exact McNemar test: the discordant pairs as a Binomial(b + c, ½). */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  // P(X ≤ k) summed in log space: n can be in the thousands
  let logTerm = -n * Math.LN2; // log C(n,0) / 2^n
  let tail = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}

/** Pairs McNemar's test needs to detect a difference `delta` when a share `discordant` of pairs disagree (Connor 1987). */
function pairsNeeded(delta: number, discordant: number): number {
  const psi = Math.max(discordant, delta);
  return (Z_ALPHA * Math.sqrt(psi) + Z_BETA * Math.sqrt(Math.max(psi - delta * delta, 0))) ** 2 / (delta * delta);
}

/** The smallest difference `pairs` pairs detect, found by bisection (a disagreement share below it cannot produce it). */
export function detectableDifference(pairs: number, discordant: number): number {
  if (pairs <= 0) return 1;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (pairsNeeded(mid, discordant) <= pairs) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** B − A in points with its 95% interval, as the tables write it (the interval's units are the requests). */
export const pairedDifferenceText = (p: PairedComparison): string => differenceText({ ...p, clusters: p.requests });

/** How a comparison's test is named where its p-value is shown. */
export const PAIRED_TEST_NAMES: Record<PairedComparison['test'], string> = {
  mcnemar: 'McNemar',
  permutation: 'sign-flip permutation, per request',
  t: 'paired t, per request',
};
