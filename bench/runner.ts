/**
 * The headless runner against a real OpenAI-compatible server (llama-cpp-python serving
 * SmolLM2-135M on this machine's CPU): samples/s and prompt tokens/s at 1 and 4 requests in flight.
 * Part of `npm run bench`; alone: `npx tsx bench/runner.ts`. Skips, saying why, without the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runEval } from '../src/cli/eval/eval';
import { SERVER_MODEL, serverMissing, startLlamaServer } from '../harness/llama-server';

export async function printRunnerThroughput(): Promise<void> {
  const missing = serverMissing();
  if (missing) {
    console.log(`runner throughput: skipped — ${missing}`);
    return;
  }
  const server = await startLlamaServer({ contextSize: 2048, threads: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'fc-bench-runner-'));
  try {
    console.log(`runner throughput against llama-cpp-python (SmolLM2-135M Q4_1, 2 CPU threads), catalog 512 tokens × 4 positions × 2, 32 output tokens at most:`);
    for (const concurrency of [1, 4]) {
      let figure = '';
      const code = await runEval(
        [
          'catalog',
          '--engine',
          'openai',
          '--base-url',
          server.baseUrl,
          '--model',
          SERVER_MODEL,
          '--lengths',
          '512',
          '--positions',
          '0.1,0.3,0.7,0.9',
          '--per-cell',
          '2',
          '--max-tokens',
          '32',
          '--seed',
          '3',
          '--concurrency',
          String(concurrency),
          '--out',
          join(dir, `c${concurrency}.jsonl`),
        ],
        { out: () => undefined, status: (line, final) => void (final && (figure = line)), env: {}, signal: new AbortController().signal },
      );
      console.log(`  concurrency ${concurrency}: ${code === 0 ? figure : `failed (exit ${code})`}`);
    }
    console.log('  (llama-cpp-python runs one request at a time: requests in flight queue rather than batch; vLLM and SGLang batch them)');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void printRunnerThroughput();
