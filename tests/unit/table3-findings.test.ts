/** WildAgtEval's verdicts are decided on the metric of the table they cite: API calls right over turns, pooled as Table 3 pools them. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pairedPooledContrast } from '../../src/lib/analysis/clustered';
import { EFFECTS, measureEffect, measureNameOf } from '../../src/lib/analysis/findings';
import { table3 } from '../../src/lib/analysis/wildagteval';
import { readRunFile } from '../../src/lib/store/run-file';

interface Episode {
  request: string;
  side: 'off' | 'on';
  hits: number;
  turns: number;
}

const pooled = (episodes: Episode[]) =>
  pairedPooledContrast(episodes, {
    isA: (e) => e.side === 'off',
    isB: (e) => e.side === 'on',
    pair: (e) => e.request,
    cluster: (e) => e.request,
    hits: (e) => e.hits,
    count: (e) => e.turns,
  });

/** Each request's off and on episode, as [hits, turns]. */
const pairs = (...rows: [request: string, off: [number, number], on: [number, number]][]): Episode[] =>
  rows.flatMap(([request, off, on]) => [
    { request, side: 'off' as const, hits: off[0], turns: off[1] },
    { request, side: 'on' as const, hits: on[0], turns: on[1] },
  ]);

describe('a contrast of pooled shares', () => {
  it('pools hits over counts on each side, where a mean of per-episode shares would not', () => {
    const c = pooled(pairs(['r1', [1, 1], [0, 1]], ['r2', [1, 3], [3, 3]]))!;
    // per-episode shares would say 0.667 → 0.5, a fall; the turns say 2 of 4 → 3 of 4, a rise
    expect([c.a, c.b, c.difference, c.pairs, c.clusters]).toEqual([0.5, 0.75, 0.25, 2, 2]);
    // two requests cannot decide anything
    expect(c.decides).toBe(false);
  });

  it('leaves out a pair with no turn on a side (an unanswered episode) and says nothing without a pair', () => {
    const c = pooled(pairs(['r1', [1, 2], [0, 0]], ['r2', [2, 2], [1, 2]]))!;
    expect([c.a, c.b, c.pairs]).toEqual([1, 0.5, 1]);
    expect(pooled([{ request: 'r1', side: 'off', hits: 1, turns: 1 }])).toBeNull();
  });

  it('decides a consistent fall over enough requests, and not a coin toss', () => {
    const fall = pairs(...Array.from({ length: 12 }, (_, i): [string, [number, number], [number, number]] => [`r${i}`, [2, 2], [0, 2]]));
    const c = pooled(fall)!;
    expect(c.decides).toBe(true);
    expect(c.pValue).toBeLessThan(0.01);
    const mixed = pairs(...Array.from({ length: 12 }, (_, i): [string, [number, number], [number, number]] => [`r${i}`, [i % 2, 1], [(i + 1) % 2, 1]]));
    expect(pooled(mixed)!.pValue).toBeGreaterThan(0.5);
  });
});

describe("WildAgtEval's rows of the findings and the report's Table 3", () => {
  const turnsEffects = EFFECTS.filter((e) => e.measure === 'turns');
  const recordings = readdirSync('examples/recordings').flatMap((model) =>
    readdirSync(`examples/recordings/${model}`)
      .filter((f) => f.endsWith('.run.jsonl'))
      .map((f) => `examples/recordings/${model}/${f}`),
  );

  it('are the effects that cite Table 3, and name its metric', () => {
    expect(turnsEffects.map((e) => e.id)).toEqual(['complexity-ad_hoc', 'complexity-irrelevant', 'wildagteval-ad-hoc']);
    for (const e of turnsEffects) expect(measureNameOf(e)).toBe('API calls right over turns');
    // every effect citing WildAgtEval's Table 3 is decided on its metric
    expect(EFFECTS.filter((e) => e.paper.includes('WildAgtEval (Table 3)')).every((e) => e.measure === 'turns')).toBe(true);
  });

  it('are refused by name when declared on two groups, which have no pairs to pool turns over', () => {
    const e = { ...turnsEffects[0]!, pairing: 'groups' as const };
    expect(() => measureEffect(e, [])).toThrow(`effect ${e.id}: API calls over turns are measured on pairs, and it declares two groups`);
  });

  it('give the same off and on figures for every shipped recording', () => {
    let compared = 0;
    for (const file of recordings) {
      const { run, results } = readRunFile(readFileSync(file, 'utf8'), file);
      const rows = table3(results).rows;
      for (const e of turnsEffects.filter((x) => x.suite === run.suite)) {
        const finding = measureEffect(e, results);
        const type = e.id === 'wildagteval-ad-hoc' ? 'ad_hoc' : e.id.replace('complexity-', '');
        const same = rows.find((r) => r.type === type);
        expect(Boolean(finding), `${file} ${e.id}: a finding where Table 3 has a row`).toBe(Boolean(same));
        if (!finding || !same) continue;
        expect([finding.contrast.a, finding.contrast.b], `${file} ${e.id}`).toEqual([same.off.accuracy, same.on.accuracy]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(8);
  });
});
