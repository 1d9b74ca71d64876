// The first view's figures (issue 49): read from the recordings the app ships, with intervals over requests.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accuracyCurve, effectLines, effectRows } from '../../src/lib/analysis/first-view';
import { EFFECTS } from '../../src/lib/analysis/findings';
import { isUnanswered } from '../../src/lib/core/types';
import { readRunFile } from '../../src/lib/store/run-file';

const answered = (file: string) => readRunFile(readFileSync(`examples/${file}`, 'utf8'), file).results.filter((r) => !isUnanswered(r));

describe('the first view', () => {
  it("the 1.5B's catalog curve is the README's: 76 / 92 / 32 / 28% at 1K–8K, each point's interval over its requests", () => {
    const curve = accuracyCurve(answered('qwen15-catalog.run.jsonl'), (r) => r.cell.length);
    expect(curve.map((p) => [p.x, p.y])).toEqual([
      [1024, 0.76],
      [2048, 0.92],
      [4096, 0.32],
      [8192, 0.28],
    ]);
    for (const p of curve) {
      expect(p.n).toBe(25);
      expect(p.requests).toBeLessThan(p.n);
      expect(p.low).toBeLessThanOrEqual(p.y);
      expect(p.high).toBeGreaterThanOrEqual(p.y);
    }
  });

  it('each effect is told from the recording with the most samples that holds its pairs; an effect no recording tests says so', () => {
    const runs = [
      { key: 'small', model: 'a', suite: 'catalog', results: answered('qwen05-browser-catalog.run.jsonl') },
      { key: 'large', model: 'b', suite: 'catalog', results: answered('qwen15-catalog.run.jsonl') },
    ];
    const lines = effectLines(runs);
    expect(lines.map((l) => l.effectId)).toEqual(EFFECTS.map((e) => e.id));
    const length = lines.find((l) => l.effectId === 'catalog-length');
    expect(length?.best?.run.key).toBe('large');
    expect(length?.best?.finding.a).toBe('1K');
    expect(lines.find((l) => l.effectId === 'robustness-rephrased')?.best).toBeNull();
  });

  it("the findings table has a row per effect and model, from that model's best-powered recording of it", () => {
    const runs = [
      { key: 'small-a', model: 'a', suite: 'catalog', results: answered('qwen05-browser-catalog.run.jsonl') },
      { key: 'large-a', model: 'a', suite: 'catalog', results: answered('qwen05-catalog.run.jsonl') },
      { key: 'b', model: 'b', suite: 'catalog', results: answered('qwen15-catalog.run.jsonl') },
      { key: 'c', model: 'c', suite: 'robustness', results: answered('qwen05-robustness-200.run.jsonl') },
    ];
    const rows = effectRows(runs);
    const length = rows.filter((r) => r.effectId === 'catalog-length');
    expect(length.map((r) => [r.model, r.run.key])).toEqual([
      ['a', 'large-a'],
      ['b', 'b'],
    ]);
    expect(rows.filter((r) => r.effectId === 'robustness-rephrased').map((r) => r.model)).toEqual(['c']);
    // effects in their declared order
    const order = EFFECTS.map((e) => e.id);
    const seen = rows.map((r) => order.indexOf(r.effectId));
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(new Set(rows.map((r) => r.effectId)).size).toBeGreaterThan(2);
  });
});
