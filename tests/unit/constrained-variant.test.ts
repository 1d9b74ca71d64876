import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { variantSummary } from '../../src/lib/analysis/catalog';
import { CachedCounter } from '../../src/lib/context/token-counter';
import type { GenerateRequest, SampleResult, ScriptedEngine } from '../../src/lib/core/types';
import { recommendEngine } from '../../src/lib/engines/gpu';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { requestFor } from '../../src/lib/run/request';
import { buildCatalogSamples, planCatalog } from '../../src/lib/suites/catalog/suite';
import { CONSTRAINED, FREE } from '../../src/lib/suites/catalog/config';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';
import { matches, parseGbnf } from '../../harness/gbnf';

const pack = buildCatalogPack();
const counter = new CachedCounter(llama3Counter);
const base = { lengths: [1000], positions: [0.1, 0.9], samplesPerCell: 4, seed: 9 };

describe('free vs constrained variants', () => {
  it('ask every sample once per variant, with the same prompt; sweeps without variants keep their ids', () => {
    const plain = planCatalog([pack], base);
    const both = planCatalog([pack], { ...base, variants: [FREE, CONSTRAINED] });
    expect(both).toHaveLength(plain.length * 2);
    expect(planCatalog([pack], { ...base, variants: [] }).map((p) => p.id)).toEqual(plain.map((p) => p.id));
    expect(new Set(both.map((p) => p.id)).size).toBe(both.length);
    const samples = buildCatalogSamples({ packs: [pack], sweep: { ...base, variants: [FREE, CONSTRAINED] }, template: DEFAULT_PROMPT, counter });
    for (let i = 0; i < samples.length; i += 2) {
      const [free, constrained] = [samples[i]!, samples[i + 1]!];
      expect([free.cell.variant, constrained.cell.variant]).toEqual([FREE, CONSTRAINED]);
      expect(constrained.messages).toEqual(free.messages);
      expect(constrained.tools).toEqual(free.tools);
    }
  });

  it('give the engine a grammar of the offered calls only in the constrained variant, and the right answer is in it', async () => {
    const samples = buildCatalogSamples({ packs: [pack], sweep: { ...base, variants: [FREE, CONSTRAINED] }, template: DEFAULT_PROMPT, counter });
    const oracle = createOracleEngine();
    for (const s of samples) {
      const req = requestFor({ maxTokens: 64, temperature: 0 }, s, 'bfcl-python');
      if (s.cell.variant === FREE) {
        expect(req.grammar).toBeUndefined();
        continue;
      }
      expect(req.grammar).toBeDefined();
      const grammar = parseGbnf(req.grammar!);
      const answer = await oracle.answer(req, s, new AbortController().signal);
      expect(matches(grammar, answer.text), answer.text).toBe(true);
    }
  });

  it('the run loop passes the grammar through to the engine', async () => {
    const seen: { variant?: string; grammar?: string }[] = [];
    const oracle = createOracleEngine();
    const recording: ScriptedEngine = {
      info: { id: 'rec', kind: 'oracle', model: 'recording oracle' },
      answer(request: GenerateRequest, sample, signal) {
        seen.push({ variant: sample.cell.variant, grammar: request.grammar });
        return oracle.answer(request, sample, signal);
      },
    };
    const { catalogSource } = await import('../../src/lib/suites/catalog/suite');
    const source = catalogSource({ packs: [pack], sweep: { ...base, variants: [FREE, CONSTRAINED] }, template: DEFAULT_PROMPT, counter });
    const store = new MemoryResultStore();
    await runSamples({ runId: 'v', source, engine: recording, store, request: { maxTokens: 64, temperature: 0 }, format: 'bfcl-python', signal: new AbortController().signal });
    expect(seen).toHaveLength(16);
    for (const s of seen) expect(s.grammar !== undefined).toBe(s.variant === CONSTRAINED);
    const summary = variantSummary([...store.results.values()]);
    expect(summary.map((v) => [v.variant, v.n, v.accuracy])).toEqual([
      [FREE, 8, 1],
      [CONSTRAINED, 8, 1],
    ]);
  });

  it('summarise where failures went, per variant', () => {
    const r = (variant: string, correct: boolean, errorClass: string | null) =>
      ({ cell: { length: 1, position: 0, variant }, score: { correct, value: 0, errorType: null, errorClass } }) as unknown as SampleResult;
    const [free, constrained] = variantSummary([r(FREE, false, 'wrong_syntax'), r(FREE, true, null), r(CONSTRAINED, false, 'wrong_function'), r(CONSTRAINED, false, null)]);
    expect(free).toMatchObject({ variant: FREE, n: 2, accuracy: 0.5, wrongSyntax: 0.5, wrongFunction: 0 });
    expect(constrained).toMatchObject({ variant: CONSTRAINED, n: 2, accuracy: 0, wrongSyntax: 0, wrongFunction: 0.5, other: 0.5 });
  });
});

describe('engine recommendation', () => {
  it('offers WebLLM on a real GPU and the CPU engine otherwise, saying why', () => {
    expect(recommendEngine({ available: true, vendor: 'nvidia', shaderF16: true, fallback: false } as never)).toMatchObject({ engine: 'webllm' });
    expect(recommendEngine({ available: true, fallback: true } as never)).toMatchObject({ engine: 'wllama', reason: expect.stringContaining('software adapter') });
    expect(recommendEngine({ available: false, reason: 'This browser exposes no WebGPU.' })).toMatchObject({ engine: 'wllama', reason: expect.stringContaining('no WebGPU') });
  });
});
