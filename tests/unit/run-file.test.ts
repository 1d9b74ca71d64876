/**
 * The run file (export/import/gallery format), run-level constrained decoding for every suite
 * with calls, and the reasons given for outputs that are not calls (as real models write them).
 */
import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { buildCompositionPack } from '../../datasets/composition/build';
import { buildResponsesPack } from '../../datasets/travel/build';
import type { GenerateRequest, ScriptedEngine } from '../../src/lib/core/types';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { describeParseError, whyNotCalls } from '../../src/lib/parsing/diagnose';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { requestFor } from '../../src/lib/run/request';
import { sourceFor } from '../../src/lib/run/sources';
import type { RunCommon, RunRow } from '../../src/lib/run/run-row';
import type { SuitePlan } from '../../src/lib/suites/registry';
import { readRunFile, type RecordedPrompt, writeRunFile } from '../../src/lib/store/run-file';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

const counter = new CachedCounter(llama3Counter);
const catalog = buildCatalogPack();

function catalogRun(id = 'run-abc'): RunRow {
  return {
    id,
    name: 'SmolLM2 · catalog · 512',
    createdAt: 1,
    updatedAt: 2,
    status: 'completed',
    suite: 'catalog',
    packIds: [catalog.id],
    config: { lengths: [512], positions: [0.1, 0.9], samplesPerCell: 2, seed: 42 },
    engine: { kind: 'wllama', model: 'https://example.org/m.gguf', contextWindow: 2048 },
    template: DEFAULT_PROMPT,
    format: 'bfcl-python',
    request: { maxTokens: 48, temperature: 0 },
    counterId: 'llama3',
    total: 4,
    done: 0,
    correct: 0,
    predictions: 'secret predictions text',
  };
}

async function storedRun() {
  const run = catalogRun();
  const source = await sourceFor(run, [catalog], counter);
  const store = new MemoryResultStore();
  await runSamples({ runId: run.id, source, engine: createOracleEngine(), store, request: run.request, format: run.format, signal: new AbortController().signal });
  const results = [...store.results.values()];
  const prompts = new Map<string, RecordedPrompt>(
    results.map((r) => {
      const s = source.build(r.sampleId);
      return [r.sampleId, { messages: s.messages, needleNames: s.needleIndexes.map((i) => s.tools[i]!.name), toolCount: s.tools.length, promptTokens: s.promptTokens, expected: null }];
    }),
  );
  return { run, results, prompts };
}

/** A run file's lines with line i's object edited: a function that reads the result, for expect(…).toThrow. */
const lineEdit = (lines: readonly string[], name: string) => (i: number, f: (o: Record<string, unknown>) => void) => {
  const ls = [...lines];
  const o = JSON.parse(ls[i]!) as Record<string, unknown>;
  f(o);
  ls[i] = JSON.stringify(o);
  return () => readRunFile(ls.join('\n'), name);
};

