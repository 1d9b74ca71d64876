import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { robustnessTable } from '../../src/lib/analysis/robustness';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { parseNumberWords } from '../../src/lib/core/entities';
import type { Pack, SampleResult } from '../../src/lib/core/types';
import { createBaselineEngine } from '../../src/lib/engines/baseline';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { readBfclPack } from '../../src/lib/formats/bfcl';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { toolPool } from '../../src/lib/suites/catalog/tool-pool';
import { PAPER_EXPANSION, ToolIndex } from '../../src/lib/suites/robustness/expand';
import { keepsStatedValues, PERTURBATIONS, rephrase, statesValue } from '../../src/lib/suites/robustness/perturbations';
import { robustnessCoverage, robustnessSource } from '../../src/lib/suites/robustness/suite';
import { DEFAULT_ROBUSTNESS, EXPANDED, ORIGINAL, REPHRASED } from '../../src/lib/suites/robustness/config';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

const catalog = buildCatalogPack();
const BFCL = '../shared/reference/bfcl';
const bfcl: Pack | null = existsSync(`${BFCL}/BFCL_v4_multiple.json`)
  ? readBfclPack({ name: 'multiple', questions: readFileSync(`${BFCL}/BFCL_v4_multiple.json`, 'utf8'), answers: readFileSync(`${BFCL}/possible_answer/BFCL_v4_multiple.json`, 'utf8') })
  : null;
if (!bfcl) console.warn(`BFCL reference files not found at ${BFCL}: robustness checks on BFCL multiple skipped`);
/** The built-in catalog always; BFCL multiple when ../shared is there (a skipped placeholder names it otherwise). */
const bases: [string, Pack | null][] = [
  ['built-in catalog', catalog],
  [`BFCL multiple (${BFCL})`, bfcl],
];
const rule = (id: string) => PERTURBATIONS.find((p) => p.id === id)!;

describe('rephrasing rules', () => {
  it('rewrite surface forms and nothing else', () => {
    expect(rule('entity-surface').apply('What is the humidity in Miami, Florida in the next 7 days?')).toBe('What is the humidity in Miami, FL in the next 7 days?');
    expect(rule('entity-surface').apply('Hotels in Austin, TX please')).toBe('Hotels in Austin, Texas please');
    expect(rule('entity-surface').apply('Flights to New York City')).toBeNull();
    expect(rule('number-words').apply('a forecast for 7 days and 3 people')).toBe('a forecast for seven days and three people');
    // ids, decimals, money, percentages, exponents, times and lists are left alone
    expect(rule('number-words').apply('order A-7, 3.5 kg, $5, 20%, x^2, 10:30, scores [4, 5]')).toBeNull();
    expect(rule('verb-synonym').apply('Show me the weather')).toBe('Give me the weather');
    expect(rule('verb-synonym').apply('Search for flights')).toBe('Look for flights');
    expect(rule('request-frame').apply('Can you book a table for two?')).toBe('Please book a table for two.');
    expect(rule('sentence-order').apply('I live in Oslo. Book a taxi to the airport.')).toBe('Book a taxi to the airport. I live in Oslo.');
    expect(rule('sentence-order').apply('Find the file. It is in my documents.')).toBeNull();
    expect(rule('punctuation-case').apply('What is the capital of Brazil?')).toBe('what is the capital of Brazil');
  });

  it('a rewrite that loses a stated value is refused', () => {
    const answers = [{ weather: { city: ['Miami, Florida', 'Miami'], days: [7] } }];
    expect(keepsStatedValues('Weather in Miami, Florida for 7 days', 'Weather in Miami, FL for seven days', answers)).toBe(true);
    expect(keepsStatedValues('Weather in Miami, Florida for 7 days', 'Weather in Florida for a week', answers)).toBe(false);
    expect(statesValue('for seven days', 7)).toBe(true);
    expect(statesValue('Miami, FL', 'Miami, Florida')).toBe(true);
  });

  for (const [name, maybe] of bases) {
    it.skipIf(!maybe)(`every applied rule keeps each stated ground-truth value derivable (${name})`, () => {
      const pack = maybe as Pack;
      let applied = 0;
      for (const item of pack.items) {
        const r = rephrase(item.question, item.possibleAnswer);
        applied += r.applied.length;
        expect(keepsStatedValues(item.question, r.text, item.possibleAnswer), `${item.question} → ${r.text}`).toBe(true);
        // an independent check of what the number rule wrote: every new number word reads back as a number of the original
        const before = new Set((item.question.match(/\d+/g) ?? []).map(Number));
        for (const w of r.text.match(/\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b/g) ?? []) {
          if (!new RegExp(`\\b${w}\\b`, 'i').test(item.question)) expect(before.has(parseNumberWords(w)!), `${w} in ${r.text}`).toBe(true);
        }
      }
      expect(applied).toBeGreaterThan(pack.items.length);
    });
  }
});

