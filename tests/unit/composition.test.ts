import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCompositionPack } from '../../datasets/composition/build';
import { compositionReport, errorsByLevel, scoredTasksOf } from '../../src/lib/analysis/composition';
import { toPlain } from '../../src/lib/core/pyvalue';
import type { ChatMessage, GenerateRequest, RunEngine, ScriptedEngine, Json, JsonObject } from '../../src/lib/core/types';
import { createBaselineEngine } from '../../src/lib/engines/baseline';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { packToRow, rowToPack } from '../../src/lib/store/repos';
import { LEVELS } from '../../src/lib/core/expected';
import { generateTasks, PAPER_COUNTS } from '../../src/lib/suites/composition/generator';
import { levelViolations, turnsOf } from '../../src/lib/scoring/dag-shape';
import { compositionSource, offeredTools } from '../../src/lib/suites/composition/suite';
import { type CompositionConfig, DEFAULT_COMPOSITION } from '../../src/lib/suites/composition/config';
import { SIM_TOOLS, simulateCall } from '../../src/lib/simulate/composition';
import { runTool } from '../../src/lib/simulate/define';
import { type CompositionTool as SimTool, TOOL_CATEGORIES } from '../../src/lib/simulate/composition/categories';

const counter = { id: 'chars', count: (t: string) => Math.ceil(t.length / 4) };
const request = { maxTokens: 256, temperature: 0 };
const pack = buildCompositionPack();

/** Arguments of the right types for a tool's schema, with arbitrary values. */
function argsFor(tool: SimTool): fc.Arbitrary<JsonObject> {
  const value = (type: string, items?: string, en?: string[]): fc.Arbitrary<Json> => {
    if (en) return fc.constantFrom(...en);
    switch (type) {
      case 'string':
        return fc.oneof(fc.string(), fc.constantFrom('Paris', '2026-03-04', 'https://a.example/x.mp3', 'ada@x.example', '1 + 2', 'AAPL', '/reports/q3_summary.txt', 'EUR'));
      case 'integer':
        return fc.integer({ min: -1e6, max: 1e6 });
      case 'float':
        return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
      case 'boolean':
        return fc.boolean();
      case 'dict':
        return fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 3 });
      default:
        return fc.array(items ? value(items) : fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 6 });
    }
  };
  const entries = Object.entries(tool.params).map(([k, p]) => [k, p.optional ? fc.option(value(p.type, p.items, p.enum), { nil: undefined }) : value(p.type, p.items, p.enum)] as const);
  return fc.record(Object.fromEntries(entries)).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as JsonObject);
}

