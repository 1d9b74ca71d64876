/**
 * Every suite on a real model, free and constrained, through the runner and llama-cpp-python's
 * server (SmolLM2 on 127.0.0.1): what the browser's real-model tests once covered suite by suite, at
 * about three times the speed. The browser keeps what only it can show (the engine in the worker,
 * the GGUF's template, threads, download and cache, resume after a reload). These assert that each
 * suite runs to completion on a real model and that a grammar binds its answers, never accuracy: a
 * 135M model is weak. Skips, saying why, without the server or the model.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEval } from '../../src/cli/eval/eval';
import { readRunFile } from '../../src/lib/store/run-file';
import { CPU_SERVER_BOUNDS, type RunningServer, SERVER_MODEL, serverMissing, startLlamaServer } from '../../harness/llama-server';

const missing = serverMissing();
if (missing) console.warn(`SKIPPED every suite on the real server: ${missing}`);

const dir = mkdtempSync(join(tmpdir(), 'fc-suites-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(missing !== null)('every suite on SmolLM2 through the server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startLlamaServer({ contextSize: 4096 });
  }, 180_000);
  afterAll(async () => server?.stop());

  let n = 0;
  async function run(suite: string, args: string[], maxTokens: number) {
    const out = join(dir, `${suite}-${++n}.jsonl`);
    const lines: string[] = [];
    const code = await runEval(
      [suite, '--engine', 'openai', '--base-url', server.baseUrl, '--model', SERVER_MODEL, '--seed', '5', '--max-tokens', String(maxTokens), ...args, ...CPU_SERVER_BOUNDS, '--out', out],
      {
        out: (l) => lines.push(l),
        status: () => {},
        env: {},
        signal: new AbortController().signal,
      },
    );
    const text = lines.join('\n');
    expect(code, text).toBe(0);
    const file = readRunFile(readFileSync(out, 'utf8'));
    expect(file.run.status, text).toBe('completed');
    expect(file.results.length, text).toBe(file.run.total);
    expect(file.results.length).toBeGreaterThan(0);
    for (const x of file.results) {
      expect(x.error, `${suite}: ${x.error?.message}`).toBeNull();
      expect(x.usage?.promptTokens, suite).toBeGreaterThan(0);
    }
    return { file, text };
  }

  it('robustness, long tool responses, long conversations, composition single- and multi-turn; under the grammar every finished answer parses', async () => {
    for (const constrained of [false, true]) {
      const { file } = await run('robustness', ['--count', '1', ...(constrained ? ['--constraint', 'on'] : [])], 64);
      // a grammar bounds the shape, not the length: an answer the output limit cut off (SmolLM2 can repeat digits without end) says so; every finished one parses
      if (constrained) for (const x of file.results) expect(x.parseError ?? 'parses', x.output).toMatch(/^parses$|cut off at the output limit$/);
    }
    await run('response-qa', ['--lengths', '512', '--positions', '1,8', '--per-cell', '1'], 32);
    const conv = await run('multiturn', ['--lengths', '2K', '--settings', 'prose', '--count', '1', '--constraint', 'on'], 128);
    for (const x of conv.file.results) expect(x.parseError, x.output).toBeNull();
    for (const [protocol, constrained] of [
      ['single-turn', false],
      ['multi-turn', true],
    ] as const) {
      const { file } = await run('composition', ['--levels', 'L1_chain', '--per-cell', '1', '--distractors', '0', '--protocol', protocol, ...(constrained ? ['--constraint', 'on'] : [])], 192);
      // a trace of several calls may meet the output limit before the grammar closes it, and says so
      if (constrained) for (const x of file.results) expect(x.parseError === null || x.parseError.endsWith('cut off at the output limit'), `${x.parseError} ${x.output}`).toBe(true);
      // a multi-turn exchange shows the model its simulated results
      if (protocol === 'multi-turn') for (const x of file.results) if ((x.calls?.length ?? 0) > 0) expect(x.output).toContain('[tool]');
    }
  }, 900_000);

  it("API complexity: an isolated pair and a cumulative conversation with WildAgtEval's protocol; the model replies in every turn it is given", async () => {
    const isolated = await run('wildagteval-simulated', ['--mode', 'isolated', '--types', 'irrelevant', '--per-cell', '1', '--conversations', '1', '--max-steps', '2'], 48);
    expect(isolated.file.results).toHaveLength(2);
    const cumulative = await run('wildagteval-simulated', ['--mode', 'cumulative', '--conversations', '1', '--max-steps', '1'], 48);
    for (const x of [...isolated.file.results, ...cumulative.file.results]) {
      const turns = x.score.api?.turns ?? [];
      expect(turns.length).toBeGreaterThan(0);
      for (const t of turns)
        expect(
          t.steps.some((s) => s.source === 'agent'),
          t.query,
        ).toBe(true);
    }
    for (const x of cumulative.file.results) expect(x.score.api?.turns.length).toBe(Number(x.facets?.turns));
  }, 900_000);
});
