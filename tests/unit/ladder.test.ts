import { describe, expect, it } from 'vitest';
import { modelLadder, type SizedRun } from '../../src/lib/analysis/ladder';
import type { SampleResult } from '../../src/lib/core/types';

/** `n` requests, each asked in 2 cells; right on the first `right` requests */
const samples = (prefix: string, n: number, right: number) =>
  Array.from({ length: n }, (_, i) => [0, 1].map((k) => ({ sampleId: `${prefix}${i}@${k}`, itemId: `${prefix}${i}`, score: { correct: i < right } }) as SampleResult)).flat();

const run = (key: string, parameters: number, results: SampleResult[], suite = 'catalog'): SizedRun<string> => ({ key, model: key.split('/')[0] ?? key, parameters, suite, results });

describe('the model ladder', () => {
  const small = run('135m/robust', 135e6, samples('q', 40, 0));
  const mid = run('0.5b/robust', 0.49e9, samples('q', 40, 15));
  const large = run('1.5b/robust', 1.54e9, samples('q', 40, 30));
  // the mid model's small run in the tab: a few of the same samples
  const midTab = run('0.5b/tab', 0.49e9, samples('q', 3, 1));

  it('pairs each recording with the next smaller model that shares its samples, over requests', () => {
    const steps = modelLadder([large, mid, small]);
    expect(steps.map((s) => `${s.a.key} → ${s.b.key}`)).toEqual(['135m/robust → 0.5b/robust', '0.5b/robust → 1.5b/robust']);
    const up = steps[1]!.paired;
    expect(up).toMatchObject({ pairs: 80, requests: 40, onlyB: 30, onlyA: 0 });
    expect(up.difference).toBeCloseTo(15 / 40);
    // over 40 requests, not 80 samples
    expect(up.test).toBe('permutation');
  });

  it('pairs a recording once: a small run of the same samples is not set against the same one twice', () => {
    const steps = modelLadder([small, mid, midTab, large]);
    expect(steps.map((s) => `${s.a.key} → ${s.b.key}`)).toEqual(['135m/robust → 0.5b/robust', '0.5b/robust → 1.5b/robust']);
  });

  it('skips a rung that shares nothing, and never pairs across suites or within one model', () => {
    const elsewhere = run('0.5b/other', 0.49e9, samples('x', 10, 5));
    const otherSuite = run('0.5b/robust-suite', 0.49e9, samples('q', 40, 15), 'robustness');
    const steps = modelLadder([small, elsewhere, otherSuite, large, run('1.5b/again', 1.54e9, samples('q', 40, 20))]);
    expect(steps.map((s) => `${s.a.key} → ${s.b.key}`)).toEqual(['135m/robust → 1.5b/robust']);
    expect(modelLadder([mid, midTab])).toEqual([]);
  });
});
