import { describe, expect, it } from 'vitest';
import { familyVerdicts, holmAdjusted } from '../../src/lib/analysis/family';
import { EFFECTS, type EffectFinding } from '../../src/lib/analysis/findings';

describe("the findings table's family (Holm)", () => {
  it('adjusts p-values step-down: the i-th smallest times (m − i), kept monotone, at most 1', () => {
    expect(holmAdjusted([0.01, 0.04, 0.03, 0.5])).toEqual([0.04, 0.09, 0.09, 0.5]);
    expect(holmAdjusted([0.2, 0.3])).toEqual([0.4, 0.4]);
    expect(holmAdjusted([])).toEqual([]);
  });
  it('keeps a verdict only where it stays significant after the correction, and says whether a significant row was rechecked', () => {
    const e = EFFECTS.find((x) => x.id === 'catalog-middle')!;
    const finding = (p: number, verdict: EffectFinding['verdict'], difference = 0.1): EffectFinding => ({
      effect: e,
      measure: 'correct',
      a: 'α 0.5',
      b: 'α 0.1 and 0.9',
      contrast: { difference, low: 0, high: 0.2, pValue: p, clusters: 100, pairs: 300, a: 0.3, b: 0.4, detectable: 0.05, decides: true, test: 'sign-flip permutation, per request' },
      verdict,
      paperAbsolute: 0.15,
      bound: null,
    });
    const rows = [
      { model: 'Qwen2.5-Coder-1.5B', finding: finding(0.001, 'reproduced') },
      { model: 'Qwen2.5-Coder-0.5B', finding: finding(0.03, 'reproduced') },
      { model: 'SmolLM2', finding: finding(0.6, 'not reproduced') },
    ];
    const v = familyVerdicts(rows);
    expect(v.map((x) => x.verdict)).toEqual(['reproduced', 'inconclusive', 'not reproduced']);
    expect(v[0]?.familyP).toBeCloseTo(0.003, 10);
    // the 1.5B's lost-in-the-middle recheck (+20.0 on 10 other requests) agrees in direction
    expect(v[0]?.recheck).toBe('agrees');
    expect(v[1]?.recheck).toBe('none');
  });
});
