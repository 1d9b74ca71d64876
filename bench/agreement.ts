/**
 * `npm run bench:agreement [-- smollm2|qwen0.5b]`: do the engines compute the same model? The same
 * chats and the same GGUF through llama.cpp in the browser on the CPU (the stored file, and unpacked
 * to F32), on WebGPU (the GPU tier's Chromium, scripts/ensure-gpu.sh; a software adapter here), and
 * natively (llama-cpp-python's server): 12 greedy tokens each, with the top 5 at every place, compared
 * with the CPU path on the stored file (`compareGreedy`). Prints one row per path and chat; the
 * tolerance the GPU tier's test holds is GPU_CPU_TOLERANCE (src/lib/analysis/agreement.ts).
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { type Agreement, compareGreedy, disagreement, GPU_CPU_TOLERANCE, type Tolerance, WEBLLM_REQUANTIZED_TOLERANCE } from '../src/lib/analysis/agreement';
import type { TokenChoice } from '../src/lib/core/types';
import { loadGgufModel, loadOwnMlcModel, type GgufLoadChoice } from '../harness/app-driver';
import { appWithModel } from '../harness/app-with-model';
import { gpuBrowser } from '../harness/gpu-browser';
import { serverGreedyTokens, serverMissing, startLlamaServer } from '../harness/llama-server';
import { mlcModelUrls, WEBLLM_BUILD } from '../harness/mlc-weights';
import { MLC_QWEN_05B, modelMissing, QWEN_CODER_05B, SMOLLM2, type RealModel } from '../harness/real-model';

const MODELS: Record<string, RealModel> = { smollm2: SMOLLM2, 'qwen0.5b': QWEN_CODER_05B };
const TOKENS = 12;
const TOP = 5;
type Messages = { role: string; content: string }[];

const CHATS: Record<string, Messages> = {
  capital: [{ role: 'user', content: 'What is the capital of France?' }],
  'tool call': [
    {
      role: 'system',
      content: 'You can call these functions: get_weather(city: str, days: int), find_flight(origin: str, destination: str, date: str). Answer with the calls only, as [func(arg=value)].',
    },
    { role: 'user', content: 'What will the weather be in Oslo for the next 3 days?' },
  ],
  count: [{ role: 'user', content: 'Count from one to ten in words, separated by commas.' }],
};

interface Handle {
  fcPlayground: { worker(): { greedyTokens(messages: Messages, maxTokens: number, topK: number): Promise<TokenChoice[]> } };
}

async function inBrowser(model: RealModel, load: GgufLoadChoice): Promise<Record<string, TokenChoice[]>> {
  const gpu = load.device === 'webgpu' ? gpuBrowser() : null;
  if (gpu && 'missing' in gpu) throw new Error(gpu.missing);
  const { page, close } = await appWithModel({ appPort: 4177, hostPort: 4446, allow: [model.url], ...(gpu ? { browser: gpu } : {}) });
  try {
    await loadGgufModel(page, model, 2048, load);
    const out: Record<string, TokenChoice[]> = {};
    for (const [name, messages] of Object.entries(CHATS)) out[name] = await tokens(page, messages);
    return out;
  } finally {
    await close();
  }
}

const tokens = (page: Page, messages: Messages) => page.evaluate(([m, n, k]) => (globalThis as never as Handle).fcPlayground.worker().greedyTokens(m, n, k), [messages, TOKENS, TOP] as const);

async function natively(model: RealModel): Promise<Record<string, TokenChoice[]>> {
  // logits for every position: the server keeps them only when asked (its tests and recordings do not)
  const server = await startLlamaServer({ model, contextSize: 2048, threads: 2, extraArgs: ['--logits_all', 'True'] });
  try {
    const out: Record<string, TokenChoice[]> = {};
    for (const [name, messages] of Object.entries(CHATS)) out[name] = await serverGreedyTokens(server, model, messages, TOKENS, TOP);
    return out;
  } finally {
    await server.stop();
  }
}

/** WebLLM on the GPU tier's adapter, on Qwen's weights made into MLC's q4f32_1 (a second 4-bit quantization of the Q4_K_M file), through the app built against web-llm 0.2.79. */
async function onWebLLM(): Promise<Record<string, TokenChoice[]>> {
  const gpu = gpuBrowser();
  if ('missing' in gpu) throw new Error(gpu.missing);
  execFileSync('npm', ['run', '-s', 'bench:webllm-weights'], { stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit', env: { ...process.env, ...WEBLLM_BUILD } });
  const { page, close } = await appWithModel({ appPort: 4178, hostPort: 4447, distDir: WEBLLM_BUILD.FC_DIST_DIR, allow: mlcModelUrls(), browser: gpu });
  try {
    await loadOwnMlcModel(page, MLC_QWEN_05B, 2048);
    const out: Record<string, TokenChoice[]> = {};
    for (const [name, messages] of Object.entries(CHATS)) out[name] = await tokens(page, messages);
    return out;
  } finally {
    await close();
  }
}

/** WebLLM runs other weights (the file quantized again): it is held to the requantized tolerance, every llama.cpp path to the GPU's. */
const toleranceOf = (path: string): Tolerance => (path.startsWith('WebLLM') ? WEBLLM_REQUANTIZED_TOLERANCE : GPU_CPU_TOLERANCE);

const row = (path: string, chat: string, g: Agreement) =>
  `| ${path} | ${chat} | ${g.same}/${g.of} | ${g.divergence ? `${g.divergence.at}: "${g.divergence.a}" / "${g.divergence.b}" (margins ${g.divergence.marginA.toFixed(2)}, ${g.divergence.marginB.toFixed(2)})` : '—'} | ${g.chosenDelta.toFixed(3)} | ${g.firstTop.sameTokens ? 'same' : 'other'}, ${g.firstTop.delta.toFixed(3)} | ${disagreement(g, toleranceOf(path)) ?? 'yes'} |`;

async function main() {
  const key = process.argv.slice(2).find((a) => MODELS[a]) ?? 'smollm2';
  const model = MODELS[key]!;
  execFileSync('bash', ['scripts/fetch-models.sh', model.fetchAs], { stdio: 'inherit' });
  const missing = modelMissing(model);
  if (missing) return console.log(`bench:agreement skipped: ${missing}`);
  console.log('== building the app');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const paths: Record<string, Record<string, TokenChoice[]>> = {};
  console.log('== llama.cpp on the CPU, the stored file');
  paths['CPU, stored'] = await inBrowser(model, { device: 'cpu', unpackWeights: false });
  console.log('== llama.cpp on the CPU, unpacked to F32');
  paths['CPU, F32'] = await inBrowser(model, { device: 'cpu', unpackWeights: true });
  try {
    execFileSync('bash', ['scripts/ensure-gpu.sh'], { stdio: 'inherit' });
    console.log('== llama.cpp on WebGPU (software adapter)');
    paths.WebGPU = await inBrowser(model, { device: 'webgpu' });
  } catch (e) {
    console.log(`== WebGPU skipped: ${(e as Error).message}`);
  }
  const noServer = serverMissing(model);
  if (noServer) console.log(`== native server skipped: ${noServer}`);
  else {
    console.log('== native llama.cpp (llama-cpp-python server)');
    try {
      paths['native server'] = await natively(model);
    } catch (e) {
      console.log(`== native server failed: ${(e as Error).message}`);
    }
  }
  if (model === QWEN_CODER_05B) {
    console.log('== WebLLM on WebGPU (software adapter), the weights made into MLC q4f32_1');
    try {
      paths['WebLLM (q4f32_1)'] = await onWebLLM();
    } catch (e) {
      console.log(`== WebLLM skipped: ${(e as Error).message}`);
    }
  }
  const reference = paths['CPU, stored']!;
  console.log(
    `\n${model.name}: ${TOKENS} greedy tokens, top ${TOP}, against llama.cpp on the CPU (stored file); within GPU_CPU_TOLERANCE ${JSON.stringify(GPU_CPU_TOLERANCE)} (WebLLM: WEBLLM_REQUANTIZED_TOLERANCE ${JSON.stringify(WEBLLM_REQUANTIZED_TOLERANCE)})`,
  );
  console.log('| path | chat | tokens alike | first parting | max Δ chosen (nats) | first place top 5, max Δ | agrees |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [path, chats] of Object.entries(paths)) {
    if (path === 'CPU, stored') continue;
    for (const chat of Object.keys(CHATS)) console.log(row(path, chat, compareGreedy(reference[chat]!, chats[chat]!)));
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
