import { defineConfig } from '@playwright/test';

import { gpuBrowser } from './harness/gpu-browser';
import { MODEL_HOST_ARGS, MODEL_HOST_PORT } from './harness/real-model';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GPU = gpuBrowser();
const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--enable-unsafe-webgpu',
  '--enable-unsafe-swiftshader',
  '--use-webgpu-adapter=swiftshader',
  '--enable-features=Vulkan',
  ...MODEL_HOST_ARGS,
];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  retries: 0,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: process.env.FC_E2E_REPORT ?? 'reports/e2e.json' }]],
  // Tests tagged @model load a real language model (SmolLM2 or Qwen in WebAssembly, or the real server):
  // minutes each on 2 cores. `npm run test:e2e:app` runs the rest in a few minutes. Tests tagged @gpu
  // run llama.cpp's WebGPU backend on a software adapter with shader-f16 (scripts/ensure-gpu.sh), in a
  // Chromium of their own; they skip, saying why, where it is not set up.
  projects: [
    { name: 'app', grepInvert: /@model|@gpu/ },
    { name: 'real-model', grep: /@model/, grepInvert: /@gpu/ },
    {
      name: 'gpu',
      grep: /@gpu/,
      ...('missing' in GPU ? {} : { use: { launchOptions: { executablePath: GPU.executablePath, env: { ...process.env, ...GPU.env } as Record<string, string>, args: CHROMIUM_ARGS } } }),
    },
  ],
  use: {
    baseURL: 'http://127.0.0.1:4173/',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      // scripts/test.sh builds dist/ once before its two Playwright runs
      // (FC_DIST_DIR: another build's folder — the GPU tier's, built against the WebLLM runtime its model library links with)
      command: `${process.env.FC_DIST_BUILT ? '' : 'npx vite build && '}npx vite preview${process.env.FC_DIST_DIR ? ` --outDir ${process.env.FC_DIST_DIR}` : ''}`,
      url: 'http://127.0.0.1:4173/index.html',
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      // real model weights (.cache/models, fetched by scripts/fetch-models.sh) at their model-host URLs
      command: `node harness/model-host.mjs ${MODEL_HOST_PORT}`,
      url: `https://127.0.0.1:${MODEL_HOST_PORT}/health`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
