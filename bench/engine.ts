/**
 * `npm run bench:engine [-- smollm2|qwen0.5b] [--lengths 1K,4K,8K] [--stored] [--gpu]`: the GGUF engine
 * (llama.cpp in WebAssembly, in headless Chromium, driven through the app) against native llama.cpp
 * (node-llama-cpp's prebuilt CPU build) on the same GGUF and the same prompts: a catalog sweep of
 * one request per length, KV reuse off, its prompts exported with the run file, then each prompt
 * read natively. Prints prompt tokens, prefill and decode tokens/s of both and their ratio. The CPU
 * path loads as the app does by default (layer matrices unpacked to F32); `--stored` loads the file's
 * own quantized weights instead (the app's "Unpack the weights" off). `--gpu` runs the same sweep on
 * llama.cpp's WebGPU backend too (the GPU tier's Chromium, scripts/ensure-gpu.sh): on this machine
 * a software adapter, so its figure is a check that the path works, not a GPU's speed.
 * node-llama-cpp is this benchmark's alone: installed on first use into .cache/bench-engine (~83 MB,
 * no optional GPU packages), never a dependency of the app or its tests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SampleResult } from '../src/lib/core/types';
import { readRunFile } from '../src/lib/store/run-file';
import { loadGgufModel, runToEnd, setReuse, setupCatalog } from '../harness/app-driver';
import { modelMissing, QWEN_CODER_05B, SMOLLM2, type RealModel } from '../harness/real-model';
import { readStore } from '../harness/idb';
import { appWithModel } from '../harness/app-with-model';
import { gpuBrowser } from '../harness/gpu-browser';

const APP_PORT = 4176;
const HOST_PORT = 4445;
const NODE_LLAMA_CPP = '3.21.1';
const DEPS = join(process.cwd(), '.cache', 'bench-engine');
const THREADS = 2;
const ANSWER_TOKENS = 32;
const MODELS: Record<string, RealModel> = { smollm2: SMOLLM2, 'qwen0.5b': QWEN_CODER_05B };

/** The little of node-llama-cpp this benchmark uses. */
interface NativeLlama {
  getLlama(o: { gpu: false; build: 'never'; logLevel: 'error' }): Promise<{
    loadModel(o: { modelPath: string }): Promise<{
      tokenize(text: string, specialTokens: boolean): number[];
      createContext(o: { contextSize: number; threads: number; batchSize: number }): Promise<{
        getSequence(): { evaluate(tokens: number[], o: { temperature: number }): AsyncIterable<number> };
        dispose(): Promise<void>;
      }>;
      dispose(): Promise<void>;
    }>;
    dispose(): Promise<void>;
  }>;
}

async function nativeLlama(): Promise<NativeLlama> {
  const entry = join(DEPS, 'node_modules', 'node-llama-cpp', 'dist', 'index.js');
  if (!existsSync(entry)) {
    mkdirSync(DEPS, { recursive: true });
    if (!existsSync(join(DEPS, 'package.json'))) writeFileSync(join(DEPS, 'package.json'), '{"name":"bench-engine-deps","private":true}\n');
    console.log(`== installing node-llama-cpp ${NODE_LLAMA_CPP} (prebuilt CPU binaries only) into ${DEPS}`);
    execFileSync('npm', ['install', '--no-save', '--omit=optional', '--no-audit', '--no-fund', `node-llama-cpp@${NODE_LLAMA_CPP}`, `@node-llama-cpp/linux-x64@${NODE_LLAMA_CPP}`], {
      cwd: DEPS,
      stdio: 'inherit',
    });
  }
  return (await import(pathToFileURL(entry).href)) as NativeLlama;
}

/** ChatML, the template of both models here (SmolLM2 and Qwen2.5): the prompt as llama.cpp reads it. */
const chatml = (messages: readonly { role: string; content: string }[]) => messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join('') + '<|im_start|>assistant\n';

interface Measured {
  promptTokens: number;
  prefill: number;
  decode: number;
}

/** The sweep in the app's CPU engine: its results (llama.cpp's own timings) and the prompts as sent. */
async function inBrowser(
  model: RealModel,
  lengths: number[],
  unpackWeights: boolean,
  device: 'cpu' | 'webgpu',
): Promise<{ results: SampleResult[]; prompts: Map<string, { role: string; content: string }[]> }> {
  const gpu = device === 'webgpu' ? gpuBrowser() : null;
  if (gpu && 'missing' in gpu) throw new Error(`bench:engine --gpu: ${gpu.missing}`);
  const { page, close } = await appWithModel({ appPort: APP_PORT, hostPort: HOST_PORT, allow: [model.url], ...(gpu ? { browser: gpu } : {}) });
  try {
    await loadGgufModel(page, model, Math.max(...lengths) + 2048, { unpackWeights, device });
    if (device === 'webgpu') console.log(`== ${(await page.getByTestId('gguf-device-used').textContent())?.trim()}`);
    for (const shown of ['gguf-loaded', 'gguf-weights']) console.log(`== ${(await page.getByTestId(shown).textContent())?.replace(/\s+/g, ' ').trim()}`);
    await setupCatalog(page, { lengths, positions: [0.5], perCell: 1, constraint: 'off', maxTokens: ANSWER_TOKENS });
    await setReuse(page, { order: 'grid', kvReuse: false });
    await runToEnd(page, 1, 3_600_000);
    const results = await readStore<SampleResult>(page, 'results');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-run-prompts').click();
    const file = readRunFile(readFileSync((await (await downloading).path()) as string, 'utf8'));
    const prompts = new Map([...file.prompts].map(([id, p]) => [id, p.messages]));
    return { results, prompts };
  } finally {
    await close();
  }
}