describe('simulated tool catalog', () => {
  it('has over 100 distinct tools in at least 12 categories, each with a complete schema', () => {
    expect(SIM_TOOLS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(SIM_TOOLS.map((t) => t.name)).size).toBe(SIM_TOOLS.length);
    const categories = new Set(SIM_TOOLS.map((t) => t.category));
    expect(categories.size).toBeGreaterThanOrEqual(12);
    expect([...categories].every((c) => (TOOL_CATEGORIES as readonly string[]).includes(c))).toBe(true);
    for (const t of SIM_TOOLS) {
      expect(t.schema.description?.length).toBeGreaterThan(10);
      for (const [k, p] of Object.entries(t.schema.parameters.properties)) expect([k, p.description?.length ?? 0]).not.toEqual([k, 0]);
      for (const r of t.schema.parameters.required ?? []) expect(Object.keys(t.schema.parameters.properties)).toContain(r);
    }
  });

  it('every tool is deterministic and total over its schema: typed arguments give a result or a structured error, never a throw', () => {
    for (const tool of SIM_TOOLS) {
      fc.assert(
        fc.property(argsFor(tool), (args) => {
          const a = runTool(tool, args);
          const b = runTool(tool, structuredClone(args));
          expect(JSON.stringify(a)).toBe(JSON.stringify(b));
          if (!a.ok) expect(['invalid_arguments', 'not_found', 'execution_error']).toContain(a.error.type);
          else expect(() => JSON.stringify(a.output)).not.toThrow();
        }),
        { numRuns: 40, seed: 7 },
      );
    }
  });

  it('bad arguments of any shape give a structured error naming the problem', () => {
    for (const tool of SIM_TOOLS) {
      fc.assert(
        fc.property(fc.jsonValue(), (garbage) => {
          const r = runTool(tool, garbage as Json);
          if (!r.ok) expect(r.error.message.length).toBeGreaterThan(5);
        }),
        { numRuns: 15, seed: 11 },
      );
      if (tool.schema.parameters.required?.length) {
        const r = runTool(tool, {});
        expect(r.ok).toBe(false);
        if (!r.ok) expect([r.error.type, r.error.message.includes('missing')]).toEqual(['invalid_arguments', true]);
      }
    }
    expect(simulateCall('no_such_tool', {})).toEqual({ ok: false, error: { type: 'not_found', message: "no tool named 'no_such_tool'" } });
  });

  it('computes what it claims to', () => {
    const out = (name: string, args: JsonObject) => {
      const r = simulateCall(name, args);
      if (!r.ok) throw new Error(r.error.message);
      return r.output as JsonObject;
    };
    expect(out('calculator', { expression: '234 - 89' }).result).toBe(145);
    expect(out('calculator', { expression: '2 ^ 10 / (3 + 1) % 5' }).result).toBe(1);
    expect(simulateCall('calculator', { expression: '1 / 0' })).toMatchObject({ ok: false, error: { type: 'execution_error' } });
    expect(out('hash_text', { text: 'abc' }).hash).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(out('hash_text', { text: '' }).hash).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(out('hash_text', { text: 'The quick brown fox jumps over the lazy dog', algorithm: 'crc32' }).hash).toBe('414fa339');
    expect(out('base64_encode', { text: 'héllo ✓' }).encoded).toBe(Buffer.from('héllo ✓').toString('base64'));
    expect(out('base64_decode', { encoded: Buffer.from('héllo ✓').toString('base64') }).text).toBe('héllo ✓');
    const secret = out('encrypt_text', { text: 'meet at noon', key: 'k3y' }).ciphertext as string;
    expect(out('decrypt_text', { ciphertext: secret, key: 'k3y' }).text).toBe('meet at noon');
    expect(out('unit_convert', { value: 36, from_unit: 'celsius', to_unit: 'fahrenheit' }).result).toBe(96.8);
    expect(simulateCall('unit_convert', { value: 3, from_unit: 'miles', to_unit: 'kilograms' })).toMatchObject({ ok: false, error: { type: 'invalid_arguments' } });
    expect(out('calculate_date_diff', { start_date: '2026-01-15', end_date: '2026-04-01' }).days).toBe(76);
    expect(out('get_weekday', { date: '2026-07-04' }).weekday).toBe('Saturday');
    expect(out('add_duration', { date: '2025-02-14', minutes: 87 }).result_date).toBe('2025-02-14T01:27:00Z');
    expect(out('number_to_text', { number: 1234 }).text).toBe('one thousand two hundred and thirty-four');
    expect(out('text_to_number', { text: 'one thousand two hundred and thirty-four' }).number).toBe(1234);
    expect(out('business_days_between', { start_date: '2026-03-02', end_date: '2026-03-09' }).business_days).toBe(5);
    const w1 = out('get_weather', { city: 'Lisbon' });
    expect(out('get_weather', { city: 'Lisbon' })).toEqual(w1);
    expect(out('convert_timezone', { datetime: '2026-03-04T14:30', from_timezone: 'Europe/Paris', to_timezone: 'America/New_York' }).datetime).toBe('2026-03-04T08:30');
  });
});

describe('composition task generator', () => {
  const tasks = pack.tasks ?? [];

  it("makes the paper's counts per level, deterministically, with distinct requests", () => {
    for (const l of LEVELS) expect(tasks.filter((t) => t.level === l)).toHaveLength(PAPER_COUNTS[l]);
    expect(new Set(tasks.map((t) => t.prompt)).size).toBe(tasks.length);
    expect(JSON.stringify(generateTasks(42))).toBe(JSON.stringify(tasks));
    expect(JSON.stringify(generateTasks(7))).not.toBe(JSON.stringify(tasks));
  });

  it('every expected trace replays exactly: each step, run again, gives the recorded output', () => {
    for (const t of tasks) {
      t.steps.forEach((s, i) => {
        const r = simulateCall(s.toolName, toPlain(s.arguments) as Json);
        expect(r.ok, `${t.taskId} ${s.stepId}`).toBe(true);
        if (r.ok) expect(r.output).toEqual(t.outputs?.[i]);
      });
    }
  });

  it('every task has the structure its level claims, on its DAG', () => {
    for (const t of tasks) expect(levelViolations(t), t.taskId).toEqual([]);
    const l3 = tasks.filter((t) => t.level === 'L3_dag');
    expect(new Set(l3.map((t) => t.steps.length))).toEqual(new Set([4, 5, 6]));
    const l2 = tasks.filter((t) => t.level === 'L2_parallel');
    expect(new Set(l2.map((t) => t.steps.length - 1))).toEqual(new Set([2, 3]));
  });

  it('every dependency carries data: a dependent call has a value that its upstream call returned', () => {
    const leaves = (v: unknown, out: unknown[] = []): unknown[] => {
      if (v !== null && typeof v === 'object') for (const x of Object.values(v)) leaves(x, out);
      else if (typeof v === 'number' || (typeof v === 'string' && v.length > 1)) out.push(v);
      return out;
    };
    for (const t of tasks) {
      t.steps.forEach((s) => {
        for (const dep of s.dependsOn) {
          const i = t.steps.findIndex((x) => x.stepId === dep);
          const upstream = leaves(t.outputs?.[i]);
          const args = leaves(toPlain(s.arguments));
          const flows = args.some((a) => upstream.some((u) => a === u || (typeof a === 'string' && a.includes(String(u)))));
          expect(flows, `${t.taskId}: ${s.stepId} ← ${dep}`).toBe(true);
        }
      });
    }
  });

  it('a request never names its functions (plain words such as "average" are natural language)', () => {
    for (const t of tasks) for (const s of t.steps) if (s.toolName.includes('_')) expect(t.prompt.includes(s.toolName), `${t.taskId} names ${s.toolName}`).toBe(false);
  });

  it('survives storage: the stored pack reads back with the same tasks, numbers keeping their Python type', () => {
    const back = rowToPack(JSON.parse(JSON.stringify(packToRow(pack))));
    expect(JSON.stringify((back.tasks ?? []).map((t) => t.steps.map((s) => toPlain(s.arguments))))).toBe(JSON.stringify(tasks.map((t) => t.steps.map((s) => toPlain(s.arguments)))));
    expect(back.tasks?.[5]?.outputs).toEqual(tasks[5]?.outputs);
    const floats = tasks.flatMap((t) => t.steps.flatMap((s) => Object.values(s.arguments))).filter((v) => v !== null && typeof v === 'object' && 'value' in v);
    expect(floats.length).toBeGreaterThan(0);
  });
});

