/**
 * Repeats as a sweep dimension: each planned sample asked k times, each answer its own sample
 * (own id, own seed, same cell and item), resumable like any run, and read back per planned sample.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { repeatSummary } from '../../src/lib/analysis/repeats';
import { table3 } from '../../src/lib/analysis/wildagteval';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { repeatId, repeatOf, withRepeats } from '../../src/lib/core/sample-source';
import type { SampleResult, ScriptedEngine } from '../../src/lib/core/types';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { sourceFor } from '../../src/lib/run/sources';
import { DEFAULT_WILD_SIMULATED } from '../../src/lib/suites/wildagteval-simulated/config';
import { readRunFile, writeRunFile } from '../../src/lib/store/run-file';
import type { RunCommon, RunRow } from '../../src/lib/run/run-row';
import type { SuitePlan } from '../../src/lib/suites/registry';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

const counter = new CachedCounter(llama3Counter);
const catalog = buildCatalogPack();
const run: Pick<RunCommon, 'repeats' | 'template' | 'order' | 'engine'> & SuitePlan = {
  suite: 'catalog',
  config: { lengths: [1024], positions: [0.1, 0.9], samplesPerCell: 2, seed: 3 },
  template: DEFAULT_PROMPT,
  order: 'prefix',
  engine: { kind: 'oracle', model: 'oracle' },
  repeats: 3,
};

describe('repeated samples', () => {
  it('asks every planned sample k times in a row, each answer its own sample in the same cell and for the same item', async () => {
    const once = await sourceFor({ ...run, repeats: undefined }, [catalog], counter);
    const thrice = await sourceFor(run, [catalog], counter);
    expect(thrice.ids).toEqual(once.ids.flatMap((id) => [id, repeatId(id, 2), repeatId(id, 3)]));
    expect(new Set(thrice.ids).size).toBe(thrice.ids.length);
    const id = once.ids[1] as string;
    const [a, b] = [thrice.build(id), thrice.build(repeatId(id, 3))];
    expect(b.id).toBe(repeatId(id, 3));
    expect(b.messages).toEqual(a.messages);
    expect(b.cell).toEqual(thrice.cellOf(repeatId(id, 3)));
    expect(thrice.itemOf(repeatId(id, 3))).toBe(once.itemOf(id));
    expect([a.repeat, b.repeat, b.facets?.repeat]).toEqual([1, 3, 3]);
  });

  it('reads a repeat back from its id, and leaves ids that only look like one alone', async () => {
    expect(repeatOf(repeatId('cat:abc', 12))).toEqual({ base: 'cat:abc', repeat: 12 });
    expect(repeatOf('cat:abc')).toEqual({ base: 'cat:abc', repeat: 1 });
    expect(repeatOf('x~rabc')).toEqual({ base: 'x~rabc', repeat: 1 });
    expect(repeatOf('x~r1')).toEqual({ base: 'x~r1', repeat: 1 });
    const unrepeated = await sourceFor({ ...run, repeats: undefined }, [catalog], counter);
    expect(() => withRepeats(unrepeated, 1000)).toThrow(/repeats must be a whole number from 1 to 100/);
  });

  it('gives each answer its own seed, survives a stop in the middle of a sample, and sums up per planned sample', async () => {
    const source = await sourceFor(run, [catalog], counter);
    const oracle = createOracleEngine();
    const seeds: number[] = [];
    // a stand-in for sampling: right on even seeds, wrong on odd ones
    const engine: ScriptedEngine = {
      info: { id: 'sampler', kind: 'openai', model: 'sampler' },
      answer: async (request, sample, signal) => {
        seeds.push(request.seed ?? -1);
        const right = await oracle.answer(request, sample, signal);
        return (request.seed ?? 0) % 2 === 0 ? right : { ...right, text: 'no call' };
      },
    };
    const store = new MemoryResultStore();
    const controller = new AbortController();
    const request = { maxTokens: 64, temperature: 0.8 };
    const first = await runSamples({ runId: 'r', source, engine, store, request, format: 'bfcl-python', signal: controller.signal, onProgress: (p) => p.done === 4 && controller.abort('pause') });
    expect(first.status).toBe('stopped');
    const again = await runSamples({ runId: 'r', source: await sourceFor(run, [catalog], counter), engine, store, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(again.status).toBe('completed');
    expect(seeds).toEqual(source.ids.map((id) => repeatOf(id).repeat - 1));
    const results = [...store.results.values()];
    expect(results.map((r) => r.sampleId).sort()).toEqual([...source.ids].sort());

    const summary = repeatSummary(results);
    expect(summary).not.toBeNull();
    const s = summary!;
    expect(s.repeats).toBe(3);
    expect(s.perRepeat.map((r) => [r.n, r.accuracy])).toEqual([
      [4, 1],
      [4, 0],
      [4, 1],
    ]);
    expect(s.meanAccuracy).toBeCloseTo(2 / 3);
    expect(s.sdAccuracy).toBeCloseTo(Math.sqrt(1 / 3));
    expect([s.samples, s.complete, s.allRight, s.anyRight, s.mixed, s.identicalOutputs]).toEqual([4, 4, 0, 1, 1, 0]);
    // every planned sample is right 2 times of 3: the sample means agree, the interval is a point
    expect([s.low, s.high].map((x) => x.toFixed(4))).toEqual(['0.6667', '0.6667']);
    expect(s.cells.map((c) => c.cell.alpha)).toEqual([0.1, 0.9]);
  });

  it('repeats episodes too (the API-complexity suite drives its own): the oracle right in every answer', async () => {
    const apiRun = { ...run, suite: 'wildagteval-simulated' as const, config: { ...DEFAULT_WILD_SIMULATED, conversations: 2, perType: 2 }, repeats: 2 };
    const source = await sourceFor(apiRun, [], counter);
    const store = new MemoryResultStore();
    const outcome = await runSamples({ runId: 'a', source, engine: createOracleEngine(), store, request: { maxTokens: 256, temperature: 0 }, format: 'json', signal: new AbortController().signal });
    expect(outcome.status).toBe('completed');
    const results = [...store.results.values()];
    expect(results.length).toBe(source.ids.length);
    expect(results.filter((r) => r.facets?.repeat === 2).length).toBe(results.length / 2);
    expect(results.every((r) => r.error === null && r.score.correct)).toBe(true);
  });

  it('is null for a run asked once, and counts only complete samples in the shares', () => {
    const result = (sampleId: string, correct: boolean, output = 'x'): SampleResult => ({
      id: `r:${sampleId}`,
      runId: 'r',
      sampleId,
      index: 0,
      cell: { length: 0 },
      output,
      calls: null,
      parseError: null,
      score: { correct, value: correct ? 1 : 0, errorType: null, errorClass: null },
      usage: null,
      timings: null,
      error: null,
      createdAt: 0,
    });
    expect(repeatSummary([result('a', true), result('b', false)])).toBeNull();
    const s = repeatSummary([result('a', true), result('a~r2', true), result('b', false), result('b~r2', true, 'y'), result('c', true)])!;
    expect([s.samples, s.complete, s.allRight, s.anyRight, s.mixed, s.identicalOutputs]).toEqual([3, 2, 0.5, 1, 0.5, 0.5]);
    expect(s.perRepeat.map((r) => r.n)).toEqual([3, 2]);
  });

  it('run files keep the repeats and refuse nonsense', () => {
    const row = {
      id: 'run-x',
      name: 'x',
      createdAt: 1,
      updatedAt: 1,
      status: 'completed',
      suite: 'catalog',
      packIds: [],
      config: run.config,
      engine: run.engine,
      template: DEFAULT_PROMPT,
      format: 'bfcl-python',
      request: { maxTokens: 64, temperature: 0.7 },
      counterId: 'llama3',
      total: 0,
      done: 0,
      correct: 0,
    } as RunRow;
    expect(readRunFile(writeRunFile({ run: { ...row, repeats: 5 }, results: [] })).run.repeats).toBe(5);
    expect(() => readRunFile(writeRunFile({ run: { ...row, repeats: 0 }, results: [] }))).toThrow(/run\.repeats.*whole number from 1 to 100/);
    expect(() => readRunFile(writeRunFile({ run: { ...row, request: { maxTokens: 64, temperature: -1 } }, results: [] }))).toThrow(/run\.request\.temperature.*0 to 2/);
  });
});

describe('robustness pairs of a repeated run', () => {
  it('pair each repeat with the same repeat of the expanded variant', async () => {
    const { robustnessTable } = await import('../../src/lib/analysis/robustness');
    const res = (sampleId: string, variant: string, correct: boolean): SampleResult => ({
      id: `r:${sampleId}`,
      runId: 'r',
      sampleId,
      itemId: 'A',
      index: 0,
      cell: { length: 0, variant },
      output: '',
      calls: null,
      parseError: null,
      score: { correct, value: correct ? 1 : 0, errorType: null, errorClass: null },
      usage: null,
      timings: null,
      error: null,
      createdAt: 0,
    });
    const t = robustnessTable([res('o', 'original', true), res(repeatId('o', 2), 'original', false), res('e', 'expanded', true), res(repeatId('e', 2), 'expanded', true)]);
    expect(t.repaired).toEqual(['A (repeat 2)']);
    expect(t.broken).toEqual([]);
  });
});

describe('Table 3 of a repeated run', () => {
  it('counts target points, not answers, as pairs (accuracy pools the answers)', async () => {
    const apiRun = { ...run, suite: 'wildagteval-simulated' as const, config: { ...DEFAULT_WILD_SIMULATED, conversations: 2, perType: 2, types: ['ad_hoc' as const] }, repeats: 3 };
    const once = async (repeats: number) => {
      const store = new MemoryResultStore();
      await runSamples({
        runId: 'a',
        source: await sourceFor({ ...apiRun, repeats }, [], counter),
        engine: createOracleEngine(),
        store,
        request: { maxTokens: 256, temperature: 0 },
        format: 'json',
        signal: new AbortController().signal,
      });
      return table3([...store.results.values()]).rows;
    };
    const [single, thrice] = [await once(1), await once(3)];
    expect(thrice.map((r) => r.pairs)).toEqual(single.map((r) => r.pairs));
    expect(thrice[0]?.off.turns).toBe(3 * (single[0]?.off.turns ?? 0));
  });
});
