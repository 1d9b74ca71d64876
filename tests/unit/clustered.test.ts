import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/lib/analysis/catalog';
import { clusteredShare, groupContrast, pairedContrast, verdictOf } from '../../src/lib/analysis/clustered';
import { mcnemarExact } from '../../src/lib/analysis/paired';

interface R {
  request: string;
  cond: string;
  right: number;
}
const id = (r: R) => r.request;
const right = (r: R) => r.right;

describe('intervals and tests that describe the model, not the requests drawn (issue 48)', () => {
  it('one sample a request: the cluster bootstrap is close to Wilson; twenty of each request: far wider, as it should be', () => {
    const single: R[] = Array.from({ length: 100 }, (_, i) => ({ request: `q${i}`, cond: 'x', right: i < 40 ? 1 : 0 }));
    const s = clusteredShare(single, right, id);
    const [wl, wh] = wilson(40, 100);
    expect(s.value).toBe(0.4);
    expect(Math.abs(s.low - wl)).toBeLessThan(0.03);
    expect(Math.abs(s.high - wh)).toBeLessThan(0.03);
    // five requests asked twenty times each, each always right or always wrong: 100 samples, but five draws of the model
    const five: R[] = Array.from({ length: 100 }, (_, i) => ({ request: `q${i % 5}`, cond: 'x', right: i % 5 < 2 ? 1 : 0 }));
    const c = clusteredShare(five, right, id);
    expect(c.value).toBe(0.4);
    expect(c.clusters).toBe(5);
    expect(c.high - c.low).toBeGreaterThan(2 * (wh - wl));
  });

  it('a paired contrast: a real effect is found, none is not, and one pair a request gives what McNemar gives', () => {
    // 60 requests; under B, 24 more are right than under A, 3 fewer
    const rows: R[] = [];
    for (let i = 0; i < 60; i++) {
      const a = i < 20 ? 1 : i >= 57 ? 1 : 0;
      const b = i < 20 || (i >= 20 && i < 44) ? 1 : 0;
      rows.push({ request: `q${i}`, cond: 'A', right: a }, { request: `q${i}`, cond: 'B', right: b });
    }
    const c = pairedContrast(rows, { isA: (r) => r.cond === 'A', isB: (r) => r.cond === 'B', pair: id, cluster: id, value: right })!;
    expect(c.difference).toBeCloseTo(21 / 60);
    expect(c.clusters).toBe(60);
    expect(c.low).toBeGreaterThan(0.15);
    expect(c.pValue).toBeLessThan(0.001);
    expect(Math.abs(c.pValue - mcnemarExact(3, 24))).toBeLessThan(0.001);
    expect(verdictOf(c, 1, 0.1)).toBe('reproduced');
    expect(verdictOf(c, -1, 0.1)).toBe('opposite');
    // no effect: as many gained as lost
    const even = rows.map((r) => (r.cond === 'B' ? { ...r, right: Number(r.request.slice(1)) % 2 } : { ...r, right: 1 - (Number(r.request.slice(1)) % 2) }));
    const none = pairedContrast(even, { isA: (r) => r.cond === 'A', isB: (r) => r.cond === 'B', pair: id, cluster: id, value: right })!;
    expect(none.difference).toBe(0);
    expect(none.pValue).toBeGreaterThan(0.5);
    expect(verdictOf(none, 1, 0.5)).toBe('not reproduced');
    expect(verdictOf(none, 1, 0.05)).toBe('inconclusive');
  });

  it('several pairs of one request count as one request: the test does not grow with the cells it was asked in', () => {
    const rows: R[] = [];
    // 8 requests, each asked at 10 lengths; 5 gain under B at every length, 3 lose at every length
    for (let i = 0; i < 8; i++) for (let L = 0; L < 10; L++) rows.push({ request: `q${i}|${L}`, cond: 'A', right: i < 5 ? 0 : 1 }, { request: `q${i}|${L}`, cond: 'B', right: i < 5 ? 1 : 0 });
    const c = pairedContrast(rows, { isA: (r) => r.cond === 'A', isB: (r) => r.cond === 'B', pair: id, cluster: (r) => r.request.split('|')[0]!, value: right })!;
    expect([c.pairs, c.clusters]).toEqual([80, 8]);
    // as 80 independent pairs this would be p < 0.05 (McNemar 30 vs 50); as 8 requests it is nowhere near
    expect(mcnemarExact(30, 50)).toBeLessThan(0.05);
    expect(c.pValue).toBeGreaterThan(0.3);
  });

  it('two groups of tasks: a shift is found, with its interval', () => {
    const rows: R[] = [
      ...Array.from({ length: 40 }, (_, i) => ({ request: `a${i}`, cond: 'A', right: (i % 10) / 20 })),
      ...Array.from({ length: 60 }, (_, i) => ({ request: `b${i}`, cond: 'B', right: 0.5 + (i % 10) / 20 })),
    ];
    const c = groupContrast(rows, { isA: (r) => r.cond === 'A', isB: (r) => r.cond === 'B', cluster: id, value: right })!;
    expect(c.difference).toBeCloseTo(0.5);
    expect(c.low).toBeGreaterThan(0.4);
    expect(c.pValue).toBeLessThan(0.001);
  });

  it('too few requests to decide: the interval is the whole range and nothing is detectable, not a point; an accuracy is never narrower than its requests counted once', () => {
    const dropping = (n: number): R[] =>
      Array.from({ length: n }, (_, i) => [
        { request: `q${i}`, cond: 'A', right: 1 },
        { request: `q${i}`, cond: 'B', right: 0 },
      ]).flat();
    const contrast = (rows: R[]) => pairedContrast(rows, { isA: (r) => r.cond === 'A', isB: (r) => r.cond === 'B', pair: id, cluster: id, value: right })!;
    // three requests that all lost under B: the sign flip cannot go below p = 2/8; a bootstrap said [-1, -1]
    const three = contrast(dropping(3));
    expect([three.difference, three.low, three.high, three.detectable]).toEqual([-1, -1, 1, 1]);
    expect(three.pValue).toBeCloseTo(0.25);
    expect(verdictOf(three, -1, 0.9)).toBe('inconclusive');
    // six can decide (2/64 < 0.05): reproduced, with the bootstrap's interval
    const six = contrast(dropping(6));
    expect(six.pValue).toBeLessThan(0.05);
    expect([six.low, six.high]).toEqual([-1, -1]);
    expect(verdictOf(six, -1, 0.1)).toBe('reproduced');
    // groups of 3 and 3 tasks: 20 arrangements, no p below 0.1
    const groups = groupContrast(
      [0, 1, 2].flatMap((i) => [
        { request: `a${i}`, cond: 'A', right: 0 },
        { request: `b${i}`, cond: 'B', right: 1 },
      ]),
      { isA: (r) => r.cond === 'A', isB: (r) => r.cond === 'B', cluster: id, value: right },
    )!;
    expect([groups.difference, groups.low, groups.high, groups.detectable]).toEqual([1, -1, 1, 1]);
    // five requests asked four times each, all wrong: a bootstrap over them is 0–0%; Wilson over five answers is 0–43%
    const wrong: R[] = Array.from({ length: 20 }, (_, i) => ({ request: `q${i % 5}`, cond: 'x', right: 0 }));
    const share = clusteredShare(wrong, right, id);
    expect(share.low).toBe(0);
    expect(share.high).toBeCloseTo(wilson(0, 5)[1], 6);
    expect(share.high).toBeGreaterThan(0.4);
  });
});
