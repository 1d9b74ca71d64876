/**
 * Behaviour lock: a hash over every suite's samples (several modes and wordings each) and over the
 * oracle's results on them. Moving code around (the suite registry, one run driver) must leave both
 * unchanged; a change that means to alter samples or scores updates the hashes here and says why.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSuiteFolder } from '../../src/cli/eval/eval';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { buildCompositionPack } from '../../datasets/composition/build';
import { buildConversationsPack, buildResponsesPack } from '../../datasets/travel/build';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { type Cell, CELL_MEASURES, type Pack, type SampleResult } from '../../src/lib/core/types';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import type { RunCommon } from '../../src/lib/run/run-row';
import { type SuiteId, type SuitePlan, SUITES } from '../../src/lib/suites/registry';
import { sourceFor } from '../../src/lib/run/sources';
import { CONSTRAINED, FREE } from '../../src/lib/suites/catalog/config';
import { DEFAULT_WILD_SIMULATED } from '../../src/lib/suites/wildagteval-simulated/config';
import { COMPOSITION_PROMPTS } from '../../src/lib/suites/composition/prompts';
import { DEFAULT_COMPOSITION } from '../../src/lib/suites/composition/config';
import { DEFAULT_ROBUSTNESS } from '../../src/lib/suites/robustness/config';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

type Fixture = SuitePlan & Pick<RunCommon, 'template' | 'order' | 'engine' | 'repeats'>;

const counter = new CachedCounter(llama3Counter);
const catalog = buildCatalogPack();
const responses = buildResponsesPack();
const conversations = buildConversationsPack();
const composition = buildCompositionPack();
const engine = { kind: 'oracle', model: 'oracle' } as const;

const FIXTURES: { name: string; run: Fixture; packs: Pack[] }[] = [
  {
    name: 'catalog free + constrained, grid',
    packs: [catalog],
    run: {
      suite: 'catalog',
      config: { lengths: [1024, 2048], positions: [0.1, 0.5, 0.9], samplesPerCell: 2, seed: 5, variants: [FREE, CONSTRAINED] },
      template: DEFAULT_PROMPT,
      order: 'grid',
      engine,
    },
  },
  {
    name: 'catalog prefix, repeats 2',
    packs: [catalog],
    run: { suite: 'catalog', config: { lengths: [1024], positions: [0.1, 0.9], samplesPerCell: 2, seed: 3 }, template: DEFAULT_PROMPT, order: 'prefix', engine, repeats: 2 },
  },
  {
    name: 'robustness, every variant',
    packs: [catalog],
    run: { suite: 'robustness', config: { ...DEFAULT_ROBUSTNESS, count: 6, seed: 5 }, template: DEFAULT_PROMPT, order: 'grid', engine },
  },
  {
    name: 'response QA, size and position',
    packs: [responses],
    run: {
      suite: 'response-qa',
      config: { lengths: [1024, 2048], positions: [1, 4, 8], experiments: ['size', 'position'], samplesPerCell: 2, seed: 5 },
      template: DEFAULT_PROMPT,
      order: 'prefix',
      engine,
    },
  },
  {
    name: 'long conversations',
    packs: [conversations],
    run: { suite: 'multiturn', config: { lengths: [2048, 4096], settings: ['prose', 'structured'], count: 3, seed: 5 }, template: DEFAULT_PROMPT, order: 'grid', engine },
  },
  {
    name: 'composition single-turn',
    packs: [composition],
    run: { suite: 'composition', config: { ...DEFAULT_COMPOSITION, perLevel: 2, distractors: 5, seed: 5 }, template: COMPOSITION_PROMPTS['single-turn'], order: 'grid', engine },
  },
  {
    name: 'composition multi-turn',
    packs: [composition],
    run: {
      suite: 'composition',
      config: { ...DEFAULT_COMPOSITION, perLevel: 2, distractors: null, protocol: 'multi-turn', seed: 5 },
      template: COMPOSITION_PROMPTS['multi-turn'],
      order: 'prefix',
      engine,
    },
  },
  {
    name: 'API complexity isolated, two wordings',
    packs: [],
    run: {
      suite: 'wildagteval-simulated',
      config: { ...DEFAULT_WILD_SIMULATED, conversations: 2, perType: 2, wordings: ['coref', 'resolved'] },
      template: DEFAULT_PROMPT,
      order: 'grid',
      engine,
    },
  },
  {
    name: 'API complexity cumulative',
    packs: [],
    run: { suite: 'wildagteval-simulated', config: { ...DEFAULT_WILD_SIMULATED, mode: 'cumulative', conversations: 2 }, template: DEFAULT_PROMPT, order: 'prefix', engine },
  },
];

/** What stays when a result is read back: no clock, no run id. */
/**
 * A cell as it was written when these hashes were taken (one \`position\` for the catalog's α and
 * response QA's record, 0 elsewhere; composition's tools offered in \`length\`): the hashes lock
 * behaviour, not the field names, which the run-file tests hold.
 */
