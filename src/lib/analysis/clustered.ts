/**
 * Intervals and tests that describe a model rather than the requests drawn for it. A run asks each
 * request in several cells (every length and needle position of the catalog, every wording of a
 * robustness request), and whether a sample is right depends mostly on its request: samples of one
 * request are not independent, and per-cell Wilson intervals describe those requests only.
 *
 * - An accuracy's interval: a cluster bootstrap by request (requests resampled with replacement,
 *   each bringing all its samples; percentile interval), never narrower than Wilson's over the
 *   requests counted once each — a request's samples are worth at least one answer, and a bootstrap
 *   over requests that all scored alike is a point (5 requests, all wrong: 0–0%).
 * - A contrast of two conditions (α 0.1 vs 0.5, original vs rephrased): each request's mean
 *   difference over the pairs it was asked in under both; their mean, its cluster-bootstrap
 *   interval, a two-sided sign-flip permutation test on the per-request differences, and the
 *   smallest difference the requests could have detected (power 0.8, α 0.05). With too few
 *   requests for the test to reach p < 0.05 at all (fewer than 6 for the sign flip), the interval is
 *   the whole range and nothing is detectable: a bootstrap over 3 requests that all dropped says
 *   −100 to −100.
 * - A contrast of two groups of requests (CompToolBench's composed vs single-call tasks, each task
 *   in one level): the difference of means, a bootstrap within each group, a label permutation test.
 * Seeded: the same results give the same figures.
 */
import { Rng } from '../core/random';
import { repeatOf } from '../core/sample-source';
import type { SampleResult } from '../core/types';
import { mean, normalCdf, pairedTP, sampleVariance, signFlipP, Z_ALPHA, Z_BETA } from './stats';
import { wilson } from './catalog';

/** n choose k, as a float (the arrangements of a label permutation). */
function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) c = (c * (n - i + 1)) / i;
  return c;
}

const BOOTSTRAP_RESAMPLES = 2000;

/** What a chart's bars are when they are `clusteredShare`'s intervals: said under every such chart. */
export const REQUEST_INTERVALS = "intervals over the requests asked (a cluster bootstrap, never narrower than Wilson's over the requests)";
const PERMUTATIONS = 10_000;
/** above this many requests sign flips and the bootstrap cost too much in a page: the paired t-test and the normal interval they approach */
const MAX_PERMUTED = 2000;

/** A result's request: its pack item, else its (planned) sample. */
export const requestOf = (r: Pick<SampleResult, 'itemId' | 'sampleId'>): string => r.itemId ?? repeatOf(r.sampleId).base;

export interface ClusteredShare {
  /** the share over every sample (hits / samples) */
  value: number;
  samples: number;
  clusters: number;
  /** 95% cluster-bootstrap interval */
  low: number;
  high: number;
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[at] as number;
}

/**
 * The mean of `value` over the results (Σ value / Σ `count`: one per result unless said, an episode's
 * turns where the value is its turns right), with its 95% interval resampling whole clusters.
 */
export function clusteredShare<R>(results: readonly R[], value: (r: R) => number, cluster: (r: R) => string, seed = 'share', count: (r: R) => number = () => 1): ClusteredShare {
  const sums = new Map<string, { hits: number; n: number }>();
  for (const r of results) {
    const k = cluster(r);
    const s = sums.get(k) ?? { hits: 0, n: 0 };
    s.hits += value(r);
    s.n += count(r);
    sums.set(k, s);
  }
  const groups = [...sums.values()];
  const hits = groups.reduce((a, g) => a + g.hits, 0);
  const n = groups.reduce((a, g) => a + g.n, 0);
  if (n === 0) return { value: NaN, samples: 0, clusters: 0, low: NaN, high: NaN };
  const rng = new Rng(`${seed}:${groups.length}:${hits}:${n}`);
  const draws: number[] = [];
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    let h = 0;
    let m = 0;
    for (let i = 0; i < groups.length; i++) {
      const g = groups[rng.int(groups.length)] as { hits: number; n: number };
      h += g.hits;
      m += g.n;
    }
    draws.push(h / m);
  }
  draws.sort((a, b) => a - b);
  const [low, high] = wilson((hits / n) * groups.length, groups.length);
  return { value: hits / n, samples: n, clusters: groups.length, low: Math.min(low, percentile(draws, 0.025)), high: Math.max(high, percentile(draws, 0.975)) };
}

/** The smallest two-sided p-value a permutation test over these many arrangements can give. */
const smallestP = (arrangements: number): number => Math.min(1, 2 / arrangements);

