/**
 * `npm run bench:reuse [-- smollm2|qwen0.5b] [catalog,robustness,…]`: is KV reuse exact on the server?
 * Each suite's sweep runs three times through the headless runner against llama-cpp-python (2 threads,
 * a fresh server each time, shared prompts together): reuse off (every prompt read whole — the
 * reference), aligned (harness/llama_cpp_server.py: the reused prefix cut at a micro-batch boundary)
 * and native (llama-cpp-python's own longest-prefix reuse). Prints per suite the samples, the greedy
 * outputs identical to the reference's, and the prefill and wall seconds of each (an episode's results
 * carry no prefill time: wall time only).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEval } from '../src/cli/eval/eval';
import type { SampleResult } from '../src/lib/core/types';
import { readRunFile } from '../src/lib/store/run-file';
import { type ServerKvReuse, serverMissing, startLlamaServer } from '../harness/llama-server';
import { QWEN_CODER_05B, SMOLLM2, type RealModel } from '../harness/real-model';

const MODELS: Record<string, RealModel> = { smollm2: SMOLLM2, 'qwen0.5b': QWEN_CODER_05B };
const MODES: ServerKvReuse[] = ['off', 'aligned', 'native'];
const CONTEXT = 4096;

/** At least 50 samples each (episodes for the API-complexity suite, whose every step resends the conversation). */
const SWEEPS: Record<string, string[]> = {
  catalog: ['catalog', '--lengths', '1K', '--positions', '0.1,0.3,0.5,0.7,0.9', '--per-cell', '10', '--max-tokens', '64'],
  robustness: ['robustness', '--count', '17', '--max-tokens', '64'],
  'response-qa': ['response-qa', '--lengths', '1K', '--positions', '1,2,3,4,5', '--per-cell', '10', '--max-tokens', '32'],
  multiturn: ['multiturn', '--lengths', '1K,2K', '--count', '13', '--max-tokens', '64'],
  // the task's own tools only: with the whole catalog as distractors a prompt is ~8.5K tokens, past the window
  'composition-multiturn': ['composition', '--protocol', 'multi-turn', '--per-cell', '13', '--distractors', '0', '--max-tokens', '128'],
  'wildagteval-simulated': ['wildagteval-simulated', '--mode', 'isolated', '--types', 'ad_hoc,irrelevant', '--per-cell', '1', '--conversations', '6', '--max-steps', '3', '--max-tokens', '64'],
};

const seconds = (rs: SampleResult[]) => rs.reduce((t, r) => t + (r.timings?.prefillMs ?? 0), 0) / 1000;

async function sweep(model: RealModel, mode: ServerKvReuse, args: string[], out: string): Promise<{ results: SampleResult[]; wall: number }> {
  const server = await startLlamaServer({ model, contextSize: CONTEXT, threads: 2, kvReuse: mode });
  const t0 = Date.now();
  const said: string[] = [];
  try {
    const code = await runEval([...args, '--engine', 'openai', '--base-url', server.baseUrl, '--model', model.alias, '--context', String(CONTEXT), '--seed', '5', '--out', out], {
      out: (line) => void said.push(line),
      status: (line, final) => void (final ? said.push(line) : process.stdout.write(`  ${mode}: ${line.slice(0, 110)}\r`)),
      env: {},
      signal: new AbortController().signal,
    });
    if (code !== 0) throw new Error(`${args[0]} (${mode}) exited ${code}:\n${said.slice(-12).join('\n')}`);
  } finally {
    await server.stop();
  }
  return { results: readRunFile(readFileSync(out, 'utf8')).results, wall: (Date.now() - t0) / 1000 };
}

async function main() {
  const key = process.argv.slice(2).find((a) => MODELS[a]) ?? 'smollm2';
  const model = MODELS[key]!;
  const only =
    process.argv
      .slice(2)
      .find((a) => !MODELS[a])
      ?.split(',') ?? Object.keys(SWEEPS);
  for (const s of only) if (!SWEEPS[s]) throw new Error(`unknown sweep "${s}" (one of ${Object.keys(SWEEPS).join(', ')})`);
  execFileSync('bash', ['scripts/fetch-models.sh', model.fetchAs], { stdio: 'inherit' });
  const missing = serverMissing(model);
  if (missing) return console.log(`bench:reuse skipped: ${missing}`);
  const dir = mkdtempSync(join(tmpdir(), 'fc-bench-reuse-'));
  const rows = [
    '| sweep | samples | identical to reuse off: aligned | native | prefill s: off | aligned | native | wall s: off | aligned | native |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  try {
    for (const name of only) {
      console.log(`== ${model.name} · ${name}`);
      const runs = new Map<ServerKvReuse, { results: SampleResult[]; wall: number }>();
      for (const mode of MODES) runs.set(mode, await sweep(model, mode, SWEEPS[name]!, join(dir, `${name}-${mode}.run.jsonl`)));
      const reference = new Map(runs.get('off')!.results.map((r) => [r.sampleId, r.output]));
      const same = (mode: ServerKvReuse) => runs.get(mode)!.results.filter((r) => reference.get(r.sampleId) === r.output).length;
      const n = reference.size;
      rows.push(
        `| ${name} | ${n} | ${same('aligned')}/${n} | ${same('native')}/${n} | ${MODES.map((m) => seconds(runs.get(m)!.results).toFixed(1)).join(' | ')} | ${MODES.map((m) => runs.get(m)!.wall.toFixed(0)).join(' | ')} |`,
      );
      console.log(`\n${rows.at(-1)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n${model.name} on llama-cpp-python (2 threads, window ${CONTEXT}), shared prompts together, greedy:\n${rows.join('\n')}`);
}

await main();
