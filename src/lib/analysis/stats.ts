/** Small statistics used by the analyses: means, ranks, Spearman ρ with its p-value, the normal distribution's quantiles and CDF, the sign-flip and paired t tests of a mean difference. */
import { Rng } from '../core/random';

/** The standard normal's 97.5% quantile: a 95% interval's half-width over its standard error, and the two-sided test's z at α = 0.05. */
export const Z_ALPHA = 1.959964;
/** The standard normal's 80% quantile: the z of a test's power 0.8. */
export const Z_BETA = 0.841621;

/** The standard normal's CDF, Φ(x) (Abramowitz & Stegun 7.1.26: error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Arithmetic mean, summed left to right (as Python's sum); 0 for no values. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/** Sample variance (divided by n − 1); 0 for fewer than two values. */
export function sampleVariance(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  let s = 0;
  for (const v of values) s += (v - m) ** 2;
  return s / (values.length - 1);
}

/** Ranks from 1, ties sharing their average rank. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && (order[j + 1] as readonly [number, number])[0] === (order[i] as readonly [number, number])[0]) j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[(order[k] as readonly [number, number])[1]] = avg;
    i = j + 1;
  }
  return ranks;
}

function pearson(x: readonly number[], y: readonly number[]): number {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

export interface SpearmanResult {
  rho: number;
  /** two-sided, from the t distribution with n − 2 degrees of freedom (as scipy.stats.spearmanr) */
  pValue: number;
}

export function spearman(x: readonly number[], y: readonly number[]): SpearmanResult {
  const rho = pearson(averageRanks(x), averageRanks(y));
  const df = x.length - 2;
  if (!Number.isFinite(rho) || df <= 0) return { rho, pValue: NaN };
  if (Math.abs(rho) >= 1) return { rho, pValue: 0 };
  const t = rho * Math.sqrt(df / ((1 + rho) * (1 - rho)));
  return { rho, pValue: regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5) };
}

function logGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0] as number;
  const t = x + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += (c[i] as number) / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** I_x(a, b) by Lentz's continued fraction. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedIncompleteBeta(1 - x, b, a);
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x)) / a;
  const tiny = 1e-300;
  let f = 1;
  let c = 1;
  let d = 0;
  for (let i = 0; i <= 400; i++) {
    const m = Math.floor(i / 2);
    let num: number;
    if (i === 0) num = 1;
    else if (i % 2 === 0) num = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    else num = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + num * d;
    if (Math.abs(d) < tiny) d = tiny;
    d = 1 / d;
    c = 1 + num / c;
    if (Math.abs(c) < tiny) c = tiny;
    const cd = c * d;
    f *= cd;
    if (Math.abs(1 - cd) < 1e-15) break;
  }
  return front * (f - 1);
}

/** Sign flips drawn for the permutation test (seeded: the same runs give the same p-value). */
const SIGN_FLIPS = 10_000;
/** Two-sided sign-flip permutation p-value of the mean of `d` (exchangeable signs under no difference). */
export function signFlipP(d: readonly number[]): number {
  const observed = Math.abs(mean(d));
  if (observed === 0) return 1;
  const rng = new Rng(`paired:${d.length}:${observed}`);
  let asExtreme = 0;
  for (let k = 0; k < SIGN_FLIPS; k++) {
    let sum = 0;
    for (const x of d) sum += rng.next() < 0.5 ? -x : x;
    if (Math.abs(sum / d.length) >= observed - 1e-12) asExtreme++;
  }
  return (asExtreme + 1) / (SIGN_FLIPS + 1);
}

/** Two-sided paired t-test p-value of the mean of `d`. */
export function pairedTP(d: readonly number[]): number {
  const m = mean(d);
  const v = sampleVariance(d);
  if (m === 0) return 1;
  if (v === 0) return 0;
  const df = d.length - 1;
  const t = m / Math.sqrt(v / d.length);
  return regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
}