/** What a contrast says when its test could not decide whatever the results: the whole range, nothing detectable. */
const UNDECIDABLE = { low: -1, high: 1, detectable: 1, decides: false } as const;

export interface Contrast {
  /** mean over requests of (B − A) */
  difference: number;
  low: number;
  high: number;
  /** two-sided p-value */
  pValue: number;
  /** requests with at least one pair */
  clusters: number;
  pairs: number;
  /** the means of A and B over the pairs */
  a: number;
  b: number;
  /** the smallest |difference| these requests detect with power 0.8 at α 0.05 */
  detectable: number;
  /** its test can reach p < 0.05 with these many requests (else the interval is the whole range) */
  decides: boolean;
  test: 'sign-flip permutation, per request' | 'paired t, per request' | 'label permutation, per task' | 'side-swap permutation of pooled shares, per request' | 'normal, pooled shares, per request';
}

/** Bootstrap interval of the mean of `values`, and the smallest mean difference they could show. */
function meanInterval(values: readonly number[], rng: Rng): { low: number; high: number } {
  const draws: number[] = [];
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    let s = 0;
    for (let i = 0; i < values.length; i++) s += values[rng.int(values.length)] as number;
    draws.push(s / values.length);
  }
  draws.sort((x, y) => x - y);
  return { low: percentile(draws, 0.025), high: percentile(draws, 0.975) };
}

/** The smallest mean difference `n` units with this spread detect; no smaller than one unit's share. */
const detectableOf = (sd: number, n: number): number => Math.max(((Z_ALPHA + Z_BETA) * sd) / Math.sqrt(n), 1 / n);

/** What a paired contrast is computed from: per request, the mean B − A over its pairs, and its mean A and B. */
interface RequestDifferences {
  diffs: number[];
  a: number[];
  b: number[];
  pairs: number;
}

/** The options of a paired contrast: which results are A and B, which form a pair, which request a pair belongs to. */
interface PairingOptions<R> {
  isA: (r: R) => boolean;
  isB: (r: R) => boolean;
  pair: (r: R) => string;
  cluster: (r: R) => string;
  value: (r: R) => number;
}

/**
 * Results of one `pair` key (a request at one length, say) under both conditions form a pair (their
 * values averaged when a side has several); pairs are averaged per `cluster` (the request). Null
 * when no pair exists.
 */
function requestDifferences<R>(results: readonly R[], o: PairingOptions<R>): RequestDifferences | null {
  const sides = new Map<string, { cluster: string; a: number[]; b: number[] }>();
  for (const r of results) {
    const side = o.isA(r) ? 'a' : o.isB(r) ? 'b' : null;
    if (!side) continue;
    const key = o.pair(r);
    const s = sides.get(key) ?? { cluster: o.cluster(r), a: [], b: [] };
    s[side].push(o.value(r));
    sides.set(key, s);
  }
  const perCluster = new Map<string, { d: number[]; a: number[]; b: number[] }>();
  let pairs = 0;
  for (const s of sides.values()) {
    if (s.a.length === 0 || s.b.length === 0) continue;
    pairs++;
    const c = perCluster.get(s.cluster) ?? { d: [], a: [], b: [] };
    const [a, b] = [mean(s.a), mean(s.b)];
    c.d.push(b - a);
    c.a.push(a);
    c.b.push(b);
    perCluster.set(s.cluster, c);
  }
  if (pairs === 0) return null;
  const clusters = [...perCluster.values()];
  return { diffs: clusters.map((c) => mean(c.d)), a: clusters.map((c) => mean(c.a)), b: clusters.map((c) => mean(c.b)), pairs };
}

/** Condition A vs B, paired (`requestDifferences`), every statistic over requests. Null when no pair exists. */
export function pairedContrast<R>(results: readonly R[], o: PairingOptions<R> & { seed?: string }): Contrast | null {
  const per = requestDifferences(results, o);
  if (!per) return null;
  const { diffs } = per;
  const rng = new Rng(`${o.seed ?? 'contrast'}:${diffs.length}:${mean(diffs)}`);
  const decides = smallestP(2 ** diffs.length) < 0.05;
  const permuted = diffs.length <= MAX_PERMUTED;
  const sd = Math.sqrt(sampleVariance(diffs));
  const interval = permuted ? meanInterval(diffs, rng) : { low: mean(diffs) - (Z_ALPHA * sd) / Math.sqrt(diffs.length), high: mean(diffs) + (Z_ALPHA * sd) / Math.sqrt(diffs.length) };
  return {
    difference: mean(diffs),
    ...(decides ? { ...interval, detectable: detectableOf(sd, diffs.length), decides } : UNDECIDABLE),
    pValue: permuted ? signFlipP(diffs) : pairedTP(diffs),
    clusters: diffs.length,
    pairs: per.pairs,
    a: mean(per.a),
    b: mean(per.b),
    test: permuted ? 'sign-flip permutation, per request' : 'paired t, per request',
  };
}

