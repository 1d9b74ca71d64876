import { describe, expect, it } from 'vitest';
import { averageRanks, mean, normalCdf, regularizedIncompleteBeta, spearman, Z_ALPHA, Z_BETA } from '../../src/lib/analysis/stats';

describe('statistics', () => {
  it('ranks ties by their average', () => expect(averageRanks([10, 20, 10, 30])).toEqual([1.5, 3, 1.5, 4]));
  it('mean of nothing is 0', () => expect(mean([])).toBe(0));
  it('Spearman ρ and its two-sided p-value (scipy values)', () => {
    const r = spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    expect(r.rho).toBeCloseTo(0.8207826816681233, 12);
    expect(r.pValue).toBeCloseTo(0.08858700531354381, 10);
  });
  it('incomplete beta', () => {
    expect(regularizedIncompleteBeta(0.5, 2, 3)).toBeCloseTo(0.6875, 12);
  });
  it("the normal CDF at its quantiles and in both tails (scipy's norm.cdf)", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(Z_ALPHA)).toBeCloseTo(0.975, 6);
    expect(normalCdf(Z_BETA)).toBeCloseTo(0.8, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 6);
    expect(normalCdf(-4)).toBeCloseTo(3.167124183311998e-5, 6);
  });
});
