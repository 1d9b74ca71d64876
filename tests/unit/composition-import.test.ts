import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compositionReport, scoredTask, scoredTasksOf } from '../../src/lib/analysis/composition';
import { isDict, numericValue, type PyDict } from '../../src/lib/core/pyvalue';
import { createReplayEngine, readPredictions } from '../../src/lib/engines/replay';
import { loadDagCorpus } from '../../src/cli/parity/parity-comptoolbench';
import { readCompToolBenchPack } from '../../src/lib/formats/comptoolbench';
import { toJsonText } from '../../src/lib/formats/json-text';
import { FormatError } from '../../src/lib/formats/jsonl';
import { parseJsonValue } from '../../src/lib/parsing/json-value';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { scoreDag } from '../../src/lib/scoring/dag';
import { LEVELS } from '../../src/lib/core/expected';
import { compositionSource } from '../../src/lib/suites/composition/suite';
import { DEFAULT_COMPOSITION } from '../../src/lib/suites/composition/config';

const REF = '../shared/reference/comptoolbench';
const PARITY = '../shared/parity/comptoolbench';
const haveShared = existsSync(`${REF}/test.jsonl`) && existsSync(`${REF}/tools.json`) && existsSync(`${PARITY}/cases.jsonl`);
if (!haveShared) console.warn(`skipping CompToolBench import tests: ${REF} and ${PARITY} are not present (they come with ../shared, not with the repository)`);
const counter = { id: 'chars', count: (t: string) => Math.ceil(t.length / 4) };