function lockedCell(c: Cell): Cell {
  return { length: c.tools ?? c.length, position: c.alpha ?? c.record ?? 0, ...(c.variant === undefined ? {} : { variant: c.variant }) } as Cell;
}

/** The ids the two WildAgtEval suites had when these hashes were taken (a sample names its suite). */
const LOCKED_SUITE_IDS: Record<string, string> = { 'wildagteval-simulated': 'api-complexity', 'wildagteval-benchmark': 'wildagteval' };

function stable(r: SampleResult): unknown {
  const { createdAt: _c, timings: _t, runId: _r, id: _i, ...rest } = r;
  return { ...rest, cell: lockedCell(rest.cell) };
}

/** Every cell holds its suite's declared measures (\`columns\`), and only those. */
function expectDeclaredMeasures(suite: SuiteId, cell: Cell): void {
  const declared = SUITES[suite].columns;
  const held = CELL_MEASURES.filter((m) => m !== 'length' && cell[m] !== undefined);
  expect(held, `${suite}: ${JSON.stringify(cell)}`).toEqual(declared.filter((m) => m !== 'length'));
  expect(Object.keys(cell).every((k) => k === 'variant' || (CELL_MEASURES as readonly string[]).includes(k))).toBe(true);
}

async function hashesOf(run: Fixture, packs: Pack[]): Promise<{ samples: string; oracle: string; count: number }> {
  const source = await sourceFor(run, packs, counter);
  const samples = createHash('sha256');
  for (const id of source.ids) {
    const sample = source.build(id);
    expectDeclaredMeasures(run.suite, sample.cell);
    samples.update(JSON.stringify([id, { ...sample, suite: LOCKED_SUITE_IDS[sample.suite] ?? sample.suite, cell: lockedCell(sample.cell) }])).update('\n');
  }
  const store = new MemoryResultStore();
  await runSamples({
    runId: 'lock',
    source,
    engine: createOracleEngine(),
    store,
    request: { maxTokens: 256, temperature: 0 },
    signal: new AbortController().signal,
    format: run.suite === 'composition' ? 'auto' : run.suite === 'wildagteval-simulated' || run.suite === 'wildagteval-benchmark' ? 'json' : 'bfcl-python',
  });
  const oracle = createHash('sha256');
  for (const id of source.ids) oracle.update(JSON.stringify(stable(store.results.get(`lock:${id}`)!))).update('\n');
  return { samples: samples.digest('hex').slice(0, 16), oracle: oracle.digest('hex').slice(0, 16), count: source.ids.length };
}

const LOCKED: Record<string, { samples: string; oracle: string; count: number }> = {
  'catalog free + constrained, grid': { samples: '2853f32f1b8b1c75', oracle: '5405f228cd8090b6', count: 24 },
  'catalog prefix, repeats 2': { samples: '2302269ce960aa2d', oracle: 'ab5a4e2a2e0d15b7', count: 8 },
  'robustness, every variant': { samples: '942bf7f48742145c', oracle: 'b10acd235a3b62cd', count: 18 },
  'response QA, size and position': { samples: '888b1adddb762d08', oracle: '5a5944f6446f5467', count: 10 },
  'long conversations': { samples: '2b543d6821aa1e93', oracle: 'd10ab1840083cbfb', count: 12 },
  'composition single-turn': { samples: '2be309a2ffbbf463', oracle: '45a722b23a856903', count: 8 },
  'composition multi-turn': { samples: '1ba3d71554c219c2', oracle: 'a7fca8b58bd6197b', count: 8 },
  'API complexity isolated, two wordings': { samples: '98b85bcf2011803a', oracle: '3df5607c0b9d8074', count: 48 },
  'API complexity cumulative': { samples: 'de0e73af4f10dfb1', oracle: '62aac403a107ec63', count: 10 },
  wild: { samples: '9d342742b128b606', oracle: 'd4f8622e48be4f4b', count: 6 },
};

describe('behaviour lock', () => {
  for (const f of FIXTURES) {
    it(`${f.name}: samples and oracle results as before`, async () => {
      const got = await hashesOf(f.run, f.packs);
      expect(got).toEqual(LOCKED[f.name]);
    });
  }

  const WILD = '../shared/reference/wildagteval';
  it.skipIf(!existsSync(WILD))(`WildAgtEval's own benchmark (needs ${WILD}): samples and oracle results as before`, async () => {
    const pack = await readSuiteFolder('wildagteval-benchmark', WILD);
    const got = await hashesOf(
      {
        suite: 'wildagteval-benchmark',
        config: { packId: pack.id, set: 'Combined50_transformed', experiments: ['isolated:ad-hoc:off', 'isolated:unclear:on', 'isolated:notice:on', 'cumulative:irrelevant'], conversations: 2 },
        template: DEFAULT_PROMPT,
        order: 'prefix',
        engine,
      },
      [pack],
    );
    expect(got).toEqual(LOCKED.wild);
  });
});
