// The first view's figures (issue 49): read from the recordings the app ships, with intervals over requests.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accuracyCurve, curveRecordings, effectLines, effectPicture, effectRows, namedCurve } from '../../src/lib/analysis/first-view';
import { measuredRuns } from '../../src/lib/analysis/line-scale';
import { detectsOf, EFFECTS, effectsOf, measureEffect, measureEffectPerLength, verdictText } from '../../src/lib/analysis/findings';
import { isUnanswered } from '../../src/lib/core/types';
import { readRunFile } from '../../src/lib/store/run-file';

const answered = (file: string) => readRunFile(readFileSync(`examples/${file}`, 'utf8'), file).results.filter((r) => !isUnanswered(r));

describe('the first view', () => {
  it('names each curve with what it stands on, draws a model at a floor faintly, and joins only neighbouring places it measured', () => {
    const lone = namedCurve('Qwen2.5-Coder-1.5B, recorded', answered('recordings/qwen1.5b/position.run.jsonl'), (r) => r.cell.length);
    expect(lone.name).toBe('Qwen2.5-Coder-1.5B, recorded (4K only; 100 requests)');
    expect(lone.faint).toBe(false);
    const floor = namedCurve('SmolLM2-135M, recorded', answered('recordings/smollm2/catalog.run.jsonl'), (r) => r.cell.alpha ?? 0);
    expect(floor.faint).toBe(true);
    expect(floor.name).toMatch(/; 5 requests\) — 0%, a floor$/);
    // the 0.5B measured at α 0.1, 0.5 and 0.9 on an axis that also holds 0.3 and 0.7: no line between them
    const xs = [0.1, 0.3, 0.5, 0.7, 0.9];
    expect(measuredRuns([{ x: 0.1 }, { x: 0.5 }, { x: 0.9 }], xs)).toEqual([[{ x: 0.1 }], [{ x: 0.5 }], [{ x: 0.9 }]]);
    expect(measuredRuns([{ x: 0.9 }, { x: 0.1 }, { x: 0.3 }, { x: 0.5 }], xs)).toEqual([[{ x: 0.1 }, { x: 0.3 }, { x: 0.5 }], [{ x: 0.9 }]]);
  });
  it("the 1.5B's catalog curve is the README's: 76 / 92 / 32 / 28% at 1K–8K, each point's interval over its requests", () => {
    const curve = accuracyCurve(answered('recordings/qwen1.5b/catalog.run.jsonl'), (r) => r.cell.length);
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
      { key: 'small', model: 'a', suite: 'catalog', results: answered('recordings/qwen0.5b/browser-catalog.run.jsonl') },
      { key: 'large', model: 'b', suite: 'catalog', results: answered('recordings/qwen1.5b/catalog.run.jsonl') },
    ];
    const lines = effectLines(runs);
    expect(lines.map((l) => l.effectId)).toEqual(EFFECTS.filter((e) => !e.restates).map((e) => e.id));
    const length = lines.find((l) => l.effectId === 'catalog-length');
    expect(length?.best?.run.key).toBe('large');
    expect(length?.best?.finding.a).toBe('1K');
    expect(lines.find((l) => l.effectId === 'robustness-rephrased')?.best).toBeNull();
  });

  it("the findings table has a row per effect and model, from that model's best-powered recording of it", () => {
    const runs = [
      { key: 'small-a', model: 'a', suite: 'catalog', results: answered('recordings/qwen0.5b/browser-catalog.run.jsonl') },
      { key: 'large-a', model: 'a', suite: 'catalog', results: answered('recordings/qwen0.5b/catalog.run.jsonl') },
      { key: 'b', model: 'b', suite: 'catalog', results: answered('recordings/qwen1.5b/catalog.run.jsonl') },
      { key: 'c', model: 'c', suite: 'robustness', results: answered('recordings/qwen0.5b/robustness-200.run.jsonl') },
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

  it("a model whose own design cannot test an effect is in the family through another design that does (the 1.5B's `length`), and a recording of no design is exploratory", () => {
    const probability = answered('recordings/qwen0.5b/position-probability.run.jsonl');
    const rowOf = (command: string) => effectRows([{ key: command, model: 'm', suite: 'catalog', results: probability, command }]).find((r) => r.effectId === 'catalog-length')!.finding;
    expect(EFFECTS.find((e) => e.id === 'catalog-length')?.alsoDesigns).toEqual(['length']);
    const length = rowOf('npm run bench:gallery -- qwen1.5b length');
    expect([length.exploratory, length.family !== undefined]).toEqual([undefined, true]);
    const catalog = rowOf('npm run bench:gallery -- qwen1.5b catalog');
    expect([catalog.exploratory, catalog.family]).toEqual([true, undefined]);
  });

  it("the response-size effect to the papers' lengths is a row of its own only where the size ladder reaches 8K (`depth-long`): 1K against the longest, on accuracy", () => {
    const depth = answered('recordings/qwen0.5b/depth.run.jsonl');
    const rowsOf = (results: typeof depth) => effectRows([{ key: 'k', model: 'm', suite: 'response-qa', results, command: 'npm run bench:gallery -- qwen0.5b depth-long' }]);
    // `depth` stops at 4K: the effect is its own row there, never the papers' lengths'
    expect(rowsOf(depth).map((r) => r.effectId)).not.toContain('response-size@depth-long');
    // the same samples with the 4K responses called 16K: 1K → 16K, the 1K → 4K difference, in the family
    const sizeLadder = depth.filter((r) => r.cell.variant === 'size' && r.cell.length !== 2048);
    const stretched = sizeLadder.map((r) => (r.cell.length === 4096 ? { ...r, cell: { ...r.cell, length: 16384 } } : r));
    const long = rowsOf(stretched).find((r) => r.effectId === 'response-size@depth-long')!.finding;
    const base = measureEffect(
      EFFECTS.find((e) => e.id === 'response-size')!,
      sizeLadder,
    )!;
    expect([long.a, long.b, long.measure]).toEqual(['1K', '16K', 'correct']);
    expect(long.contrast.difference).toBeCloseTo(base.contrast.difference, 9);
    expect(long.family).toBeDefined();
  });

  it("draws each model's curve along an axis from a recording that varies along it over 20 requests or more, else its largest, said as a point", () => {
    const position = { model: '1.5B', results: answered('recordings/qwen1.5b/position.run.jsonl') };
    const catalog = { model: '1.5B', results: answered('recordings/qwen1.5b/catalog.run.jsonl') };
    const byLength = (r: { cell: { length: number } }) => r.cell.length;
    const byAlpha = (r: { cell: { alpha?: number } }) => r.cell.alpha ?? 0;
    // today: its 4K-only recording on both charts (the 1K–8K catalog asks 5 requests)
    expect(curveRecordings([catalog, position], byLength)).toEqual([position]);
    expect(curveRecordings([catalog, position], byAlpha)).toEqual([position]);
    // a length design of 30 requests (the 0.5B's 1K–4K samples standing in) draws its length curve; the position chart keeps the larger 4K recording
    const length = { model: '1.5B', results: answered('recordings/qwen0.5b/position-probability.run.jsonl') };
    expect(curveRecordings([catalog, position, length], byLength)).toEqual([length]);
    expect(curveRecordings([catalog, position, length], byAlpha)).toEqual([position]);
  });

  describe("each effect's picture", () => {
    const effect = (id: string) => EFFECTS.find((e) => e.id === id)!;
    const robustness200 = { key: 'r200', model: 'Qwen 0.5B', suite: 'robustness', results: answered('recordings/qwen0.5b/robustness-200.run.jsonl') };

    it("robustness: the request's three wordings along x, the 0.5B's 38.5 / 34.0 / 39.0% of the findings table, each over its 200 requests", () => {
      const picture = effectPicture(effect('robustness-rephrased'), [robustness200])!;
      expect(picture.series.map((s) => s.name)).toEqual(['Qwen 0.5B']);
      const points = picture.series[0]!.points;
      expect(points.map((p) => [picture.xText(p.x), p.y])).toEqual([
        ['original', 0.385],
        ['rephrased', 0.34],
        ['expanded toolkit', 0.39],
      ]);
      for (const p of points) {
        expect([p.n, p.requests]).toEqual([200, 200]);
        expect(p.low).toBeLessThan(p.y);
        expect(p.high).toBeGreaterThan(p.y);
      }
      expect(picture.model).toBeUndefined();
    });

    it("a picture without series of its own draws one line per model, from its recording with the most samples on it (the ladder), in the order of the models' names", () => {
      const small = { key: 'r60', model: 'Qwen 0.5B', suite: 'robustness', results: answered('recordings/qwen0.5b/robustness.run.jsonl') };
      const other = { ...small, key: 'other', model: 'Qwen 0.1B' };
      const expected = [
        ['Qwen 0.1B', 20],
        ['Qwen 0.5B', 200],
      ];
      for (const recorded of [
        [small, robustness200, other],
        [other, small, robustness200],
      ])
        expect(effectPicture(effect('robustness-expanded'), recorded)!.series.map((s) => [s.name, s.points[0]?.n])).toEqual(expected);
    });

    it('lost in the middle: a line per length along α, drawn from the recording with the most samples, which it names', () => {
      const runs = [
        { key: 'b', model: 'Qwen 1.5B', suite: 'catalog', results: answered('recordings/qwen1.5b/catalog.run.jsonl') },
        { key: 'small', model: 'Qwen 0.5B', suite: 'catalog', results: answered('recordings/qwen0.5b/browser-catalog.run.jsonl') },
      ];
      const picture = effectPicture(effect('catalog-middle'), runs)!;
      expect(picture.model).toBe('Qwen 1.5B');
      expect(picture.series.map((s) => s.name)).toEqual(['1K tokens', '2K tokens', '4K tokens', '8K tokens']);
      for (const s of picture.series) expect(s.points.map((p) => p.x)).toEqual([0.1, 0.3, 0.5, 0.7, 0.9]);
      // the 1.5B's 1K row: 5 requests a position
      expect(picture.series[0]!.points.map((p) => p.n)).toEqual([5, 5, 5, 5, 5]);
    });

    it('answer depth keeps the depth samples only, along the record that holds the answer', () => {
      const run = { key: 'qa', model: 'Qwen 0.5B', suite: 'response-qa', results: answered('recordings/qwen0.5b/response-qa.run.jsonl') };
      const depth = effectPicture(effect('response-depth'), [run])!;
      const positionSamples = run.results.filter((r) => r.cell.variant === 'position');
      expect(depth.series.flatMap((s) => s.points).reduce((n, p) => n + p.n, 0)).toBe(positionSamples.length);
      expect(depth.series[0]!.points.map((p) => depth.xText(p.x))).toEqual([...new Set(positionSamples.map((r) => r.cell.record))].sort((x, y) => x! - y!).map((p) => `record ${p}`));
    });

    it("the Selection Gap draws CompToolBench's score by level, not right-or-wrong; an effect with no recording has no picture", () => {
      const run = { key: 'c', model: 'Qwen 0.5B', suite: 'composition', results: answered('recordings/qwen0.5b/composition.run.jsonl') };
      const picture = effectPicture(effect('selection-gap'), [run])!;
      expect(picture.yLabel).toBe('CompToolBench score');
      const l0 = run.results.filter((r) => r.facets?.level === 'L0_node');
      const mean = l0.reduce((a, r) => a + r.score.value, 0) / l0.length;
      expect(picture.series[0]!.points[0]).toMatchObject({ x: 0, y: mean, n: l0.length });
      expect(effectPicture(effect('conversation-length'), [run])).toBeNull();
    });
  });

  it('position bias is tested at each length too, as the design says; an effect the design pools only is not', () => {
    const results = answered('recordings/qwen1.5b/catalog.run.jsonl');
    const middle = EFFECTS.find((e) => e.id === 'catalog-middle')!;
    const perLength = measureEffectPerLength(middle, results);
    expect(perLength.map((x) => x.length)).toEqual([1024, 2048, 4096, 8192]);
    for (const { length, finding } of perLength) {
      const here = results.filter((r) => r.cell.length === length);
      const share = (alphas: number[]) => {
        const on = here.filter((r) => alphas.includes(r.cell.alpha ?? NaN));
        return on.filter((r) => r.score.correct).length / on.length;
      };
      // each of the five requests once at α 0.5 and twice at the ends: their means are the cells' accuracies
      expect(finding.contrast.a).toBeCloseTo(share([0.5]));
      expect(finding.contrast.b).toBeCloseTo(share([0.1, 0.9]));
      expect([finding.contrast.clusters, finding.contrast.decides]).toEqual([5, false]);
    }
    // pooled, the same requests at every length: one cluster each
    expect(measureEffect(middle, results)?.contrast.clusters).toBe(5);
    expect(
      measureEffectPerLength(
        EFFECTS.find((e) => e.id === 'catalog-length')!,
        results,
      ),
    ).toEqual([]);
  });
  it("a run of one length shows each position effect once, named by its length, not pooled and again at that length (the 1.5B's position design, 4K only)", () => {
    const at4K = answered('recordings/qwen1.5b/catalog.run.jsonl').filter((r) => r.cell.length === 4096);
    const rows = effectsOf('catalog', at4K).filter((f) => f.effect.id === 'catalog-middle' || f.effect.id === 'catalog-recency');
    expect(rows.map((f) => `${f.effect.id}: ${f.a} → ${f.b}`)).toEqual(['catalog-middle: α 0.5 at 4K → α 0.1 and 0.9 at 4K', 'catalog-recency: α 0.1 at 4K → α 0.9 at 4K']);
    expect(rows[0]!.contrast.difference).toBeCloseTo(
      measureEffect(
        EFFECTS.find((e) => e.id === 'catalog-middle')!,
        at4K,
      )!.contrast.difference,
    );
    // over several lengths: pooled, then each length
    expect(effectsOf('catalog', answered('recordings/qwen1.5b/catalog.run.jsonl')).filter((f) => f.effect.id === 'catalog-middle')).toHaveLength(5);
  });
  it("a drop from nothing right is no finding: SmolLM2's ad-hoc turns (0% off) and robustness (0 of 600) are a floor, nothing detectable; the 0.5B's ad-hoc turns, above it, are tested on Table 3's metric", () => {
    const floor = measureEffect(
      EFFECTS.find((e) => e.id === 'complexity-ad_hoc')!,
      answered('recordings/smollm2/browser-api-complexity.run.jsonl'),
    )!;
    expect([floor.contrast.a, floor.bound, floor.verdict, detectsOf(floor), verdictText(floor)]).toEqual([0, 'floor', 'inconclusive', 'nothing', 'inconclusive (a floor: off is 0.0%)']);
    const complexity = answered('recordings/qwen0.5b/complexity.run.jsonl');
    // no episode of its ad-hoc targets was right off (0 of 20), but 15.4% of their turns were: Table 3's metric has room to fall
    const adHoc = measureEffect(
      EFFECTS.find((e) => e.id === 'complexity-ad_hoc')!,
      complexity,
    )!;
    expect([adHoc.contrast.a.toFixed(4), adHoc.bound, adHoc.verdict]).toEqual([(2 / 13).toFixed(4), null, 'inconclusive']);
    const irrelevant = measureEffect(
      EFFECTS.find((e) => e.id === 'complexity-irrelevant')!,
      complexity,
    )!;
    expect([irrelevant.contrast.a.toFixed(4), irrelevant.bound, irrelevant.verdict]).toEqual([(10 / 27).toFixed(4), null, 'inconclusive']);
    // system failures are judged on their handling, not on API-call accuracy: no off → on verdict compares the two
    expect(EFFECTS.filter((e) => e.suite === 'wildagteval-simulated').map((e) => e.id)).toEqual(['complexity-ad_hoc', 'complexity-irrelevant']);
    const rephrased = measureEffect(
      EFFECTS.find((e) => e.id === 'robustness-rephrased')!,
      answered('recordings/smollm2/robustness-200.run.jsonl'),
    )!;
    expect([rephrased.bound, detectsOf(rephrased)]).toEqual(['floor', 'nothing']);
  });
});
