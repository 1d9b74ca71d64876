/**
 * llama.cpp on WebGPU for real: SmolLM2-135M (Q4_1) loaded through the app on the GPU of this
 * machine's Chromium — a software adapter with shader-f16 (lavapipe, scripts/ensure-gpu.sh), in the
 * Playwright project `gpu` — with the device checked in llama.cpp's own load log; a run on it says so
 * everywhere, refuses to resume on the CPU, resumes on the GPU without loss or duplicates, and gives
 * the CPU path's greedy tokens on the same prompts. The software GPU runs the GPU kernels on the CPU:
 * a check of agreement and of the device plumbing, not a speed.
 */
import { expect, type Page, test } from '@playwright/test';
import type { SampleResult } from '../../src/lib/core/types';
import { readStore } from '../../harness/idb';
import { guardForSmolLM2, loadGgufModel, runToEnd, setReuse, setupCatalog } from '../../harness/app-driver';
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

const results = (page: Page) => readStore<SampleResult>(page, 'results');
const runs = (page: Page) => readStore<StoredRun>(page, 'runs');
const outputsOf = (rs: SampleResult[]) => Object.fromEntries(rs.map((r) => [r.sampleId, r.output]));

/** Two requests of 256 tokens at 16 answer tokens: short steps on a slow adapter. */
async function smallSweep(page: Page) {
  await setupCatalog(page, { lengths: [512], positions: [0.1, 0.9], perCell: 1, constraint: 'off', maxTokens: 16 });
  await setReuse(page, { kvReuse: false });
  await expect(page.getByTestId('estimate')).toContainText('2 samples');
}

test('SmolLM2 on llama.cpp’s WebGPU backend: the device from its own log, recorded with the run, resumed only on the GPU, the CPU path’s tokens', { tag: '@gpu' }, async ({ page }) => {
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
  await expect.poll(async () => (await results(page)).length, { timeout: SWEEP_WITHIN }).toBeGreaterThanOrEqual(1);
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

  // the CPU path on the stored file, same prompts: the same greedy tokens
  await loadGgufModel(page, SMOLLM2, 1024, { device: 'cpu', unpackWeights: false });
  await smallSweep(page);
  await runToEnd(page, 2, SWEEP_WITHIN);
  const onCpu = (await results(page)).filter((r) => r.runId !== gpuRun!.id);
  expect(onCpu).toHaveLength(2);
  expect(outputsOf(onCpu)).toEqual(outputsOf(onGpu));
});
