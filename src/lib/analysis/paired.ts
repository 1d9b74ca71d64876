/**
 * Two runs on the same samples, compared pair by pair: McNemar's exact test on the samples one run
 * gets right and the other wrong, and the smallest difference in accuracy the number of pairs can
 * detect (two-sided α = 0.05, power 0.8), so "no significant difference" is read with its size.
 * Runs that ask each sample several times are paired by planned sample instead (the answers to one
 * sample are not independent): each sample's share of right answers, compared by a sign-flip
 * permutation test on the per-sample differences.
 */
import { Rng } from '../core/random';
import { repeatOf } from '../core/sample-source';
import type { SampleResult } from '../core/types';
import { mean, regularizedIncompleteBeta, sampleVariance, Z_ALPHA, Z_BETA } from './stats';

export interface PairedComparison {
  /** McNemar on single answers, or a permutation test on samples asked several times */
  test: 'mcnemar' | 'permutation' | 't';
  /** pairs: samples in both runs (with repeats: planned samples, each its share of right answers) */
  pairs: number;
  /** right in both (with repeats: every answer right in both) */
  bothCorrect: number;
  /** A right, B wrong (with repeats: A's share of right answers higher) */
  onlyA: number;
  onlyB: number;
  neither: number;
  accuracyA: number;
  accuracyB: number;
  /** accuracy of B minus accuracy of A */
  difference: number;
  /** two-sided p-value of the test */
  pValue: number;
  /** the smallest |difference| these pairs detect with power 0.8 at α = 0.05 */
  detectable: number;
}

/** The samples both runs have (same sample id, or same planned sample when either repeats), compared; null when they share none. */
export function pairResults(a: readonly SampleResult[], b: readonly SampleResult[]): PairedComparison | null {
  const repeated = (rs: readonly SampleResult[]) => rs.some((r) => repeatOf(r.sampleId).repeat > 1);
  if (repeated(a) || repeated(b)) return pairSamples(a, b);
  const byId = new Map(a.map((r) => [r.sampleId, r.score.correct]));
  let bothCorrect = 0;
  let onlyA = 0;
  let onlyB = 0;
  let neither = 0;
  for (const r of b) {
    const inA = byId.get(r.sampleId);
    if (inA === undefined) continue;
    if (inA && r.score.correct) bothCorrect++;
    else if (inA) onlyA++;
    else if (r.score.correct) onlyB++;
    else neither++;
  }
  const pairs = bothCorrect + onlyA + onlyB + neither;
  if (pairs === 0) return null;
  return {
    test: 'mcnemar',
    pairs,
    bothCorrect,
    onlyA,
    onlyB,
    neither,
    accuracyA: (bothCorrect + onlyA) / pairs,
    accuracyB: (bothCorrect + onlyB) / pairs,
    difference: (onlyB - onlyA) / pairs,
    pValue: mcnemarExact(onlyA, onlyB),
    detectable: detectableDifference(pairs, (onlyA + onlyB) / pairs),
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

/** Each planned sample's share of right answers. */
function sampleShares(rs: readonly SampleResult[]): Map<string, number> {
  const tally = new Map<string, { right: number; n: number }>();
  for (const r of rs) {
    const base = repeatOf(r.sampleId).base;
    const t = tally.get(base) ?? { right: 0, n: 0 };
    t.n++;
    if (r.score.correct) t.right++;
    tally.set(base, t);
  }
  return new Map([...tally].map(([k, t]) => [k, t.right / t.n]));
}

/** Sign flips drawn for the permutation test (seeded: the same runs give the same p-value). */
const PERMUTATIONS = 10_000;
/** above this many samples the permutation test costs too much in a page; the paired t-test it approaches is used */
const MAX_PERMUTED = 2000;

/** Two-sided sign-flip permutation p-value of the mean of `d` (exchangeable signs under no difference). */
export function signFlipP(d: readonly number[]): number {
  const observed = Math.abs(mean(d));
  if (observed === 0) return 1;
  const rng = new Rng(`paired:${d.length}:${observed}`);
  let asExtreme = 0;
  for (let k = 0; k < PERMUTATIONS; k++) {
    let sum = 0;
    for (const x of d) sum += rng.next() < 0.5 ? -x : x;
    if (Math.abs(sum / d.length) >= observed - 1e-12) asExtreme++;
  }
  return (asExtreme + 1) / (PERMUTATIONS + 1);
}

/** Two-sided paired t-test p-value of the mean of `d`. */
function pairedTP(d: readonly number[]): number {
  const m = mean(d);
  const v = sampleVariance(d);
  if (m === 0) return 1;
  if (v === 0) return 0;
  const df = d.length - 1;
  const t = m / Math.sqrt(v / d.length);
  return regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
}

function pairSamples(a: readonly SampleResult[], b: readonly SampleResult[]): PairedComparison | null {
  const sharesA = sampleShares(a);
  const pairs: [number, number][] = [];
  for (const [base, shareB] of sampleShares(b)) {
    const shareA = sharesA.get(base);
    if (shareA !== undefined) pairs.push([shareA, shareB]);
  }
  if (pairs.length === 0) return null;
  const d = pairs.map(([x, y]) => y - x);
  const n = pairs.length;
  const permuted = n <= MAX_PERMUTED;
  return {
    test: permuted ? 'permutation' : 't',
    pairs: n,
    bothCorrect: pairs.filter(([x, y]) => x === 1 && y === 1).length,
    onlyA: d.filter((x) => x < 0).length,
    onlyB: d.filter((x) => x > 0).length,
    neither: pairs.filter(([x, y]) => x === 0 && y === 0).length,
    accuracyA: mean(pairs.map(([x]) => x)),
    accuracyB: mean(pairs.map(([, y]) => y)),
    difference: mean(d),
    pValue: permuted ? signFlipP(d) : pairedTP(d),
    // a normal approximation on the per-sample differences, no smaller than what n pairs can show at all
    detectable: Math.max(((Z_ALPHA + Z_BETA) * Math.sqrt(sampleVariance(d))) / Math.sqrt(n), detectableDifference(n, 0)),
  };
}

/** How a comparison's test is named where its p-value is shown. */
export const PAIRED_TEST_NAMES: Record<PairedComparison['test'], string> = {
  mcnemar: 'McNemar',
  permutation: 'sign-flip permutation, per sample',
  t: 'paired t, per sample',
};
