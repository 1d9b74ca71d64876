/**
 * WebLLM with real weights: Qwen2.5-Coder-0.5B made from our GGUF into MLC's q4f32_1
 * (harness/mlc-weights.ts) and run by the one model library that can be had here
 * (../shared/reference/webllm/), loaded through the Run tab's "your own MLC model" fields from its
 * model-host URLs, on this machine's software GPU (the GPU tier's Chromium). The app is built against
 * web-llm 0.2.79 for this tier (scripts/test-gpu.sh, vite.config.ts): the runtime that library links
 * with. A run on it goes through the worker and the run loop like any other; its greedy tokens agree
 * with native llama.cpp on the original file, within the second quantization's tolerance.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compareGreedy, disagreement, WEBLLM_REQUANTIZED_TOLERANCE } from '../../src/lib/analysis/agreement';
import type { SampleResult, TokenChoice } from '../../src/lib/core/types';
import { guardNetwork, loadOwnMlcModel, setReuse, setupRobustness } from '../../harness/app-driver';
import { gpuBrowser } from '../../harness/gpu-browser';
import { readStore } from '../../harness/idb';
import { serverGreedyTokens, serverMissing, startLlamaServer } from '../../harness/llama-server';
import { MLC_LIBRARY, MLC_MODEL_DIR, mlcModelUrls, WEBLLM_BUILD } from '../../harness/mlc-weights';
import { MLC_QWEN_05B, QWEN_CODER_05B } from '../../harness/real-model';

const gpu = gpuBrowser();
const missing =
  'missing' in gpu
    ? gpu.missing
    : !existsSync(MLC_LIBRARY)
      ? `${MLC_LIBRARY} is absent: the WebLLM model library comes from ../shared/reference/webllm/`
      : !existsSync(join(MLC_MODEL_DIR, 'made-from.txt'))
        ? `${MLC_MODEL_DIR} is absent: npm run bench:webllm-weights makes it from the Qwen GGUF`
        : process.env.FC_WEBLLM_RUNTIME !== WEBLLM_BUILD.FC_WEBLLM_RUNTIME
          ? 'the app under test is built with the newest web-llm, whose model libraries cannot be had here: run this through scripts/test-gpu.sh (npm run test:e2e:gpu), which builds it against 0.2.79'
          : null;
test.skip(missing !== null, missing ?? '');
// on the software GPU: the load ~10 s, a 525-token prompt 2–3 min, a token ~2 s; many times that beside other CPU-bound work
test.describe.configure({ mode: 'serial', timeout: 3_600_000 });

interface StoredRun {
  status: string;
  error?: string;
  engine: { kind: string; model: string; contextWindow?: number };
  counterId: string;
  speed?: { prefillTokensPerSecond?: number; decodeTokensPerSecond?: number };
}

type Messages = { role: string; content: string }[];
interface Handle {
  fcPlayground: { worker(): { greedyTokens(messages: Messages, maxTokens: number, topK: number): Promise<TokenChoice[]> } };
}

/** A chat with a clear answer (no near tie in its first tokens): "[get_weather(city=…". */
const TOOL_CHAT: Messages = [
  {
    role: 'system',
    content: 'You can call these functions: get_weather(city: str, days: int), find_flight(origin: str, destination: str, date: str). Answer with the calls only, as [func(arg=value)].',
  },
  { role: 'user', content: 'What will the weather be in Oslo for the next 3 days?' },
];
const TOKENS = 8;

let browser: Browser;
let page: Page;

test.beforeAll(async ({ browser: b }) => {
  browser = b;
  page = await browser.newPage();
  await guardNetwork(page, mlcModelUrls());
  await page.goto('index.html');
});
test.afterAll(async () => {
  await page?.close();
});

test('WebLLM with real weights: your own MLC model loads from its URLs, and a run on it completes through the worker and the loop', { tag: '@gpu' }, async () => {
  await loadOwnMlcModel(page, MLC_QWEN_05B, 4096);
  await expect(page.getByTestId('webllm-loaded')).toContainText(MLC_QWEN_05B.weightsUrl);

  // two requests as written, each with its own few tools (~220 tokens; the shortest catalog is 512), 16 answer tokens: few steps on a slow adapter
  await setupRobustness(page, { count: 2, variants: ['original'], constraint: 'off', maxTokens: 16 });
  await setReuse(page, { kvReuse: false });
  await expect(page.getByTestId('estimate')).toContainText('2 samples');
  await expect(page.getByTestId('start-blockers')).toBeHidden();
  await page.getByTestId('start-run').click();
  await expect.poll(async () => (await readStore<StoredRun>(page, 'runs'))[0]?.status, { timeout: 3_000_000, intervals: [5_000] }).toMatch(/completed|failed/);

  const [run] = await readStore<StoredRun>(page, 'runs');
  expect(run?.error).toBeUndefined();
  expect(run).toMatchObject({ status: 'completed', engine: { kind: 'webllm', model: MLC_QWEN_05B.weightsUrl, contextWindow: 4096 } });
  // the prompts were measured with the model's own tokenizer (the one rebuilt from the GGUF), not an approximation
  expect(run?.counterId).toBe(MLC_QWEN_05B.weightsUrl);
  expect(run?.speed?.prefillTokensPerSecond).toBeGreaterThan(0);
  const results = await readStore<SampleResult>(page, 'results');
  expect(results).toHaveLength(2);
  for (const r of results) {
    expect(r.error ?? null).toBeNull();
    // the model answered: tokens generated, a bracketed call begun with a function's name (Qwen answers in the prompt's
    // syntax, though not always well formed: "[remove_post, …" on one of these requests)
    expect(r.usage?.completionTokens).toBeGreaterThan(0);
    expect(r.output).toMatch(/^\[\w+/);
  }
});

test("WebLLM's greedy tokens agree with native llama.cpp on the original GGUF, within the second 4-bit quantization's tolerance", { tag: '@gpu' }, async () => {
  const noServer = serverMissing(QWEN_CODER_05B);
  test.skip(noServer !== null, `the native side of the comparison: ${noServer}`);
  const webllm = await page.evaluate(([m, n]) => (globalThis as never as Handle).fcPlayground.worker().greedyTokens(m, n, 5), [TOOL_CHAT, TOKENS] as const);
  const server = await startLlamaServer({ model: QWEN_CODER_05B, contextSize: 2048, threads: 2, extraArgs: ['--logits_all', 'True'] });
  let native: TokenChoice[];
  try {
    native = await serverGreedyTokens(server, QWEN_CODER_05B, TOOL_CHAT, TOKENS, 5);
  } finally {
    await server.stop();
  }
  expect(webllm).toHaveLength(TOKENS);
  const g = compareGreedy(native, webllm);
  expect(disagreement(g, WEBLLM_REQUANTIZED_TOLERANCE), JSON.stringify(g)).toBeNull();
});