describe('composition suite', () => {
  const run = async (engine: RunEngine, config: Partial<CompositionConfig> = {}) => {
    const store = new MemoryResultStore();
    const source = compositionSource({ packs: [pack], config: { ...DEFAULT_COMPOSITION, ...config }, counter });
    const out = await runSamples({ runId: 'r', source, engine, store, request, format: 'auto', signal: new AbortController().signal });
    expect(out.status).toBe('completed');
    return [...store.results.values()];
  };

  it('offers the task tools plus k distractors, or the whole catalog', () => {
    const task = pack.tasks?.find((t) => t.level === 'L3_dag');
    if (!task) throw new Error('no L3 task');
    const own = new Set(task.steps.map((s) => s.toolName));
    const some = offeredTools(task, pack.tools, { distractors: 5, seed: 1 });
    expect(some).toHaveLength(own.size + 5);
    expect([...own].every((n) => some.some((t) => t.name === n))).toBe(true);
    expect(offeredTools(task, pack.tools, { distractors: null, seed: 1 })).toHaveLength(pack.tools.length);
  });

  it('the oracle scores 100% at every level, single-turn and multi-turn', async () => {
    for (const protocol of ['single-turn', 'multi-turn'] as const) {
      const results = await run(createOracleEngine(), { protocol, perLevel: 12, distractors: 10 });
      const report = compositionReport(scoredTasksOf(results));
      for (const l of LEVELS) expect([protocol, l, report.perLevelAccuracy[l], report.taskCounts[l]]).toEqual([protocol, l, 1, 12]);
      expect(errorsByLevel(scoredTasksOf(results)).L3_dag).toEqual({ none: 1 });
    }
  });

  it('multi-turn: the model sees each simulated result before its next calls', async () => {
    const seen: ChatMessage[][] = [];
    const oracle = createOracleEngine();
    const spy: ScriptedEngine = { info: oracle.info, answer: (r: GenerateRequest, s, sig) => (seen.push(r.messages), oracle.answer(r, s, sig)) };
    const results = await run(spy, { protocol: 'multi-turn', levels: ['L1_chain'], perLevel: 1 });
    const task = pack.tasks?.find((t) => t.taskId === results[0]?.itemId);
    expect(seen).toHaveLength(3); // step 1, step 2, final answer
    const toolMessage = seen[1]?.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toContain(JSON.stringify(task?.outputs?.[0]));
    expect(results[0]?.calls).toHaveLength(2);
    expect(turnsOf(task?.steps ?? [])).toHaveLength(2);
  });

  it('the baseline engine gives real, imperfect numbers', async () => {
    const results = await run(createBaselineEngine(), { distractors: null });
    const report = compositionReport(scoredTasksOf(results));
    expect(report.taskCounts).toEqual(PAPER_COUNTS);
    for (const l of LEVELS) {
      expect(report.perLevelAccuracy[l]).toBeGreaterThan(0);
      expect(report.perLevelAccuracy[l]).toBeLessThan(1);
    }
  });
});
