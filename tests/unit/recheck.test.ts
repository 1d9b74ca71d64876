// A recording checked against a re-run of its design with other requests (npm run bench:recheck): what lands inside its intervals, what does not.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { insideChance, insideTally, recheck } from '../../src/lib/analysis/recheck';
import { countsInFigures, type SampleResult } from '../../src/lib/core/types';
import { readRunFile } from '../../src/lib/store/run-file';

const results = (file: string) => readRunFile(readFileSync(`examples/${file}`, 'utf8'), file).results.filter(countsInFigures);
const robustness = results('recordings/qwen0.5b/robustness-200.run.jsonl');
const wrong = (r: SampleResult): SampleResult => ({ ...r, score: { ...r.score, correct: false, value: 0 } });

describe('a recording against a re-run of its design', () => {
  it('the same answers again land inside every interval and agree, on every request shared', () => {
    const check = recheck('robustness', robustness, robustness);
    expect(check.requests).toEqual({ recorded: 200, rerun: 200, shared: 200 });
    expect(check.accuracy.inside).toBe(true);
    expect(check.effects.map((c) => c.effect.id)).toEqual(['robustness-rephrased', 'robustness-expanded']);
    for (const c of check.effects) {
      expect(c.inside && c.agree).toBe(true);
      expect(c.levels.map((l) => l.inside)).toEqual([true, true]);
    }
  });

  it('a re-run whose rephrased requests all fail lands outside the rephrasing contrast and its B level, and leaves the expanded toolkit inside', () => {
    const rerun = robustness.map((r) => (r.cell.variant === 'rephrased' ? wrong(r) : r));
    const check = recheck('robustness', robustness, rerun);
    const [rephrased, expanded] = check.effects;
    expect(rephrased!.rerun.contrast.difference).toBeCloseTo(-0.385, 3);
    expect([rephrased!.inside, rephrased!.agree]).toEqual([false, false]);
    expect(rephrased!.levels.map((l) => [l.label, l.inside])).toEqual([
      ['original', true],
      ['rephrased', false],
    ]);
    expect([expanded!.inside, expanded!.agree]).toEqual([true, true]);
    expect(check.accuracy.inside).toBe(false);
  });

  it('a re-run of fewer requests, all of them in the recording, says so; an effect the design tests per length is checked pooled and at each length', () => {
    const position = results('recordings/qwen0.5b/position.run.jsonl');
    // half of the recording's requests stands in for a smaller re-run
    const ids = [...new Set(position.map((r) => r.itemId))];
    const half = new Set(ids.slice(0, 50));
    const check = recheck(
      'catalog',
      position,
      position.filter((r) => !half.has(r.itemId)),
    );
    expect(check.requests).toEqual({ recorded: 100, rerun: 50, shared: 50 });
    const middle = check.effects.filter((c) => c.effect.id === 'catalog-middle');
    expect(middle.map((c) => c.length)).toEqual([null, 1024, 2048, 4096]);
    expect(middle[0]!.rerun.contrast.clusters).toBe(50);
  });

  it("how often a re-run lands inside the recording's interval when both measure the same model: 83% at the same size, 67% at a third", () => {
    const recorded = { low: 0.3, high: 0.5 };
    expect(insideChance(recorded, recorded)).toBeCloseTo(0.834, 3);
    // a third of the requests: an interval √3 as wide
    const third = { low: 0.4 - 0.1 * Math.sqrt(3), high: 0.4 + 0.1 * Math.sqrt(3) };
    expect(insideChance(recorded, third)).toBeCloseTo(0.673, 3);
    expect(insideChance({ low: 0, high: 0 }, { low: 0, high: 0 })).toBe(1);
    // the check itself carries it: the same answers again are as likely inside as a re-run of the same size can be
    const check = recheck('robustness', robustness, robustness);
    expect(check.accuracy.chance).toBeCloseTo(0.834, 3);
    // accuracy, two differences, and the levels original, rephrased, expanded (original counted once)
    const tally = insideTally(check);
    expect([tally.inside, tally.figures]).toEqual([6, 6]);
    expect(tally.expected).toBeGreaterThan(4.5);
    expect(tally.expected).toBeLessThan(6);
  });
});