describe('run file', () => {
  it('round-trips a run, its results and their prompts; counts come from the results; predictions are not exported', async () => {
    const { run, results, prompts } = await storedRun();
    const recording = { recordedAt: '2026-11-23', model: 'SmolLM2-135M-Instruct Q4_1', engine: 'llama.cpp (WebAssembly), 2 threads', command: 'npm run bench:model' };
    const text = writeRunFile({ run, recording, results, prompts });
    expect(text).not.toContain('secret predictions');
    expect(text.trim().split('\n')).toHaveLength(1 + results.length);
    const back = readRunFile(text);
    expect(back.results).toEqual([...results].sort((a, b) => a.index - b.index));
    expect(back.prompts).toEqual(prompts);
    expect(back.recording).toEqual(recording);
    expect(back.run.recording).toEqual(recording);
    expect(back.run.done).toBe(results.length);
    expect(back.run.correct).toBe(results.length);
    // without prompts the file is smaller and still complete
    const lean = writeRunFile({ run, results });
    expect(lean.length).toBeLessThan(text.length / 3);
    expect(readRunFile(lean).prompts.size).toBe(0);
  });

  it('refuses a broken file naming line and field, and never accepts a result of another run or a duplicate', async () => {
    const { run, results } = await storedRun();
    const lines = writeRunFile({ run, results }).trim().split('\n');
    const bad = (mutate: (ls: string[]) => void) => {
      const ls = [...lines];
      mutate(ls);
      return () => readRunFile(ls.join('\n'), 'x.run.jsonl');
    };
    expect(bad((ls) => (ls[0] = '{"format":"something-else"}'))).toThrow(/x\.run\.jsonl line 1: format: expected "fc-playground-run"/);
    expect(bad((ls) => (ls[2] = ls[2]!.replace(/"output":"[^"]*"/, '"output":7')))).toThrow(/line 3: result\.output: expected a string, got number 7/);
    expect(bad((ls) => (ls[2] = ls[2]!.replaceAll(run.id, 'run-other')))).toThrow(/line 3: result\.runId: belongs to run "run-other"/);
    expect(bad((ls) => ls.push(ls[1]!))).toThrow(/line 6: result\.sampleId: .* appears twice/);
    expect(bad((ls) => (ls[1] = ls[1]!.slice(0, 40)))).toThrow(/line 2: \(json\)/);
    expect(bad((ls) => (ls[0] = ls[0]!.replace('"suite":"catalog"', '"suite":"bogus"')))).toThrow(/run\.suite: "bogus" is not one of/);
    expect(() => readRunFile('')).toThrow(/empty/);
    // a field inside a list is named with its index; a missing one says so
    const edit = (at: number, f: (o: Record<string, any>) => void) =>
      bad((ls) => {
        const o = JSON.parse(ls[at]!);
        f(o);
        ls[at] = JSON.stringify(o);
      });
    expect(edit(2, (o) => (o.result.calls = [{ name: 'a', args: {} }, { args: {} }]))).toThrow(/line 3: result\.calls\[1\]\.name: expected a string, got nothing \(missing\)/);
    expect(edit(0, (o) => delete o.run.counterId)).toThrow(/line 1: run\.counterId: expected a string, got nothing/);
    expect(edit(0, (o) => (o.run.engine.kind = 'gpt'))).toThrow(/line 1: run\.engine\.kind: "gpt" is not one of /);
  });

  it('refuses a credential anywhere in a run file, naming where (issue 35, item 5)', async () => {
    const { run, results } = await storedRun();
    const lines = writeRunFile({ run, results }).trim().split('\n');
    const withKey = lineEdit(lines, 'k.run.jsonl');
    expect(withKey(0, (o) => ((o.run as Record<string, unknown>).apiKey = 'sk-1'))).toThrow(/k\.run\.jsonl line 1: run\.apiKey: a run file never carries credentials/);
    expect(withKey(0, (o) => (((o.run as Record<string, unknown>).engine as Record<string, unknown>).headers = { Authorization: 'Bearer x' }))).toThrow(/line 1: run\.engine\.headers\.Authorization/);
    expect(withKey(1, (o) => ((o.result as Record<string, unknown>).api_key = 'sk-2'))).toThrow(/line 2: result\.api_key/);
    // a tool's parameter named password is the tool's, not a credential
    expect(withKey(1, (o) => (((o.result as Record<string, unknown>).calls as unknown[]) = [{ name: 'login', args: { user: 'u', password: 'p' } }]))).not.toThrow();
    // token counts are not credentials
    expect(() => readRunFile(lines.join('\n'))).not.toThrow();
  });

  it('refuses fields a run file does not have, naming them; a predictions file only on a replay run (issue 35, item 5)', async () => {
    const { run, results } = await storedRun();
    const edited = lineEdit(writeRunFile({ run, results }).trim().split('\n'), 'u.run.jsonl');
    expect(edited(0, (o) => ((o.run as Record<string, unknown>).junk = 'x'.repeat(1_000_000)))).toThrow(/u\.run\.jsonl line 1: run\.junk: not a field of a run file: remove it/);
    expect(edited(0, (o) => (o.extra = 1))).toThrow(/line 1: \(header\)\.extra: not a field/);
    expect(edited(0, (o) => (((o.run as Record<string, unknown>).engine as Record<string, unknown>).proxy = 'http://x'))).toThrow(/line 1: run\.engine\.proxy: not a field/);
    expect(edited(1, (o) => ((o.result as Record<string, unknown>).debug = { a: 1 }))).toThrow(/line 2: result\.debug: not a field/);
    expect(edited(1, (o) => (o.note = 'hi'))).toThrow(/line 2: \(line\)\.note: not a field/);
    expect(edited(0, (o) => ((o.run as Record<string, unknown>).predictions = 'x'.repeat(10_000_000)))).toThrow(/line 1: run\.predictions: only a replay run carries its predictions file/);
  });

  it('carries the device a GGUF run ran on, and refuses one that contradicts its model id (issue 47)', async () => {
    const { results } = await storedRun();
    const device = { kind: 'webgpu' as const, adapter: 'google swiftshader (software)', layers: { offloaded: 31, of: 31 }, note: '29 MiB of weights stayed on the CPU' };
    const run = { ...catalogRun(), engine: { kind: 'wllama' as const, model: 'https://example.org/m.gguf#webgpu', contextWindow: 2048, device } };
    expect(readRunFile(writeRunFile({ run, results }), 'g.run.jsonl').run.engine.device).toEqual(device);
    const edited = lineEdit(writeRunFile({ run, results }).trim().split('\n'), 'g.run.jsonl');
    const engineOf = (o: Record<string, unknown>) => (o.run as { engine: Record<string, unknown> }).engine;
    expect(edited(0, (o) => (engineOf(o).model = 'https://example.org/m.gguf'))).toThrow(/line 1: run\.engine\.device\.kind: a run on the GPU names its model with the #webgpu mark/);
    expect(edited(0, (o) => (engineOf(o).device = { kind: 'cpu' }))).toThrow(/run\.engine\.device\.kind: a run on the CPU names its model without the #webgpu mark/);
    expect(edited(0, (o) => (engineOf(o).device = { ...device, layers: { offloaded: 32, of: 31 } }))).toThrow(/run\.engine\.device\.layers: expected at most 31 layers offloaded/);
    expect(edited(0, (o) => (engineOf(o).device = { ...device, kind: 'tpu' }))).toThrow(/run\.engine\.device\.kind/);
    expect(edited(0, (o) => (engineOf(o).device = { ...device, vram: 1 }))).toThrow(/run\.engine\.device\.vram: not a field/);
  });

  it('carries the requests a run kept in flight (part of its identity), and refuses a count that is not 2–256 (issue 70)', async () => {
    const { results } = await storedRun();
    const run = { ...catalogRun(), engine: { kind: 'openai' as const, model: 'm', baseUrl: 'http://h/v1', concurrency: 8 } };
    expect(readRunFile(writeRunFile({ run, results }), 'c.run.jsonl').run.engine.concurrency).toBe(8);
    const edited = lineEdit(writeRunFile({ run, results }).trim().split('\n'), 'c.run.jsonl');
    const engineOf = (o: Record<string, unknown>) => (o.run as { engine: Record<string, unknown> }).engine;
    for (const bad of [1, 2.5, 257, 'x', null])
      expect(
        edited(0, (o) => (engineOf(o).concurrency = bad)),
        String(bad),
      ).toThrow(/line 1: run\.engine\.concurrency/);
  });

  it('reads a file that starts with a byte-order mark; a run written while it was running opens paused (issue 35, item 6)', async () => {
    const { run, results } = await storedRun();
    const text = writeRunFile({ run: { ...run, status: 'running' }, results });
    const back = readRunFile(`\ufeff${text}`, 'bom.run.jsonl');
    expect(back.results).toHaveLength(results.length);
    expect(back.run.status).toBe('paused');
    expect(readRunFile(writeRunFile({ run, results })).run.status).toBe('completed');
  });
});

describe('run file of an API-complexity run', () => {
  it('round-trips the configuration and every episode; refuses an unknown complexity type and a broken episode', async () => {
    const run: RunRow = {
      ...catalogRun('run-api'),
      name: 'oracle · API complexity',
      suite: 'wildagteval-simulated',
      packIds: [],
      predictions: undefined,
      config: { mode: 'isolated', types: ['notice', 'system_failure'], ladder: ['base'], wordings: ['coref'], conversations: 2, perType: 0, seed: 7, maxSteps: 4, judge: 'rubric' },
    };
    const store = new MemoryResultStore();
    await runSamples({ runId: run.id, source: await sourceFor(run, [], counter), engine: createOracleEngine(), store, request: run.request, format: 'json', signal: new AbortController().signal });
    const results = [...store.results.values()];
    expect(results.some((r) => r.score.api?.errorHandling)).toBe(true);
    const text = writeRunFile({ run, results });
    const back = readRunFile(text);
    expect(back.run.config).toEqual(run.config);
    expect(back.results).toEqual([...results].sort((a, b) => a.index - b.index));
    const lines = text.trim().split('\n');
    expect(() => readRunFile([lines[0]!.replace('"notice"', '"chaos"'), ...lines.slice(1)].join('\n'), 'a.run.jsonl')).toThrow(/run\.config\.types: "chaos" is not one of ad_hoc, /);
    expect(() => readRunFile([lines[0]!, lines[1]!.replace('"turns":[', '"turns":7,"x":['), ...lines.slice(2)].join('\n'), 'a.run.jsonl')).toThrow(
      /line 2: result\.score\.api\.turns: expected a list/,
    );
  });
});

describe('run-level constrained decoding', () => {
  const asked: GenerateRequest[] = [];
  const recorder: ScriptedEngine = { info: { id: 'rec', kind: 'oracle', model: 'rec' }, answer: async (req, sample, signal) => (asked.push(req), createOracleEngine().answer(req, sample, signal)) };

  it("gives every call-answering sample its tools' grammar (multi-turn turns may end with []), and leaves QA answers free", async () => {
    const composition = buildCompositionPack();
    const run = (c: Partial<RunCommon> & SuitePlan & { packIds?: string[] }): RunRow => ({ ...catalogRun(), ...c }) as RunRow;
    const single = await sourceFor(run({ suite: 'composition', config: { levels: ['L3_dag'], perLevel: 1, distractors: 2, protocol: 'single-turn', seed: 42 } }), [composition], counter);
    const s = single.build(single.ids[0]!);
    const g = requestFor({ maxTokens: 64, temperature: 0 }, s, 'auto', true).grammar!;
    expect(g).toMatch(/\{0,[5-9]\}/); // room for every step of a DAG
    expect(g).toMatch(/^root ::= "\[" calls\w* /m); // at least one call
    expect(g).not.toMatch(/^root ::= "\[" \(/m);
    expect(requestFor({ maxTokens: 64, temperature: 0 }, s, 'auto', false).grammar).toBeUndefined();

    const multi = await sourceFor(run({ suite: 'composition', config: { levels: ['L1_chain'], perLevel: 1, distractors: 0, protocol: 'multi-turn', seed: 42 } }), [composition], counter);
    asked.length = 0;
    const store = new MemoryResultStore();
    await runSamples({ runId: 'm', source: multi, engine: recorder, store, request: { maxTokens: 64, temperature: 0 }, format: 'auto', constrained: true, signal: new AbortController().signal });
    expect(asked.length).toBeGreaterThan(1);
    for (const req of asked) expect(req.grammar).toMatch(/^root ::= "\[" \(.*\)\? "\]"$/m);
    expect([...store.results.values()][0]!.score.correct).toBe(true);

    const qa = await sourceFor(
      run({ suite: 'response-qa', packIds: ['r'], config: { lengths: [1024], positions: [1], experiments: ['size'], samplesPerCell: 1, seed: 42 } }),
      [buildResponsesPack()],
      counter,
    );
    expect(requestFor({ maxTokens: 64, temperature: 0 }, qa.build(qa.ids[0]!), 'bfcl-python', true).grammar).toBeUndefined();
  });
});

describe('why an output is not calls', () => {
  it('names what real models write instead: a definition, a fence with prose, prose; and the output limit', () => {
    // SmolLM2-135M's free answer to a catalog prompt, as recorded
    const smol = '```python\ndef get_milestone_MS-12(milestone_id):\n    return get_milestone_MS-12(milestone_id)\n```\n\nThis function uses the `get_milestone_MS-12` function.';
    expect(whyNotCalls(smol)).toMatch(/defines a function/);
    expect(whyNotCalls('```\n[f(a=1)]\n```\nDone!')).toMatch(/code fence and prose/);
    expect(whyNotCalls('```python\n[f(a=1)]\n```')).toMatch(/in a code fence/);
    expect(whyNotCalls('Sure, I can help with that.')).toMatch(/prose/);
    expect(whyNotCalls('get_weather(city="Oslo")')).toBeNull();
    expect(whyNotCalls('[get_weather(city="Oslo")]')).toBeNull();
    expect(describeParseError('[f(a=', { kind: 'syntax', message: "'(' was never closed" }, true)).toBe("syntax: '(' was never closed — cut off at the output limit");
  });
});

describe('a run file re-asking its unanswered samples (issue 46, item 1)', () => {
  it('a later line for a sample that ended in an engine error replaces it; any other repeated sample is still refused', async () => {
    const { run, results } = await storedRun();
    const first = results[0]!;
    const outage = {
      ...first,
      output: '',
      calls: null,
      score: { ...first.score, correct: false, value: 0, errorType: 'engine_error' },
      error: { kind: 'engine_error' as const, message: 'ServerError: HTTP 503' },
    };
    const text = writeRunFile({ run, results: [outage, ...results.slice(1)] }) + JSON.stringify({ result: first }) + '\n';
    const file = readRunFile(text);
    expect(file.results).toHaveLength(results.length);
    expect(file.results[0]).toEqual(first);
    expect(file.run.headline).toEqual({ hits: results.length, count: results.length, unanswered: 0 });
    const twice = writeRunFile({ run, results }) + JSON.stringify({ result: first }) + '\n';
    expect(() => readRunFile(twice)).toThrow(/appears twice/);
  });
});

describe('credentials, by name and by shape, everywhere a run file can hold them (issue 46, item 6)', () => {
  it('refuses every form that used to be stored and exported again, naming where it is', async () => {
    const { run, results } = await storedRun();
    const text = writeRunFile({ run, results, recording: { recordedAt: 'x', model: 'm', engine: 'e', command: 'npm run eval -- catalog' } });
    const [header, first, ...rest] = text.split('\n');
    const withHeader = (f: (h: Record<string, any>) => void) => {
      const h = JSON.parse(header!);
      f(h);
      return [JSON.stringify(h), first, ...rest].join('\n');
    };
    const withResult = (f: (r: Record<string, any>) => void) => {
      const r = JSON.parse(first!);
      f(r.result);
      return [header, JSON.stringify(r), ...rest].join('\n');
    };
    const cases: [string, string, RegExp][] = [
      ['openai_api_key in the header', withHeader((h) => (h.run.engine.openai_api_key = 'x')), /run\.engine\.openai_api_key/],
      ['OPENAI_API_KEY in a result', withResult((r) => (r.facets = { OPENAI_API_KEY: 'x' })), /facets\.OPENAI_API_KEY/],
      ['api_token', withHeader((h) => (h.recording.api_token = 'x')), /recording\.api_token/],
      ['hf_token', withResult((r) => (r.usage = { ...r.usage, hf_token: 'x' })), /usage\.hf_token/],
      ['x-goog-api-key', withHeader((h) => (h.run['x-goog-api-key'] = 'x')), /run\.x-goog-api-key/],
      ['a key in the base URL as user:key@', withHeader((h) => (h.run.engine.baseUrl = 'https://me:sk-abc@api.example.org/v1')), /run\.engine\.baseUrl: .*a URL with a user name and password/],
      ['?key= in the base URL', withHeader((h) => (h.run.engine.baseUrl = 'https://api.example.org/v1?key=abc123')), /run\.engine\.baseUrl: .*a URL with a key-like parameter/],
      ['#apikey= in the base URL', withHeader((h) => (h.run.engine.baseUrl = 'https://api.example.org/v1#apikey=abc123')), /run\.engine\.baseUrl: .*a URL with a key-like parameter/],
      ['--api-key in the command', withHeader((h) => (h.recording.command = 'npm run eval -- catalog --api-key sk-live-123 --out x')), /recording\.command: .*a command-line option that passes a key/],
      ['--api-key= in the command', withHeader((h) => (h.recording.command = 'npm run eval -- catalog --api-key=abc')), /recording\.command/],
      ['a key set in the environment', withHeader((h) => (h.recording.command = 'OPENAI_API_KEY=abc npm run eval -- catalog')), /recording\.command: .*a key set in the environment/],
      ['a provider-shaped key in a note', withHeader((h) => (h.recording.note = 'ran with sk-proj-abcdefghijklmnopqrstuvwx')), /recording\.note: .*a value shaped like an API key/],
      // issue 73: forms the outside campaign found stored
      ['apiKeys', withHeader((h) => (h.run.engine.apiKeys = ['x'])), /run\.engine\.apiKeys/],
      ['api_keys', withResult((r) => (r.facets = { api_keys: 'x' })), /facets\.api_keys/],
      ['OpenAIKey', withHeader((h) => (h.recording.OpenAIKey = 'x')), /recording\.OpenAIKey/],
      ['-H "x-api-key: …" in the command', withHeader((h) => (h.recording.command = 'curl -H "x-api-key: abc123" http://h/v1')), /recording\.command: .*a command-line header that passes a key/],
      [
        'an api_key nested 70 deep in run.config',
        withHeader((h) => {
          let o: Record<string, any> = { api_key: 'x' };
          for (let i = 0; i < 70; i++) o = { n: o };
          h.run.config.deep = o;
        }),
        /run\.config\.deep(\.n)+: .*nested deeper than 64 levels/,
      ],
    ];
    for (const [what, file, where] of cases) expect(() => readRunFile(file), what).toThrow(where);
    // and the writer never writes one
    expect(() => writeRunFile({ run: { ...run, engine: { ...run.engine, baseUrl: 'http://u:p@127.0.0.1:8000/v1' } }, results })).toThrow(/a URL with a user name and password/);
  });

  it('leaves what only looks alike: token counts, a tool parameter named password, the runner command with its bounds', async () => {
    const { run, results } = await storedRun();
    const command = 'npm run eval -- catalog --max-tokens 128 --first-byte-timeout 1800 --engine openai --base-url http://127.0.0.1:8000/v1 --model m --out x.run.jsonl';
    const withParam = results.map((r, i) => (i === 0 ? { ...r, calls: [{ name: 'login', args: { password: 'hunter2', token: 't' } }] } : r));
    const file = readRunFile(
      writeRunFile({
        run,
        results: withParam,
        recording: { recordedAt: 'x', model: 'm', engine: 'e', command, note: 'model file m.gguf sha256 1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32' },
      }),
    );
    expect(file.results[0]?.calls?.[0]?.args).toEqual({ password: 'hunter2', token: 't' });
    expect(file.recording?.command).toBe(command);
  });
});