describe('toolkit expansion', () => {
  for (const [name, maybe] of bases) {
    it.skipIf(!maybe)(`adds related tools, never one above the similarity cap, never an offered one (${name})`, () => {
      const pack = maybe as Pack;
      const index = new ToolIndex(toolPool([pack]));
      for (const item of pack.items.slice(0, 120)) {
        const e = index.expand(item.question, item.tools, PAPER_EXPANSION);
        expect(e.added.length).toBeLessThanOrEqual(PAPER_EXPANSION.added);
        const offered = new Set(item.tools.map((t) => t.name));
        for (const t of e.added) {
          expect(offered.has(t.name)).toBe(false);
          for (const o of item.tools) expect(index.similarity(t, o)).toBeLessThanOrEqual(PAPER_EXPANSION.threshold);
        }
        expect(new Set(e.added.map((t) => t.name)).size).toBe(e.added.length);
        for (const s of e.tooSimilar) expect(s.similarity).toBeGreaterThan(PAPER_EXPANSION.threshold);
      }
    });
  }

  it('a lower cap leaves out more candidates', () => {
    const strict = robustnessCoverage([catalog], { ...DEFAULT_ROBUSTNESS, count: 60, expansion: { added: 3, threshold: 0.3 } });
    const loose = robustnessCoverage([catalog], { ...DEFAULT_ROBUSTNESS, count: 60, expansion: { added: 3, threshold: 0.95 } });
    expect(strict.tooSimilar).toBeGreaterThan(loose.tooSimilar);
  });
});

describe('robustness runs', () => {
  const counter = new CachedCounter(llama3Counter);
  const config = { ...DEFAULT_ROBUSTNESS, count: 30 };

  it('are seeded: the same seed builds the same samples, another seed other requests', () => {
    const a = robustnessSource({ packs: [catalog], config, template: DEFAULT_PROMPT, counter });
    const b = robustnessSource({ packs: [catalog], config, template: DEFAULT_PROMPT, counter });
    expect(a.ids).toEqual(b.ids);
    expect(a.ids.map((id) => a.build(id))).toEqual(b.ids.map((id) => b.build(id)));
    expect(robustnessSource({ packs: [catalog], config: { ...config, seed: 7 }, template: DEFAULT_PROMPT, counter }).ids).not.toEqual(a.ids);
  });

  it('pair the three variants of each request: same item, rephrased text, expanded tools', () => {
    const src = robustnessSource({ packs: [catalog], config, template: DEFAULT_PROMPT, counter });
    const samples = src.ids.map((id) => src.build(id));
    expect(samples).toHaveLength(90);
    for (let i = 0; i < samples.length; i += 3) {
      const [o, r, e] = samples.slice(i, i + 3) as [(typeof samples)[0], (typeof samples)[0], (typeof samples)[0]];
      expect([o.cell.variant, r.cell.variant, e.cell.variant]).toEqual([ORIGINAL, REPHRASED, EXPANDED]);
      expect(new Set([o.itemId, r.itemId, e.itemId]).size).toBe(1);
      expect(r.tools).toEqual(o.tools);
      expect(r.messages[1]?.content).not.toBe(o.messages[1]?.content);
      expect(e.messages[1]?.content).toBe(o.messages[1]?.content);
      expect(e.tools.length).toBe(o.tools.length + 3);
      expect(e.needleIndexes.map((k) => e.tools[k]?.name).sort()).toEqual(o.tools.map((t) => t.name).sort());
    }
  });

  it('score 100% with the oracle on every variant, and real numbers with the baseline', async () => {
    for (const [engine, perfect] of [
      [createOracleEngine(), true],
      [createBaselineEngine(), false],
    ] as const) {
      const store = new MemoryResultStore();
      const source = robustnessSource({ packs: [catalog], config, template: DEFAULT_PROMPT, counter });
      await runSamples({ runId: 'r', source, engine, store, request: { maxTokens: 64, temperature: 0 }, format: 'bfcl-python', signal: new AbortController().signal });
      const table = robustnessTable([...store.results.values()]);
      expect(table.rows.map((r) => r.variant)).toEqual([ORIGINAL, REPHRASED, EXPANDED]);
      if (perfect) {
        for (const r of table.rows) expect(r.accuracy).toBe(1);
        expect(table.expandedErrors?.failures).toBe(0);
      } else {
        expect(table.rows[0]!.accuracy).toBeGreaterThan(0);
        expect(table.rows[0]!.accuracy).toBeLessThan(1);
      }
    }
  });
});

