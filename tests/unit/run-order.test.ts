/**
 * Run order: every suite in "shared prompts together" order runs exactly the samples of its grid
 * order with byte-identical prompts, shares more prompt text between consecutive samples, and a run
 * stopped in the middle of a group resumes without losing or repeating a sample.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { buildCompositionPack } from '../../datasets/composition/build';
import { buildConversationsPack, buildResponsesPack } from '../../datasets/travel/build';
import { coverage } from '../../src/lib/analysis/coverage';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { inRunOrder, orderPlan, type PlannedSample, type PlannedSource, type RunOrder, type SampleSource } from '../../src/lib/core/sample-source';
import type { ScriptedEngine } from '../../src/lib/core/types';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { promptText, reusableShare } from '../../src/lib/run/reuse';
import { catalogSource } from '../../src/lib/suites/catalog/suite';
import { CONSTRAINED, FREE } from '../../src/lib/suites/catalog/config';
import { compositionSource } from '../../src/lib/suites/composition/suite';
import { DEFAULT_COMPOSITION } from '../../src/lib/suites/composition/config';
import { multiturnSource } from '../../src/lib/suites/multiturn/suite';
import { responseQaSource } from '../../src/lib/suites/response-qa/suite';
import { robustnessSource } from '../../src/lib/suites/robustness/suite';
import { DEFAULT_ROBUSTNESS } from '../../src/lib/suites/robustness/config';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

const counter = new CachedCounter(llama3Counter);
const catalog = buildCatalogPack();
const responses = buildResponsesPack();
const conversations = buildConversationsPack();
const composition = buildCompositionPack();

const SUITES: { name: string; make: () => PlannedSource }[] = [
  {
    name: 'catalog',
    make: () =>
      catalogSource({
        packs: [catalog],
        sweep: { lengths: [1024, 2048], positions: [0.1, 0.5, 0.9], samplesPerCell: 3, seed: 5, variants: [FREE, CONSTRAINED] },
        template: DEFAULT_PROMPT,
        counter,
      }),
  },
  {
    name: 'response QA',
    make: () => responseQaSource({ packs: [responses], config: { lengths: [1024, 2048], positions: [1, 4, 8], experiments: ['size', 'position'], samplesPerCell: 4, seed: 5 }, counter }),
  },
  {
    name: 'conversations',
    make: () => multiturnSource({ packs: [conversations], config: { lengths: [2048, 4096], settings: ['prose', 'structured'], count: 3, seed: 5 }, template: DEFAULT_PROMPT, counter }),
  },
  { name: 'robustness', make: () => robustnessSource({ packs: [catalog], config: { ...DEFAULT_ROBUSTNESS, count: 6, seed: 5 }, template: DEFAULT_PROMPT, counter }) },
  {
    name: 'composition',
    make: () => compositionSource({ packs: [composition], config: { ...DEFAULT_COMPOSITION, perLevel: 3, distractors: 5, protocol: 'multi-turn', seed: 5 }, counter }),
  },
];

const built = (s: SampleSource) => new Map(s.ids.map((id) => [id, JSON.stringify(s.build(id))]));

describe('shared-prompt order', () => {
  for (const { name, make } of SUITES) {
    it(`${name}: the same sample ids, byte-identical samples, cells known before building`, () => {
      const grid = inRunOrder(make(), 'grid');
      const prefix = inRunOrder(make(), 'prefix');
      expect(new Set(prefix.ids).size).toBe(prefix.ids.length);
      expect([...prefix.ids].sort()).toEqual([...grid.ids].sort());
      const a = built(grid);
      const b = built(prefix);
      for (const id of grid.ids) expect(b.get(id)).toBe(a.get(id));
      for (const id of prefix.ids) expect(prefix.cellOf(id)).toEqual(prefix.build(id).cell);
    });
  }

  it('lets an engine that keeps its last prompt skip much more of the prompts where they share text', () => {
    const share = (make: () => PlannedSource, order: RunOrder) => {
      const s = inRunOrder(make(), order);
      return reusableShare(
        s.ids.map((id) => promptText(s.build(id).messages)),
        (t) => counter.count(t),
      ).share;
    };
    const [cat, qa, conv] = SUITES as [(typeof SUITES)[0], (typeof SUITES)[0], (typeof SUITES)[0]];
    // catalog: a request's positions in a row share everything before the needle, its two variants all of it
    expect(share(cat.make, 'prefix')).toBeGreaterThan(share(cat.make, 'grid') + 0.08);
    // response QA: every request on one response shares its records
    expect(share(qa.make, 'prefix')).toBeGreaterThan(0.6);
    expect(share(qa.make, 'grid')).toBeLessThan(0.3);
    // a longer conversation continues the shorter one
    expect(share(conv.make, 'prefix')).toBeGreaterThan(share(conv.make, 'grid') + 0.05);
  });

  it('keeps groups in the order they first appear, each by rank, ties in plan order', () => {
    const p = (id: string, group: string, rank: number[]): PlannedSample => ({ id, cell: { length: 0 }, group, rank });
    const plan = [p('a', 'x', [2]), p('b', 'y', [1]), p('c', 'x', [1]), p('d', 'y', [0]), p('e', 'x', [1])];
    expect(orderPlan(plan, 'prefix').map((q) => q.id)).toEqual(['c', 'e', 'a', 'd', 'b']);
    expect(orderPlan(plan, 'grid').map((q) => q.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('resuming a run in shared-prompt order', () => {
  it('after a stop in the middle of a group, loses and repeats nothing', async () => {
    const source = inRunOrder(SUITES[0]!.make(), 'prefix');
    const oracle = createOracleEngine();
    const generated: string[] = [];
    const engine: ScriptedEngine = { info: oracle.info, answer: (request, sample, signal) => (generated.push(sample.id), oracle.answer(request, sample, signal)) };
    const store = new MemoryResultStore();
    const controller = new AbortController();
    // 7 is inside the second group (6 samples a group: 3 positions × 2 variants)
    const stopAt = 7;
    const first = await runSamples({
      runId: 'r',
      source,
      engine,
      store,
      request: { maxTokens: 64, temperature: 0 },
      format: 'bfcl-python',
      signal: controller.signal,
      onProgress: (p) => p.done === stopAt && controller.abort('pause'),
    });
    expect(first.status).toBe('stopped');
    expect(store.results.size).toBe(stopAt);
    const again = await runSamples({
      runId: 'r',
      source: inRunOrder(SUITES[0]!.make(), 'prefix'),
      engine,
      store,
      request: { maxTokens: 64, temperature: 0 },
      format: 'bfcl-python',
      signal: new AbortController().signal,
    });
    expect(again.status).toBe('completed');
    expect(generated).toEqual(source.ids);
    expect([...store.results.values()].map((r) => r.sampleId).sort()).toEqual([...source.ids].sort());
    expect([...store.results.values()].every((r) => r.score.correct)).toBe(true);
  });
});

describe('coverage of a stopped run', () => {
  it('in grid order has whole short lengths; in shared-prompt order, some of every cell of the started groups', () => {
    const stopped = (order: RunOrder) => {
      const s = inRunOrder(SUITES[0]!.make(), order);
      const cells = s.ids.map((id) => s.cellOf(id));
      return coverage(cells, cells.slice(0, 12));
    };
    // 2 lengths × 3 positions × 2 variants = 12 cells of 3 requests; 12 samples done
    expect(stopped('grid')).toMatchObject({ complete: 4, partial: 0, notStarted: 8 });
    expect(stopped('prefix')).toMatchObject({ complete: 0, partial: 6, notStarted: 6 });
    expect(
      stopped('prefix')
        .cells.filter((c) => c.done > 0)
        .every((c) => c.done === 2),
    ).toBe(true);
  });
});

describe('a multi-turn exchange', () => {
  it('marks turns 2+ as continuing the conversation and adds up what the engine computed', async () => {
    const { runExchange } = await import('../../src/lib/run/exchange');
    const seen: boolean[] = [];
    let turn = 0;
    const generate = async (r: import('../../src/lib/core/types').GenerateRequest) => {
      seen.push(r.continues === true);
      turn++;
      return {
        text: turn === 1 ? '[f(x=1)]' : 'done',
        finishReason: 'stop' as const,
        usage: { promptTokens: 100 * turn, completionTokens: 5, prefilledTokens: turn === 1 ? 100 : 20 },
        timings: { prefillMs: 10, decodeMs: 5 },
      };
    };
    const out = await runExchange(generate, { messages: [{ role: 'user', content: 'go' }], maxTokens: 16, temperature: 0, kvReuse: true }, 'bfcl-python', () => '{"ok": true}', 4);
    expect(seen).toEqual([false, true]);
    expect(out.usage).toEqual({ promptTokens: 300, completionTokens: 10, prefilledTokens: 120 });
  });
});
