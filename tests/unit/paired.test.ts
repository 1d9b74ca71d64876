import { describe, expect, it } from 'vitest';
import { detectableDifference, mcnemarExact, pairResults } from '../../src/lib/analysis/paired';
import { repeatId } from '../../src/lib/core/sample-source';
import type { SampleResult } from '../../src/lib/core/types';

const r = (sampleId: string, correct: boolean) => ({ sampleId, score: { correct } }) as SampleResult;

describe('paired comparison of two runs', () => {
  it("McNemar's exact p-value", () => {
    // 2 · P(X ≤ 2), X ~ Bin(12, ½) = 2 · (1 + 12 + 66) / 4096
    expect(mcnemarExact(10, 2)).toBeCloseTo(0.038574, 6);
    expect(mcnemarExact(2, 10)).toBeCloseTo(0.038574, 6);
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(5, 5)).toBe(1);
    // large counts stay finite (log space)
    expect(mcnemarExact(1000, 1100)).toBeGreaterThan(0.02);
    expect(mcnemarExact(1000, 1100)).toBeLessThan(0.04);
  });

  it('pairs by sample id and counts the four cells', () => {
    const a = [r('s1', true), r('s2', true), r('s3', false), r('s4', false), r('only-a', true)];
    const b = [r('s1', true), r('s2', false), r('s3', true), r('s4', false), r('only-b', false)];
    const p = pairResults(a, b);
    expect(p).toMatchObject({ test: 'mcnemar', pairs: 4, bothCorrect: 1, onlyA: 1, onlyB: 1, neither: 1, accuracyA: 0.5, accuracyB: 0.5, difference: 0, pValue: 1 });
    expect(pairResults(a, [r('x', true)])).toBeNull();
    // the Wald interval of a paired difference: ± 1.96 · √(1 + 1 − 0) / 4
    expect(p?.low).toBeCloseTo(-0.693, 3);
    expect(p?.high).toBeCloseTo(0.693, 3);
  });

  it('a request asked in several samples is one unit: the test and interval are over requests, not samples', () => {
    // 10 requests, each in 3 cells; B is right on every cell of requests 5 and 6 as well
    const cells = (right: (request: number) => boolean) => Array.from({ length: 10 }, (_, i) => [0, 1, 2].map((k) => ({ ...r(`q${i}@${k}`, right(i)), itemId: `q${i}` }) as SampleResult)).flat();
    const p = pairResults(
      cells((i) => i < 5),
      cells((i) => i < 7),
    )!;
    expect(p).toMatchObject({ test: 'permutation', pairs: 30, requests: 10, onlyA: 0, onlyB: 6 });
    expect(p.difference).toBeCloseTo(0.2);
    // counted as 30 independent samples, McNemar would call 6 discordant of one sign significant
    expect(mcnemarExact(0, 6)).toBeLessThan(0.05);
    // two requests moved: the sign flip over requests cannot tell (2 of 4 sign patterns as extreme)
    expect(p.pValue).toBeGreaterThan(0.4);
    expect(p.low).toBeLessThanOrEqual(0);
    expect(p.high).toBeGreaterThanOrEqual(0.2);
  });

  it('the smallest detectable difference shrinks with more pairs and grows with disagreement', () => {
    expect(detectableDifference(100, 0.2)).toBeGreaterThan(detectableDifference(1000, 0.2));
    expect(detectableDifference(100, 0.4)).toBeGreaterThan(detectableDifference(100, 0.1));
    // 1000 pairs, 20% disagreeing: about (1.96 + 0.84) · √(0.2 / 1000) ≈ 4 points
    expect(detectableDifference(1000, 0.2)).toBeCloseTo(0.04, 2);
    // runs that never disagree still cannot show a difference below ≈ 7.85 / n
    expect(detectableDifference(100, 0)).toBeGreaterThan(0.07);
  });

  it('runs with repeats are paired by planned sample (its share of right answers), tested by sign flips, or by the paired t-test when large', () => {
    const run = (n: number, repeats: number, right: (sample: number, repeat: number) => boolean) =>
      Array.from({ length: n }, (_, i) => Array.from({ length: repeats }, (_, k) => r(repeatId(`s${i}`, k + 1), right(i, k + 1)))).flat();
    const a = run(20, 3, (_, k) => k === 1);
    const b = run(20, 3, () => true);
    const p = pairResults(a, b)!;
    expect(p).toMatchObject({ test: 'permutation', pairs: 20, bothCorrect: 0, onlyA: 0, onlyB: 20, neither: 0 });
    expect(p.accuracyA).toBeCloseTo(1 / 3);
    expect(p.difference).toBeCloseTo(2 / 3);
    // every one of 20 differences the same sign: only the all-equal flips are as extreme
    expect(p.pValue).toBeLessThan(0.001);
    expect(pairResults(a, a)).toMatchObject({ test: 'permutation', difference: 0, pValue: 1 });
    // half the samples better in B, half in A: no evidence
    const mixed = pairResults(
      run(20, 2, (i) => i % 2 === 0),
      run(20, 2, (i) => i % 2 === 1),
    )!;
    expect(mixed.pValue).toBeGreaterThan(0.5);
    expect(mixed.detectable).toBeGreaterThan(0.3);
    // a repeated run against a run asked once: the first answers pair with the planned samples
    expect(
      pairResults(
        a,
        run(20, 1, () => true),
      ),
    ).toMatchObject({ test: 'permutation', pairs: 20 });
    const big = pairResults(
      run(3000, 2, (i, k) => (i + k) % 3 === 0),
      run(3000, 2, (i, k) => (i + k) % 2 === 0),
    )!;
    expect(big.test).toBe('t');
    expect(big.pValue).toBeGreaterThan(0);
    expect(big.pValue).toBeLessThan(1);
  });
});