/** One request's hits and counts under A and B, summed over its pairs. */
interface PooledSums {
  hitsA: number;
  countA: number;
  hitsB: number;
  countB: number;
}

/**
 * Condition A vs B as pooled shares — Σ hits / Σ counts on each side, as WildAgtEval's Table 3 counts
 * API calls right over turns — over the pairs (`pair`) asked under both, each request's pairs kept
 * together: B − A, a permutation test that swaps the two sides of whole requests, a bootstrap over
 * requests and the delta method's detectable difference. A pair counts where both sides have a count
 * (an unanswered episode has no turn). Null when no pair exists.
 */
export function pairedPooledContrast<R>(results: readonly R[], o: Omit<PairingOptions<R>, 'value'> & { hits: (r: R) => number; count: (r: R) => number; seed?: string }): Contrast | null {
  const pairs = new Map<string, { cluster: string; a: { hits: number; count: number }; b: { hits: number; count: number } }>();
  for (const r of results) {
    const side = o.isA(r) ? 'a' : o.isB(r) ? 'b' : null;
    if (!side) continue;
    const key = o.pair(r);
    const p = pairs.get(key) ?? { cluster: o.cluster(r), a: { hits: 0, count: 0 }, b: { hits: 0, count: 0 } };
    p[side].hits += o.hits(r);
    p[side].count += o.count(r);
    pairs.set(key, p);
  }
  const byCluster = new Map<string, PooledSums>();
  let pairCount = 0;
  for (const p of pairs.values()) {
    if (p.a.count === 0 || p.b.count === 0) continue;
    pairCount++;
    const c = byCluster.get(p.cluster) ?? { hitsA: 0, countA: 0, hitsB: 0, countB: 0 };
    c.hitsA += p.a.hits;
    c.countA += p.a.count;
    c.hitsB += p.b.hits;
    c.countB += p.b.count;
    byCluster.set(p.cluster, c);
  }
  if (pairCount === 0) return null;
  const clusters = [...byCluster.values()];
  const n = clusters.length;
  /** B − A over `n` requests drawn by `pick`, each with its sides swapped where `swap` says */
  const differenceOf = (pick: (i: number) => PooledSums, swap: () => boolean) => {
    let hitsA = 0;
    let countA = 0;
    let hitsB = 0;
    let countB = 0;
    for (let i = 0; i < n; i++) {
      const c = pick(i);
      const swapped = swap();
      hitsA += swapped ? c.hitsB : c.hitsA;
      countA += swapped ? c.countB : c.countA;
      hitsB += swapped ? c.hitsA : c.hitsB;
      countB += swapped ? c.countA : c.countB;
    }
    return hitsB / countB - hitsA / countA;
  };
  const sum = (f: (c: PooledSums) => number) => clusters.reduce((t, c) => t + f(c), 0);
  const a = sum((c) => c.hitsA) / sum((c) => c.countA);
  const b = sum((c) => c.hitsB) / sum((c) => c.countB);
  const observed = b - a;
  // each request's part of the difference (its influence): their spread is the difference's, to first order
  const meanCountA = sum((c) => c.countA) / n;
  const meanCountB = sum((c) => c.countB) / n;
  const sd = Math.sqrt(sampleVariance(clusters.map((c) => (c.hitsB - b * c.countB) / meanCountB - (c.hitsA - a * c.countA) / meanCountA)));
  const rng = new Rng(`${o.seed ?? 'pooled'}:${n}:${observed}`);
  const decides = smallestP(2 ** n) < 0.05;
  const permuted = n <= MAX_PERMUTED;
  let interval: { low: number; high: number };
  let pValue: number;
  if (permuted) {
    const draws: number[] = [];
    for (let k = 0; k < BOOTSTRAP_RESAMPLES; k++)
      draws.push(
        differenceOf(
          () => clusters[rng.int(n)] as PooledSums,
          () => false,
        ),
      );
    draws.sort((x, y) => x - y);
    interval = { low: percentile(draws, 0.025), high: percentile(draws, 0.975) };
    let asExtreme = 0;
    for (let k = 0; k < PERMUTATIONS; k++) {
      if (
        Math.abs(
          differenceOf(
            (i) => clusters[i] as PooledSums,
            () => rng.next() < 0.5,
          ),
        ) >=
        Math.abs(observed) - 1e-12
      )
        asExtreme++;
    }
    pValue = observed === 0 ? 1 : (asExtreme + 1) / (PERMUTATIONS + 1);
  } else {
    const se = sd / Math.sqrt(n);
    interval = { low: observed - Z_ALPHA * se, high: observed + Z_ALPHA * se };
    pValue = observed === 0 ? 1 : se === 0 ? 0 : 2 * (1 - normalCdf(Math.abs(observed) / se));
  }
  return {
    difference: observed,
    ...(decides ? { ...interval, detectable: detectableOf(sd, n), decides } : UNDECIDABLE),
    pValue,
    clusters: n,
    pairs: pairCount,
    a,
    b,
    test: permuted ? 'side-swap permutation of pooled shares, per request' : 'normal, pooled shares, per request',
  };
}