describe('robustness table', () => {
  const r = (itemId: string, variant: string, correct: boolean, lenient: boolean, errorClass: string | null = null) =>
    ({
      itemId,
      sampleId: `${itemId}:${variant}`,
      cell: { length: 0, position: 0, variant },
      score: { correct, value: 0, errorType: null, errorClass, lenientCorrect: lenient },
    }) as unknown as SampleResult;

  it('gives drops, the error shares among expanded failures, the evaluation share and the repaired requests', () => {
    const results = [
      r('a', ORIGINAL, true, true),
      r('b', ORIGINAL, true, true),
      r('c', ORIGINAL, true, true),
      r('d', ORIGINAL, false, false, 'wrong_function'),
      r('a', REPHRASED, false, true, 'wrong_parameter'),
      r('b', REPHRASED, false, false, 'wrong_parameter'),
      r('c', REPHRASED, true, true),
      r('d', REPHRASED, false, false, 'wrong_function'),
      r('a', EXPANDED, false, false, 'wrong_function'),
      r('b', EXPANDED, false, false, 'wrong_count'),
      r('c', EXPANDED, true, true),
      r('d', EXPANDED, true, true),
    ];
    const t = robustnessTable(results);
    expect(t.rows.map((x) => [x.variant, x.accuracy, x.drop === null ? null : Math.round(x.drop)])).toEqual([
      [ORIGINAL, 0.75, null],
      [REPHRASED, 0.25, 67],
      [EXPANDED, 0.5, 33],
    ]);
    expect(t.expandedErrors).toMatchObject({ failures: 2, wrongFunction: 0.5, wrongCount: 0.5, wrongSyntax: 0, wrongParameter: 0 });
    // strict drop 0.5, lenient drop 0.25: lenient matching explains half of it
    expect(t.evaluationShare).toBeCloseTo(0.5);
    expect(t.repaired).toEqual(['d']);
    expect(t.broken).toEqual(['a', 'b']);
  });
});

describe('model rephrasings', () => {
  it('take the first line of the answer, without a label or quotes, and check the stated values', async () => {
    const { cleanRephrasing, reviewRephrasing } = await import('../../src/lib/suites/robustness/model-rephrase');
    expect(cleanRephrasing('\n  Rewrite: "What is the weather in Miami, FL over seven days?"\nExplanation: …')).toBe('What is the weather in Miami, FL over seven days?');
    const item = { id: 'w', category: 'simple', question: 'What is the weather in Miami, Florida for 7 days?', tools: [], possibleAnswer: [{ weather: { city: ['Miami, Florida'], days: [7] } }] };
    expect(reviewRephrasing(item, 'How will the weather be in Miami, FL over the next seven days?')).toEqual({
      text: 'How will the weather be in Miami, FL over the next seven days?',
      keepsValues: true,
    });
    expect(reviewRephrasing(item, 'What is the weather in Miami for a week?').keepsValues).toBe(false);
    expect(reviewRephrasing(item, '').keepsValues).toBe(false);
  });

  it('are asked only for the requests with an accepted rephrasing', async () => {
    const { MODEL_REPHRASED, rephrasingKey } = await import('../../src/lib/suites/robustness/model-rephrase');
    const { baseSet, planRobustness } = await import('../../src/lib/suites/robustness/suite');
    const config = { ...DEFAULT_ROBUSTNESS, count: 5, variants: [ORIGINAL, MODEL_REPHRASED] };
    const [first] = baseSet([catalog], config);
    const texts = { [rephrasingKey(catalog.id, first!.item.id)]: 'Please remove that one, thanks.' };
    const plan = planRobustness([catalog], { ...config, modelRephrasings: { model: 'm', texts } });
    expect(plan.filter((p) => p.variant === MODEL_REPHRASED).map((p) => p.item.id)).toEqual([first!.item.id]);
    const src = robustnessSource({ packs: [catalog], config: { ...config, modelRephrasings: { model: 'm', texts } }, template: DEFAULT_PROMPT, counter: llama3Counter });
    const sample = src.build(plan.find((p) => p.variant === MODEL_REPHRASED)!.id);
    expect(sample.messages[1]?.content).toBe('Please remove that one, thanks.');
  });
});
