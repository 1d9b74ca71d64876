/**
 * llama.cpp on WebGPU for real: SmolLM2-135M (Q4_1) loaded through the app on the GPU of this
 * machine's Chromium — a software adapter with shader-f16 (lavapipe, scripts/ensure-gpu.sh), in the
 * Playwright project `gpu` — with the device checked in llama.cpp's own load log; a run on it says so
 * everywhere, refuses to resume on the CPU, resumes on the GPU without loss or duplicates, and agrees
 * with the CPU path on the same prompts: the same greedy tokens, or a parting only at a near tie. The software GPU runs the GPU kernels on the CPU:
 * a check of agreement and of the device plumbing, not a speed.
 */
import { expect, type Page, test } from '@playwright/test';
import { compareGreedy, disagreement, GPU_CPU_TOLERANCE } from '../../src/lib/analysis/agreement';
import type { SampleResult, TokenChoice } from '../../src/lib/core/types';
import { readStore } from '../../harness/idb';
import { guardForSmolLM2, loadGgufModel, setReuse, setupRobustness } from '../../harness/app-driver';
import { gpuBrowser } from '../../harness/gpu-browser';
import { realModelMissing, SMOLLM2 } from '../../harness/real-model';

interface StoredRun {
  id: string;
  engine: { model: string; device?: { kind: string; adapter?: string; layers?: { offloaded: number; of: number } } };
  status: string;
  error?: string;
}

const gpu = gpuBrowser();
const missing = 'missing' in gpu ? gpu.missing : realModelMissing();
test.skip(missing !== null, missing ?? '');
// SmolLM2 on the software GPU: ~3 s to load, a few seconds a token idle; beside other CPU-bound work many times that
test.describe.configure({ timeout: 3_600_000 });
const SWEEP_WITHIN = 1_800_000;

type Messages = { role: string; content: string }[];
interface Handle {
  fcPlayground: {
    worker(): {
      sampleDetail(a: string, b: string): Promise<{ prompt: { messages: Messages } | null }>;
      greedyTokens(messages: Messages, maxTokens: number, topK: number): Promise<TokenChoice[]>;
    };
  };
}

async function promptOf(page: Page, r: SampleResult): Promise<Messages> {
  const detail = await page.evaluate(([run, sample]) => (globalThis as never as Handle).fcPlayground.worker().sampleDetail(run, sample), [r.runId, r.sampleId] as const);
  return detail.prompt!.messages;
}

/** 10 greedy tokens with the top 5 at each place, from the loaded GGUF. */
const greedyTokens = (page: Page, messages: Messages) => page.evaluate((m) => (globalThis as never as Handle).fcPlayground.worker().greedyTokens(m, 10, 5), messages);

const results = (page: Page) => readStore<SampleResult>(page, 'results');
const runs = (page: Page) => readStore<StoredRun>(page, 'runs');

/**
 * Two requests as they are written, each with its own few tools (~220 tokens, where the shortest catalog
 * is 512), 16 answer tokens: few steps on a slow adapter, whose prompt reading is most of this test's time.
 */
async function smallSweep(page: Page) {
  await setupRobustness(page, { count: 2, variants: ['original'], constraint: 'off', maxTokens: 16 });
  await setReuse(page, { kvReuse: false });
  await expect(page.getByTestId('estimate')).toContainText('2 samples');
  await expect(page.getByTestId('start-blockers')).toBeHidden();
}

test('SmolLM2 on llama.cpp’s WebGPU backend: the device from its own log, recorded with the run, resumed only on the GPU, agreeing with the CPU path', { tag: '@gpu' }, async ({ page }) => {
  await guardForSmolLM2(page);
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-wllama').check();
  // the adapter has shader-f16: the GPU is offered, said to be software
  await expect(page.getByTestId('gguf-device-webgpu')).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId('gguf-gpu-software')).toBeVisible();

  await loadGgufModel(page, SMOLLM2, 1024, { device: 'webgpu' });
  // llama.cpp's log, not the choice, says where the model went: every layer on the WebGPU device
  await expect(page.getByTestId('gguf-device-used')).toHaveText(/Device: GPU \(WebGPU: google swiftshader \(software\), 31\/31 layers offloaded\)/);
  await expect(page.getByTestId('gguf-weights')).toContainText('the stored quantizations');

  // a GPU run, reloaded after its first result: paused
  await smallSweep(page);
  await page.getByTestId('start-run').click();
  // the first result, or the run's end if it failed (then its error is the message)
  await expect.poll(async () => ((await results(page)).length > 0 ? 'a result' : ((await runs(page))[0]?.error ?? 'waiting')), { timeout: SWEEP_WITHIN }).toBe('a result');
  await page.reload();
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-status').first()).toHaveText('paused');
  const [gpuRun] = await runs(page);
  expect(gpuRun!.engine.model).toBe(`${SMOLLM2.url}#webgpu`);
  expect(gpuRun!.engine.device).toEqual({
    kind: 'webgpu',
    adapter: 'google swiftshader (software)',
    layers: { offloaded: 31, of: 31 },
    note: expect.stringContaining('MiB of weights stayed on the CPU'),
    // checked before it was trusted: the test model's greedy tokens on the GPU against the CPU (gpu-check.ts)
    checked: expect.stringMatching(/greedy tokens on the GPU against the CPU: \d+ alike/),
  });

  // the same model on the CPU cannot continue it: results of two devices are never merged
  await loadGgufModel(page, SMOLLM2, 1024, { device: 'cpu', unpackWeights: false });
  await page.getByTestId('tab-results').click();
  await page.getByTestId('resume-run').click();
  await expect(page.getByTestId('run-error-details').first()).toContainText('This run was made on the GPU (WebGPU): load the model');
  const before = (await results(page)).length;

  // on the GPU it resumes where it stopped
  await loadGgufModel(page, SMOLLM2, 1024, { device: 'webgpu' });
  await page.getByTestId('tab-results').click();
  await page.getByTestId('resume-run').click();
  await expect(page.getByTestId('run-status').first()).toHaveText('completed', { timeout: SWEEP_WITHIN });
  const onGpu = await results(page);
  expect(onGpu).toHaveLength(2);
  expect(new Set(onGpu.map((r) => r.sampleId)).size).toBe(2);
  expect(before).toBeLessThanOrEqual(2);
  for (const r of onGpu) expect(r.error, r.error?.message).toBeNull();
  // its report names the device
  await page.getByTestId('run-name').first().click();
  await expect(page.getByTestId('run-report')).toContainText('device: GPU (WebGPU: google swiftshader (software), 31/31 layers offloaded)');

  // the CPU path on the stored file, the same prompts: the same greedy tokens, or a parting only at a near tie
  const prompts = [[{ role: 'user', content: 'What is the capital of France?' }], await promptOf(page, onGpu[0]!)];
  const gpuTokens = [];
  for (const p of prompts) gpuTokens.push(await greedyTokens(page, p));
  await loadGgufModel(page, SMOLLM2, 1024, { device: 'cpu', unpackWeights: false });
  for (const [i, p] of prompts.entries()) {
    const g = compareGreedy(await greedyTokens(page, p), gpuTokens[i]!);
    console.log(`agreement, prompt ${i}: ${JSON.stringify(g)}`);
    expect(disagreement(g, GPU_CPU_TOLERANCE), JSON.stringify(g)).toBeNull();
  }
});