/** Two groups of units (each unit in one group, its value the mean of its results): B − A, unpaired. */
export function groupContrast<R>(results: readonly R[], o: { isA: (r: R) => boolean; isB: (r: R) => boolean; cluster: (r: R) => string; value: (r: R) => number; seed?: string }): Contrast | null {
  const unitsOf = (keep: (r: R) => boolean) => {
    const m = new Map<string, number[]>();
    for (const r of results) if (keep(r)) m.set(o.cluster(r), [...(m.get(o.cluster(r)) ?? []), o.value(r)]);
    return [...m.values()].map(mean);
  };
  const a = unitsOf(o.isA);
  const b = unitsOf(o.isB);
  if (a.length === 0 || b.length === 0) return null;
  const observed = mean(b) - mean(a);
  const rng = new Rng(`${o.seed ?? 'groups'}:${a.length}:${b.length}:${observed}`);
  const decides = smallestP(binomial(a.length + b.length, a.length)) < 0.05;
  const sd = Math.sqrt(sampleVariance(a) / a.length + sampleVariance(b) / b.length);
  // drawn before the permutations: the order the published figures were computed in
  const interval = decides ? { ...groupsInterval(a, b, rng), detectable: Math.max((Z_ALPHA + Z_BETA) * sd, 1 / Math.min(a.length, b.length)), decides } : UNDECIDABLE;
  const all = [...a, ...b];
  let asExtreme = 0;
  for (let k = 0; k < PERMUTATIONS; k++) {
    const shuffled = rng.shuffle(all);
    const d = mean(shuffled.slice(a.length)) - mean(shuffled.slice(0, a.length));
    if (Math.abs(d) >= Math.abs(observed) - 1e-12) asExtreme++;
  }
  return {
    difference: observed,
    ...interval,
    pValue: (asExtreme + 1) / (PERMUTATIONS + 1),
    clusters: a.length + b.length,
    pairs: 0,
    a: mean(a),
    b: mean(b),
    test: 'label permutation, per task',
  };
}

/** Bootstrap interval of mean(b) − mean(a), each group resampled within itself. */
function groupsInterval(a: readonly number[], b: readonly number[], rng: Rng): { low: number; high: number } {
  const draws: number[] = [];
  for (let k = 0; k < BOOTSTRAP_RESAMPLES; k++) {
    let sa = 0;
    let sb = 0;
    for (let i = 0; i < a.length; i++) sa += a[rng.int(a.length)] as number;
    for (let i = 0; i < b.length; i++) sb += b[rng.int(b.length)] as number;
    draws.push(sb / b.length - sa / a.length);
  }
  draws.sort((x, y) => x - y);
  return { low: percentile(draws, 0.025), high: percentile(draws, 0.975) };
}

export type Verdict = 'reproduced' | 'opposite' | 'not reproduced' | 'inconclusive';

/**
 * A contrast against the paper's direction (+1: B above A, −1: B below A), at α 0.05: reproduced or
 * opposite when significant; when not, "not reproduced" if the run could have detected an effect
 * of the paper's size (`paperSize`, absolute), else inconclusive.
 */
export function verdictOf(c: Contrast, direction: 1 | -1, paperSize: number): Verdict {
  if (c.pValue < 0.05) return Math.sign(c.difference) === direction ? 'reproduced' : 'opposite';
  return c.detectable <= paperSize ? 'not reproduced' : 'inconclusive';
}