describe('CompToolBench import (format errors)', () => {
  const task = {
    task_id: 'L0_node_0001',
    level: 'L0_node',
    prompt: 'p',
    available_tools: ['f'],
    expected_trace: JSON.stringify({ steps: [{ step_id: 'step_1', tool_name: 'f', arguments: { x: 1 }, depends_on: [] }] }),
  };

  it('names the record and field of a bad task, and returns nothing', () => {
    const bad = [JSON.stringify(task), JSON.stringify({ ...task, task_id: 'L1_chain_0001', level: 'L9' })].join('\n');
    expect(() => readCompToolBenchPack({ name: 'x', tasks: bad, tasksSource: 'test.jsonl' })).toThrowError(
      new FormatError('test.jsonl record 2', 'level', 'expected one of L0_node, L1_chain, L2_parallel, L3_dag'),
    );
    expect(() => readCompToolBenchPack({ name: 'x', tasks: JSON.stringify({ ...task, expected_trace: '{"steps": [' }), tasksSource: 't' })).toThrow(/record 1: expected_trace: not valid JSON/);
    expect(() => readCompToolBenchPack({ name: 'x', tasks: [JSON.stringify(task), JSON.stringify(task)].join('\n') })).toThrow(/duplicate id L0_node_0001/);
    // a tool declared twice: which schema a task's calls meet would be a guess (issue 46, item 5: it was accepted)
    const tool = { type: 'function', function: { name: 'f', description: 'd', parameters: { type: 'object', properties: { x: { type: 'integer' } }, required: ['x'] } } };
    expect(() => readCompToolBenchPack({ name: 'x', tasks: JSON.stringify(task), tools: JSON.stringify({ tools: [tool, tool] }), toolsSource: 'tools.json' })).toThrow(
      /tools\.json tool 2: name: "f" is also the name of tool 1/,
    );
    expect(() =>
      readCompToolBenchPack({
        name: 'x',
        tasks: JSON.stringify(task),
        tools: '{"tools": [{"openai_schema": {"function": {"name": "f", "parameters": {"properties": {"x": {"type": "bogus"}}}}}}]}',
        toolsSource: 'tools.json',
      }),
    ).toThrow(/tools.json tool 1 \(f\): parameters.properties.x.type: expected one of/);
  });

  it('without a tool file, schemas are read off the tasks and said to be', () => {
    const pack = readCompToolBenchPack({ name: 'x', tasks: JSON.stringify(task) });
    expect(pack.tools).toEqual([
      { name: 'f', description: expect.stringContaining('no schema was imported') as unknown, parameters: { type: 'dict', properties: { x: { type: 'integer' } }, required: [] } },
    ]);
    expect(pack.description).toContain('1 read off');
  });

  it('the tasks alone over a pack imported with its schemas keep those schemas (issue 19 item 9: 106 became 58)', () => {
    const withSchemas = readCompToolBenchPack({
      name: 'x',
      tasks: JSON.stringify(task),
      tools:
        '{"tools": [{"openai_schema": {"function": {"name": "f", "description": "from tools.json", "parameters": {"properties": {"x": {"type": "integer"}}}}}}, {"openai_schema": {"function": {"name": "g", "description": "unused", "parameters": {"properties": {}}}}}]}',
    });
    const again = readCompToolBenchPack({ name: 'x', tasks: JSON.stringify(task), keptTools: withSchemas.tools });
    expect(again.tools.map((t) => [t.name, t.description])).toEqual([
      ['f', 'from tools.json'],
      ['g', 'unused'],
    ]);
    expect(again.description).toContain('2 kept from the pack this import replaced');
    // a tools file given wins over the kept schemas
    const replaced = readCompToolBenchPack({
      name: 'x',
      tasks: JSON.stringify(task),
      tools: '{"tools": [{"openai_schema": {"function": {"name": "f", "description": "new", "parameters": {"properties": {}}}}}]}',
      keptTools: withSchemas.tools,
    });
    expect(replaced.tools.map((t) => [t.name, t.description])).toEqual([['f', 'new']]);
  });

  it('a tool name changed by one byte is refused, in a step or in the tools file, not read as a new tool (issue 73)', () => {
    const flipped = (name: string) => JSON.stringify({ ...task, expected_trace: JSON.stringify({ steps: [{ step_id: 's1', tool_name: name, arguments: { x: 1 } }] }) });
    expect(() => readCompToolBenchPack({ name: 'x', tasks: flipped('g') })).toThrow(/record 1: expected_trace\.steps\[0\]\.tool_name: "g" is not among the task's available_tools \(f\)/);
    const tools = (name: string) => `{"tools": [{"openai_schema": {"function": {"name": "${name}", "parameters": {"properties": {}}}}}]}`;
    expect(() => readCompToolBenchPack({ name: 'x', tasks: JSON.stringify(task), tools: tools('e'), toolsSource: 'tools.json' })).toThrow(
      /record 1: available_tools: "f" is not a tool of tools\.json/,
    );
    expect(readCompToolBenchPack({ name: 'x', tasks: JSON.stringify(task), tools: tools('f') }).tools).toHaveLength(1);
  });
});

describe.skipIf(!haveShared)('CompToolBench: the published tasks through the app', () => {
  const pack = haveShared ? readCompToolBenchPack({ name: 'CompToolBench test', tasks: readFileSync(`${REF}/test.jsonl`, 'utf8'), tools: readFileSync(`${REF}/tools.json`, 'utf8') }) : null;

  it('imports the 200 tasks and the 106 tool schemas', () => {
    expect(pack?.tasks).toHaveLength(200);
    expect(pack?.tools).toHaveLength(106);
    expect(LEVELS.map((l) => pack?.tasks?.filter((t) => t.level === l).length)).toEqual([48, 64, 40, 48]);
    expect(pack?.description).not.toContain('read off');
  });

  it("scoring the parity corpus's synthetic models through the app's run loop gives the CLI's per-level numbers", async () => {
    if (!pack) return;
    const corpus = loadDagCorpus(PARITY);
    const agg = parseJsonValue(readFileSync(`${PARITY}/aggregates.json`, 'utf8')) as PyDict;
    const cases = new Map(corpus.cases.map((c) => [c.caseId, c]));
    const taskIds = agg.tasks as string[];
    const models = agg.models as PyDict[];
    expect(models.length).toBe(35);
    for (const [m, model] of models.entries()) {
      const assignment = model.assignment as PyDict;
      // a predictions file as a user would upload it: {"id": task, "result": [{tool_name, arguments}]} per line
      const lines = taskIds.map((id) => {
        const c = cases.get(`${id}::${String(assignment[id])}`);
        if (!c) throw new Error(`no case for ${id}`);
        const result = c.calls.map((k) => ({ tool_name: k.name, arguments: k.args }));
        return `{"id": ${JSON.stringify(id)}, "result": ${toJsonText(result as never)}}`;
      });
      const store = new MemoryResultStore();
      // the whole 106-tool catalog for one model, as the paper offers it; fewer distractors for the rest (scores do not depend on them)
      const config = { ...DEFAULT_COMPOSITION, distractors: m === 0 ? null : 3, onlyTasks: taskIds };
      const source = compositionSource({ packs: [pack], config, counter });
      expect(source.ids).toHaveLength(taskIds.length);
      const out = await runSamples({
        runId: `m${m}`,
        source,
        engine: createReplayEngine(readPredictions(lines.join('\n'))),
        store,
        request: { maxTokens: 256, temperature: 0 },
        format: 'auto',
        signal: new AbortController().signal,
      });
      expect(out.status).toBe('completed');
      const app = compositionReport(scoredTasksOf([...store.results.values()]));
      // the CLI's computation: the corpus's calls scored directly
      const cli = compositionReport(
        taskIds.map((id) => {
          const task = corpus.tasks.get(id);
          const c = cases.get(`${id}::${String(assignment[id])}`);
          if (!task || !c) throw new Error(id);
          return scoredTask(task, scoreDag(task, c.calls));
        }),
      );
      const expected = (model.composition_gap_unrounded as PyDict).accuracy as PyDict;
      for (const l of LEVELS) {
        expect(app.perLevelAccuracy[l], `${String(model.name)} ${l}`).toBeCloseTo(cli.perLevelAccuracy[l], 10);
        expect(app.perLevelAccuracy[l], `${String(model.name)} ${l} vs reference`).toBeCloseTo(numericValue(expected[l] ?? null) ?? NaN, 4);
      }
      expect(app.overallAccuracy).toBeCloseTo(cli.overallAccuracy, 10);
      expect(app.compGap.overall).toBeCloseTo(cli.compGap.overall, 10);
      expect(app.errorDistribution).toEqual(cli.errorDistribution);
      expect(isDict(model)).toBe(true);
    }
  }, 120_000);
});