async function natively(model: RealModel, prompts: { role: string; content: string }[][], contextSize: number): Promise<Measured[]> {
  const { getLlama } = await nativeLlama();
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error' });
  const loaded = await llama.loadModel({ modelPath: model.file });
  const out: Measured[] = [];
  try {
    for (const messages of prompts) {
      const context = await loaded.createContext({ contextSize, threads: THREADS, batchSize: 512 });
      const tokens = loaded.tokenize(chatml(messages), true);
      const start = performance.now();
      let first = 0;
      let n = 0;
      for await (const _token of context.getSequence().evaluate(tokens, { temperature: 0 })) {
        if (n === 0) first = performance.now();
        if (++n >= ANSWER_TOKENS) break;
      }
      const end = performance.now();
      out.push({ promptTokens: tokens.length, prefill: tokens.length / ((first - start) / 1000), decode: (n - 1) / ((end - first) / 1000) });
      await context.dispose();
    }
  } finally {
    await loaded.dispose();
    await llama.dispose();
  }
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  const key = args.find((a) => !a.startsWith('--') && !/^\d/.test(a)) ?? 'smollm2';
  const model = MODELS[key];
  if (!model) throw new Error(`unknown model "${key}" (one of ${Object.keys(MODELS).join(', ')})`);
  const lengthsArg = args[args.indexOf('--lengths') + 1];
  const lengths = args.includes('--lengths') && lengthsArg ? lengthsArg.split(',').map((l) => Math.round(parseFloat(l) * (/k$/i.test(l) ? 1024 : 1))) : [1024, 4096, 8192];
  execFileSync('bash', ['scripts/fetch-models.sh', model.fetchAs], { stdio: 'inherit' });
  const missing = modelMissing(model);
  if (missing) {
    console.log(`bench:engine skipped: ${missing}`);
    return;
  }
  console.log('== building the app');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const { results, prompts } = await inBrowser(model, lengths, !args.includes('--stored'), 'cpu');
  const rows = results.filter((r) => r.timings && r.usage && prompts.has(r.sampleId)).sort((a, b) => a.cell.length - b.cell.length);
  if (args.includes('--gpu')) execFileSync('bash', ['scripts/ensure-gpu.sh'], { stdio: 'inherit' });
  const onGpu = args.includes('--gpu') ? (await inBrowser(model, lengths, false, 'webgpu')).results : [];
  const native = await natively(
    model,
    rows.map((r) => prompts.get(r.sampleId)!),
    Math.max(...lengths) + 2048,
  );
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
  console.log(`\n${model.name}, ${THREADS} threads, greedy, KV reuse off; prefill = prompt tokens / time to the first token`);
  console.log('| length | prompt tokens (browser / native) | prefill tok/s browser | native | ratio | decode tok/s browser | native | ratio |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const speeds = (r: SampleResult) => ({
    prefill: r.timings!.prefillTokensPerSecond ?? (r.usage!.promptTokens / r.timings!.prefillMs) * 1000,
    decode: r.timings!.decodeTokensPerSecond ?? (r.usage!.completionTokens / r.timings!.decodeMs) * 1000,
  });
  rows.forEach((r, i) => {
    const n = native[i]!;
    const { prefill, decode } = speeds(r);
    console.log(
      `| ${r.cell.length} | ${r.usage!.promptTokens} / ${n.promptTokens} | ${f(prefill)} | ${f(n.prefill)} | ${f((prefill / n.prefill) * 100)}% | ${f(decode)} | ${f(n.decode)} | ${f((decode / n.decode) * 100)}% |`,
    );
  });
  if (onGpu.length) {
    console.log(`\nThe same prompts on llama.cpp's WebGPU backend (the stored file; a software adapter here: a check, not a GPU's speed)`);
    console.log('| length | prefill tok/s GPU | CPU | decode tok/s GPU | CPU | same answer as the CPU |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of rows) {
      const g = onGpu.find((x) => x.sampleId === r.sampleId);
      if (!g?.timings || !g.usage) continue;
      console.log(`| ${r.cell.length} | ${f(speeds(g).prefill)} | ${f(speeds(r).prefill)} | ${f(speeds(g).decode)} | ${f(speeds(r).decode)} | ${g.output === r.output ? 'yes' : 'no'} |`);
    }
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
