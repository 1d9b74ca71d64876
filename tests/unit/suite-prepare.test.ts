/**
 * A suite that measures the stored data before Start declares a `prepare` (issue 70): the worker runs
 * it from the suite's fields and the stored packs, and hands its answer to the page, so the answer must
 * survive a structured clone, and the suite's size and needs follow it.
 */
import { describe, expect, it } from 'vitest';
import { defaultSuiteFields, SUITES, SUITE_LIST, type SuiteSetup } from '../../src/lib/suites/registry';
import type { Pack } from '../../src/lib/core/types';
import type { TokenCounter } from '../../src/lib/context/token-counter';

const light = {
  name: 'set_light',
  description: 'Turn a light on or off.',
  parameters: { type: 'object', properties: { room: { type: 'string', description: 'the room' }, on: { type: 'boolean', description: 'on or off' } }, required: ['room', 'on'] },
};
const yours = {
  id: 'yours-lights',
  name: 'lights',
  source: 'yours',
  description: '',
  createdAt: 0,
  tools: [
    {
      name: 'set_light',
      description: 'Turn a light on or off.',
      parameters: { type: 'object', properties: { room: { type: 'string', description: 'the room' }, on: { type: 'boolean', description: 'on or off' } }, required: ['room', 'on'] },
    },
  ],
  items: [
    { id: 'r1', category: 'simple', question: 'Turn on the kitchen light.', tools: [light], possibleAnswer: [{ set_light: { room: ['kitchen'], on: [true] } }] },
    { id: 'r2', category: 'simple', question: 'Switch the hall light off.', tools: [light], possibleAnswer: [{ set_light: { room: ['hall'], on: [false] } }] },
  ],
} as Pack;

const counter: TokenCounter = { id: 'words', count: (t: string) => t.split(/\s+/).length } as unknown as TokenCounter;
const data = (packs: Pack[]) => ({
  packs: packs.map(({ id, name, source, items, tools }) => ({ id, name, source, itemCount: items.length, toolCount: tools.length })),
  load: async (ids: readonly string[]) => packs.filter((p) => ids.includes(p.id)),
  counter: async () => counter,
});

function setupWith(prepared: unknown, fields = defaultSuiteFields()): SuiteSetup {
  return {
    ...fields,
    asksModel: false,
    replay: false,
    selectedPacks: [],
    itemsIn: {},
    conversationsAvailable: 0,
    tasksAvailable: {},
    predictedTasks: null,
    window: { limit: Infinity, answerTokens: 256, owner: 'the model' },
    prepared,
  };
}

describe("a suite's prepare step", () => {
  it("is declared by the suites whose setup reads stored data beyond the chosen packs' counts", () => {
    expect(SUITE_LIST.filter((s) => s.prepare).map((s) => s.id)).toEqual(expect.arrayContaining(['wildagteval-simulated', 'wildagteval-benchmark']));
  });

  for (const suite of SUITE_LIST.filter((s) => s.prepare)) {
    it(`${suite.id}: its answer, with nothing stored and with your tools stored, survives the worker's structured clone`, async () => {
      const prepare = await suite.prepare!();
      const fields = defaultSuiteFields()[suite.id];
      for (const packs of [[], [yours]]) {
        const answer = await prepare({ ...fields, packId: packs[0]?.id } as never, data(packs));
        expect(structuredClone(answer)).toEqual(answer);
      }
    });
  }

  it('API complexity on your tools: the prepared pack decides the run and its size; a pack chosen but gone is said', async () => {
    const suite = SUITES['wildagteval-simulated'];
    const prepare = await suite.prepare!();
    const fields = defaultSuiteFields();
    const own = { ...fields, 'wildagteval-simulated': { ...fields['wildagteval-simulated'], packId: yours.id } };
    const builtin = suite.size(setupWith(null, fields)).samples;
    const prepared = await prepare(own['wildagteval-simulated'] as never, data([yours]));
    const setup = setupWith(structuredClone(prepared), own);
    expect(suite.configure(setup).packIds).toEqual([yours.id]);
    expect(suite.size(setup).samples).not.toBe(builtin);
    expect(suite.needs(setup)).toEqual([]);
    const gone = setupWith(await prepare(own['wildagteval-simulated'] as never, data([])), own);
    expect(suite.needs(gone)).toContain('the chosen tools pack is not stored any more');
    // not measured yet: the host says so (Start waits), the suite claims nothing
    expect(suite.needs(setupWith(null, own))).toEqual([]);
  });

  it("WildAgtEval's benchmark not imported: the setup says where to import it, and plans nothing", async () => {
    const suite = SUITES['wildagteval-benchmark'];
    const setup = setupWith(await (await suite.prepare!())(defaultSuiteFields()['wildagteval-benchmark'] as never, data([yours])));
    expect(suite.needs(setup)).toContain("WildAgtEval's benchmark: import it on the Packs tab");
    expect(suite.size(setup).samples).toBe(0);
    expect(suite.configure(setup).packIds).toEqual([]);
  });
});
