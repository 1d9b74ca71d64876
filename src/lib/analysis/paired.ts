/**
 * Two runs on the same samples, compared pair by pair: McNemar's exact test on the samples one run
 * gets right and the other wrong, and the smallest difference in accuracy the number of pairs can
 * detect (two-sided α = 0.05, power 0.8), so "no significant difference" is read with its size.
 */
import type { SampleResult } from '../core/types';

export interface PairedComparison {
  pairs: number;
  bothCorrect: number;
  onlyA: number;
  onlyB: number;
  neither: number;
  accuracyA: number;
  accuracyB: number;
  /** accuracy of B minus accuracy of A */
  difference: number;
  /** McNemar's exact two-sided p-value */
  pValue: number;
  /** the smallest |difference| these pairs detect with power 0.8 at α = 0.05 */
  detectable: number;
}

const Z_ALPHA = 1.959964;
const Z_BETA = 0.841621;

/** The samples both runs have (same sample id), compared; null when they share none. */
export function pairResults(a: readonly SampleResult[], b: readonly SampleResult[]): PairedComparison | null {
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
