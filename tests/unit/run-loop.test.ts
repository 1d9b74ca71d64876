import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { cellStats, degradationTable, errorTaxonomy } from '../../src/lib/analysis/catalog';
import type { Engine, GenerateResult, ScriptedEngine } from '../../src/lib/core/types';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { createBaselineEngine } from '../../src/lib/engines/baseline';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { GPU_ABORT } from '../../src/lib/engines/errors';
import { createReplayEngine, readPredictions } from '../../src/lib/engines/replay';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, type RunProgress, runSamples, STORAGE_FULL } from '../../src/lib/run/loop';
import { catalogSource } from '../../src/lib/suites/catalog/suite';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

const pack = buildCatalogPack();
const counter = new CachedCounter(llama3Counter);
const sweep = { lengths: [1000, 2000], positions: [0.1, 0.5, 0.9], samplesPerCell: 5, seed: 3 };
const source = () => catalogSource({ packs: [pack], sweep, template: DEFAULT_PROMPT, counter });
const request = { maxTokens: 256, temperature: 0 };

describe('run loop', () => {
  it('oracle engine scores 100% in every cell', async () => {
    const store = new MemoryResultStore();
    const out = await runSamples({ runId: 'r1', source: source(), engine: createOracleEngine(), store, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(out.status).toBe('completed');
    const cells = cellStats([...store.results.values()]);
    expect(cells).toHaveLength(6);
    for (const c of cells) expect([c.n, c.accuracy]).toEqual([5, 1]);
    expect(degradationTable(cells).overall?.percent).toBe(0);
  });

  it('baseline engine gives real, imperfect numbers with classified errors', async () => {
    const store = new MemoryResultStore();
    await runSamples({ runId: 'r2', source: source(), engine: createBaselineEngine(), store, request, format: 'bfcl-python', signal: new AbortController().signal });
    const results = [...store.results.values()];
    const acc = results.filter((r) => r.score.correct).length / results.length;
    expect(acc).toBeGreaterThan(0);
    expect(acc).toBeLessThan(1);
    expect(errorTaxonomy(results).every((e) => ['wrong_function', 'wrong_parameter', 'wrong_count', 'wrong_syntax'].includes(e.key))).toBe(true);
  });

  it('resumes after a stop without losing or duplicating a sample', async () => {
    const store = new MemoryResultStore();
    const ctl = new AbortController();
    const seen: RunProgress[] = [];
    const first = await runSamples({
      runId: 'r3',
      source: source(),
      engine: createOracleEngine(),
      store,
      request,
      format: 'bfcl-python',
      signal: ctl.signal,
      onProgress: (p) => {
        seen.push(p);
        if (p.done === 7) ctl.abort('pause');
      },
    });
    expect(first).toEqual({ status: 'stopped', reason: 'pause' });
    expect(store.results.size).toBe(7);
    const written: string[] = [];
    const spy = {
      completed: store.completed.bind(store),
      put: async (r: Parameters<typeof store.put>[0]) => {
        written.push(r.sampleId);
        await store.put(r);
      },
    };
    const resumed: RunProgress[] = [];
    const second = await runSamples({
      runId: 'r3',
      source: source(),
      engine: createOracleEngine(),
      store: spy,
      request,
      format: 'bfcl-python',
      signal: new AbortController().signal,
      onProgress: (p) => resumed.push(p),
    });
    expect(second.status).toBe('completed');
    // accuracy so far counts the correct answers written before the resume (issue 19, item 6: it showed 0%)
    expect(resumed[0]).toMatchObject({ done: 7, correct: 7 });
    expect(resumed.at(-1)).toMatchObject({ done: 30, correct: 30 });
    expect(written).toHaveLength(30 - 7);
    expect(store.results.size).toBe(30);
    expect(new Set([...store.results.values()].map((r) => r.index)).size).toBe(30);
  });

  it('a pause that arrives after the last sample was written completes the run (it stayed paused with nothing left to resume)', async () => {
    const store = new MemoryResultStore();
    const ctl = new AbortController();
    const out = await runSamples({
      runId: 'r3b',
      source: source(),
      engine: createOracleEngine(),
      store,
      request,
      format: 'bfcl-python',
      signal: ctl.signal,
      onProgress: (p) => {
        if (p.done === 30) ctl.abort('pause');
      },
    });
    expect(out).toEqual({ status: 'completed' });
    expect(store.results.size).toBe(30);
  });

  it("records a prompt longer than the window as that sample's result and goes on", async () => {
    const store = new MemoryResultStore();
    const engine: ScriptedEngine = {
      info: { id: 'x', kind: 'webllm', model: 'tiny-window' },
      async answer(_r, sample): Promise<GenerateResult> {
        if (sample.cell.length > 1500) throw Object.assign(new Error('Prompt tokens exceed context window size'), { name: 'ContextWindowSizeExceededError' });
        return createOracleEngine().answer(_r, sample, new AbortController().signal);
      },
    };
    const out = await runSamples({ runId: 'r4', source: source(), engine, store, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(out.status).toBe('completed');
    const results = [...store.results.values()];
    expect(results.filter((r) => r.error?.kind === 'context_overflow')).toHaveLength(15);
    expect(results.filter((r) => r.score.correct)).toHaveLength(15);
  });

  it("a prompt the packs cannot fill is that sample's build_error with the true cause; the run goes on (issue 19, item 2)", async () => {
    // a pack of 30 tools (about 3,300 tokens) fills 1K prompts but not 8K ones
    const tools = pack.tools.slice(0, 30);
    const names = new Set(tools.map((t) => t.name));
    const small = { ...pack, tools, items: pack.items.filter((i) => i.tools.every((t) => names.has(t.name))) };
    const mixed = catalogSource({ packs: [small], sweep: { lengths: [1024, 8192], positions: [0.5], samplesPerCell: 4, seed: 42 }, template: DEFAULT_PROMPT, counter });
    const store = new MemoryResultStore();
    const out = await runSamples({ runId: 'rb', source: mixed, engine: createOracleEngine(), store, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(out.status).toBe('completed');
    const results = [...store.results.values()];
    expect(results).toHaveLength(8);
    const unbuilt = results.filter((r) => r.error?.kind === 'build_error');
    expect(unbuilt).toHaveLength(4);
    expect(unbuilt[0]?.error?.message).toMatch(/An? 8192-token prompt cannot be built for request .*do not have enough distinct tools/);
    expect(unbuilt[0]?.score).toMatchObject({ correct: false, errorType: 'build_error' });
    expect(unbuilt.every((r) => r.cell.length === 8192)).toBe(true);
    expect(results.filter((r) => r.score.correct)).toHaveLength(4);
  });

  it('retries a sample once after the GPU device is lost, and fails the run on repeated engine errors', async () => {
    let lost = true;
    let recovered = 0;
    const flaky: ScriptedEngine = {
      info: { id: 'x', kind: 'webllm', model: 'm' },
      async answer(r, sample, signal) {
        if (lost) {
          lost = false;
          throw Object.assign(new Error('device lost'), { name: 'DeviceLostError' });
        }
        return createOracleEngine().answer(r, sample, signal);
      },
    };
    const store = new MemoryResultStore();
    const ok = await runSamples({ runId: 'r5', source: source(), engine: flaky, store, request, format: 'bfcl-python', signal: new AbortController().signal, recover: async () => void recovered++ });
    expect([ok.status, recovered, [...store.results.values()].every((r) => r.score.correct)]).toEqual(['completed', 1, true]);

    const broken: Engine = {
      info: { id: 'x', kind: 'webllm', model: 'm' },
      generate: async () => {
        throw new TypeError('Failed to fetch');
      },
    };
    const failed = await runSamples({ runId: 'r6', source: source(), engine: broken, store: new MemoryResultStore(), request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(failed).toEqual({ status: 'failed', error: 'TypeError: Failed to fetch' });
  });

  it('a GPU abort (llama.cpp on WebGPU) reloads the engine and retries once; a second fails the run at once, writing nothing for that sample (issue 47)', async () => {
    const gpuAbort = () => Object.assign(new Error('Queue wait timed out'), { name: GPU_ABORT });
    let aborts = 1;
    let reloads = 0;
    const once: ScriptedEngine = {
      info: { id: 'x', kind: 'wllama', model: 'm#webgpu' },
      async answer(r, sample, signal) {
        if (aborts > 0) {
          aborts--;
          throw gpuAbort();
        }
        return createOracleEngine().answer(r, sample, signal);
      },
    };
    const store = new MemoryResultStore();
    const ok = await runSamples({ runId: 'g1', source: source(), engine: once, store, request, format: 'bfcl-python', signal: new AbortController().signal, recover: async () => void reloads++ });
    expect([ok.status, reloads, [...store.results.values()].every((r) => r.score.correct)]).toEqual(['completed', 1, true]);

    const always: Engine = { info: { id: 'x', kind: 'wllama', model: 'm#webgpu' }, generate: async () => Promise.reject(gpuAbort()) };
    const none = new MemoryResultStore();
    const failed = await runSamples({
      runId: 'g2',
      source: source(),
      engine: always,
      store: none,
      request,
      format: 'bfcl-python',
      signal: new AbortController().signal,
      recover: async () => undefined,
    });
    expect(failed).toEqual({ status: 'failed', error: `${GPU_ABORT}: Queue wait timed out` });
    expect(none.results.size).toBe(0);
  });

  it("an output too large to read is the model's failure, scored, and the run completes (issue 17, item 1: a Replay run died out of memory)", async () => {
    const s = source();
    const first = s.build(s.ids[0] as string);
    const preds = readPredictions(`{"id": "${first.itemId}", "result": "[f(a=[[[1]*1000]*1000]*1000)]"}\n`);
    const store = new MemoryResultStore();
    const out = await runSamples({
      runId: 'r8',
      source: { ids: [first.id], cellOf: () => first.cell, itemOf: () => first.itemId, build: () => first },
      engine: createReplayEngine(preds),
      store,
      request,
      format: 'bfcl-python',
      signal: new AbortController().signal,
    });
    expect(out.status).toBe('completed');
    const r = [...store.results.values()][0];
    expect(r?.error).toBeNull();
    expect(r?.score.correct).toBe(false);
    expect(r?.parseError).toMatch(/^too_large: values of more than 50,000 elements and characters/);
  });

  it('storage full: the run pauses naming the failed write, loses nothing, and resumes once there is space (issue 17, item 5)', async () => {
    const store = new MemoryResultStore();
    let room = 5;
    const full = {
      completed: store.completed.bind(store),
      put: async (r: Parameters<typeof store.put>[0]) => {
        if (room-- <= 0) throw Object.assign(new Error(`storage full: saving the result of sample ${r.index + 1} failed`), { name: STORAGE_FULL });
        await store.put(r);
      },
    };
    const first = await runSamples({ runId: 'r9', source: source(), engine: createOracleEngine(), store: full, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(first).toMatchObject({ status: 'stopped', reason: 'storage_full', error: expect.stringMatching(/^storage full: saving the result of sample \d+ failed$/) });
    expect(store.results.size).toBe(5);
    const second = await runSamples({ runId: 'r9', source: source(), engine: createOracleEngine(), store, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(second.status).toBe('completed');
    expect(store.results.size).toBe(30);
  });

  it('replays predictions made elsewhere', async () => {
    const s = source();
    const first = s.build(s.ids[0] as string);
    const preds = readPredictions(`{"id": "${first.itemId}", "result": "[nope()]"}\n`);
    const store = new MemoryResultStore();
    await runSamples({
      runId: 'r7',
      source: { ids: [first.id], cellOf: () => first.cell, itemOf: () => first.itemId, build: () => first },
      engine: createReplayEngine(preds),
      store,
      request,
      format: 'bfcl-python',
      signal: new AbortController().signal,
    });
    expect([...store.results.values()][0]?.score.errorType).toBe('simple_function_checker:wrong_func_name');
    expect(() => readPredictions('{"id": 3}')).toThrow(/line 1: id/);
  });

  it('a partial predictions file scores the samples it lacks as no_prediction and the run completes (issue 19, item 8: it stopped at the first gap)', async () => {
    const s = source();
    const built = s.ids.map((id) => s.build(id));
    const answered = built.filter((_, i) => i % 3 !== 0);
    const preds = readPredictions(answered.map((b) => JSON.stringify({ id: b.id, result: '[nope()]' })).join('\n'));
    const store = new MemoryResultStore();
    const out = await runSamples({ runId: 'r8', source: s, engine: createReplayEngine(preds), store, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(out.status).toBe('completed');
    const results = [...store.results.values()];
    expect(results).toHaveLength(30);
    const missing = results.filter((r) => r.error?.kind === 'no_prediction');
    expect(missing).toHaveLength(10);
    expect(missing.every((r) => !r.score.correct && r.score.errorType === 'no_prediction')).toBe(true);
    expect(missing[0]?.error?.message).toMatch(/has no line with id/);
  });

  it('answers whose prefill and decode cannot be told apart give no rate (the monitor showed 62,500 tokens/s from a whole answer timed at once)', async () => {
    const unsplit: Engine = {
      info: { id: 'u', kind: 'openai', model: 'm' },
      generate: async (): Promise<GenerateResult> => ({
        text: '[]',
        finishReason: 'stop',
        usage: { promptTokens: 100, completionTokens: 5 },
        timings: { prefillMs: 800, decodeMs: 0.01, unsplit: true },
      }),
    };
    const seen: RunProgress[] = [];
    await runSamples({
      runId: 'r9',
      source: source(),
      engine: unsplit,
      store: new MemoryResultStore(),
      request,
      format: 'bfcl-python',
      signal: new AbortController().signal,
      onProgress: (p) => seen.push(p),
    });
    expect(seen.at(-1)?.decodeTokensPerSecond).toBeNull();
    expect(seen.at(-1)?.prefillTokensPerSecond).toBeNull();
  });
});

describe('the monitor knows what the engine reads before its first token (issue 49: a CPU engine showed nothing for ~80 s)', () => {
  it("before each request, progress names the sample and its prompt's tokens; between samples, neither", async () => {
    const oracle = createOracleEngine();
    const seen: RunProgress[] = [];
    const atRequest: (RunProgress | undefined)[] = [];
    const engine: ScriptedEngine = {
      ...oracle,
      answer: async (req, sample, signal) => {
        atRequest.push(seen.at(-1));
        expect(seen.at(-1)).toMatchObject({ currentSampleId: sample.id, currentPromptTokens: sample.promptTokens });
        return oracle.answer(req, sample, signal);
      },
    };
    await runSamples({ runId: 'r10', source: source(), engine, store: new MemoryResultStore(), request, format: 'bfcl-python', signal: new AbortController().signal, onProgress: (p) => seen.push(p) });
    expect(atRequest).toHaveLength(30);
    expect(atRequest.every((p) => (p?.currentPromptTokens ?? 0) > 900)).toBe(true);
    expect(seen.filter((p) => p.currentSampleId === null).every((p) => p.currentPromptTokens === null)).toBe(true);
  });
});

describe('engine errors are not answers (issue 46, item 1)', () => {
  /** the oracle, but every third request before `healed` fails as a server outage would */
  const flaky = () => {
    const oracle = createOracleEngine();
    let calls = 0;
    const state = { healed: false, asked: [] as string[] };
    const engine: ScriptedEngine = {
      ...oracle,
      answer: async (req, sample, signal) => {
        state.asked.push(sample.id);
        if (!state.healed && ++calls % 3 === 0) throw Object.assign(new Error('HTTP 503 from the server'), { name: 'ServerError' });
        return oracle.answer(req, sample, signal);
      },
    };
    return { engine, state };
  };

  it('a resume asks every sample that ended in an engine error again, once, and its answer replaces the error', async () => {
    const store = new MemoryResultStore();
    const { engine, state } = flaky();
    const first = await runSamples({ runId: 'e1', source: source(), engine, store, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(first.status).toBe('completed');
    const failed = [...store.results.values()].filter((r) => r.error?.kind === 'engine_error').map((r) => r.sampleId);
    expect(failed.length).toBe(10);
    state.healed = true;
    state.asked = [];
    const second = await runSamples({ runId: 'e1', source: source(), engine, store, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect(second.status).toBe('completed');
    expect(state.asked.sort()).toEqual([...failed].sort());
    const results = [...store.results.values()];
    expect(results).toHaveLength(30);
    expect(results.every((r) => r.score.correct && r.error === null)).toBe(true);
  });

  it('a sitting none of whose samples got an answer fails, never "completed" with accuracy 0% (issue 74)', async () => {
    const store = new MemoryResultStore();
    const { engine, state } = flaky();
    await runSamples({ runId: 'e2', source: source(), engine, store, request, format: 'bfcl-python', signal: new AbortController().signal });
    // the resume asks only the ten errors again, and the server still fails every one
    const failing: Engine = { info: engine.info, generate: () => Promise.reject(Object.assign(new Error('HTTP 500 six times'), { name: 'ServerError' })) };
    const progress: RunProgress[] = [];
    const outcome = await runSamples({
      runId: 'e2',
      source: source(),
      engine: failing,
      store,
      request,
      format: 'bfcl-python',
      signal: new AbortController().signal,
      concurrency: 16,
      onProgress: (p) => progress.push(p),
    });
    expect(state.asked.length).toBe(30);
    expect(outcome).toEqual({ status: 'failed', error: 'no sample was answered: each of the 10 asked ended in an engine error (the last: ServerError: HTTP 500 six times)' });
    expect(progress.at(-1)?.unanswered).toBe(10);
  });
});
