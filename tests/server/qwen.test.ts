/**
 * A real model that calls tools correctly, through the whole headless path: Qwen2.5-Coder-0.5B-Instruct
 * (Q4_K_M, from PyPI, see scripts/fetch-models.sh) served by llama-cpp-python on 127.0.0.1, asked by
 * the runner with our prompt (Python-style calls), its answers parsed, scored, written to the run file
 * and reported. On this fixed, seeded set it answers most requests right (greedy): a broken chat
 * template, stop string, parser or scorer makes it fail. Skips, saying why, without the model or server.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEval } from '../../src/cli/eval/eval';
import { readRunFile } from '../../src/lib/store/run-file';
import { CPU_SERVER_BOUNDS, type RunningServer, serverMissing, startLlamaServer } from '../../harness/llama-server';
import { QWEN_CODER_05B } from '../../harness/real-model';

const missing = serverMissing(QWEN_CODER_05B);
if (missing) console.warn(`SKIPPED the Qwen real-answer tests: ${missing}`);

const dir = mkdtempSync(join(tmpdir(), 'fc-qwen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function evalRun(argv: string[]) {
  const lines: string[] = [];
  const code = await runEval([...argv, ...CPU_SERVER_BOUNDS], { out: (l) => lines.push(l), status: () => {}, env: {}, signal: new AbortController().signal });
  return { code, text: lines.join('\n') };
}

describe.skipIf(missing !== null)('Qwen2.5-Coder-0.5B through the server: right answers are scored right', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startLlamaServer({ model: QWEN_CODER_05B, contextSize: 2048 });
  }, 180_000);
  afterAll(async () => server?.stop());

  it('a seeded catalog set at 512 tokens: most answers are the expected call, parsed from its own words and scored exact', async () => {
    const out = join(dir, 'catalog.jsonl');
    const r = await evalRun([
      'catalog',
      '--engine',
      'openai',
      '--base-url',
      server.baseUrl,
      '--model',
      QWEN_CODER_05B.alias,
      '--lengths',
      '512',
      '--positions',
      '0.1,0.5,0.9',
      '--per-cell',
      '2',
      '--seed',
      '7',
      '--max-tokens',
      '96',
      '--out',
      out,
    ]);
    expect(r.code, r.text).toBe(0);
    const file = readRunFile(readFileSync(out, 'utf8'));
    expect(file.results).toHaveLength(6);
    const right = file.results.filter((x) => x.score.correct);
    // measured: 6/6 (seed 7, greedy); a broken template, stop, parser or scorer gives 0
    expect(right.length, file.results.map((x) => x.output).join('\n')).toBeGreaterThanOrEqual(4);
    for (const x of right) {
      expect(x.parseError).toBeNull();
      expect(x.calls?.length).toBeGreaterThan(0);
      // the call is in the model's own output, not supplied by the harness
      expect(x.output).toContain(x.calls![0]!.name);
    }
    // the report reads the same figure the run file holds
    expect(r.text).toContain(`${right.length}/6 answered correct`);
  }, 600_000);
});
