/**
 * `npm run bench:forced-agreement [-- SUITE [REQUESTS]]`: does the tab's right-call probability equal
 * the server's on the same samples, for any suite that has one? The suite's default design (the
 * runner's, `npm run eval -- SUITE --count/--per-cell REQUESTS`) is planned in Node with
 * Qwen2.5-Coder-0.5B's own tokenizer (rebuilt from its GGUF, as the tab does), and each sample's
 * forced text is read after its prompt twice: by llama.cpp in the tab (CPU engine, headless
 * Chromium, the worker's `forcedTokens`) and by llama-cpp-python's server (the runner's engine).
 * Prints, per sample and in all, the two log-probabilities, whether the token paths are the same, and
 * how many fall within the agreement rule (AGREE_NATS, as bench:tab-vs-server). Default: robustness,
 * 10 requests (30 samples: original, rephrased, expanded). Skips, saying why, without the model or
 * the server.
 */
import { execFileSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import type { Page } from '@playwright/test';
import { CachedCounter } from '../src/lib/context/token-counter';
import type { SampleSource } from '../src/lib/core/sample-source';
import type { CallLogprob, Engine, ForcedTokens, GenerateRequest, Sample, SampleResult } from '../src/lib/core/types';
import { probeServer, serverTokenIds } from '../src/lib/engines/openai-server';
import { createOpenAIEngine, serverEngineOptions } from '../src/lib/engines/openai';
import { readGgufHeader } from '../src/lib/gguf/header';
import { builtinPack } from '../src/lib/run/builtin-pack-list';
import { driveRun } from '../src/lib/run/drive';
import { MemoryResultStore } from '../src/lib/run/loop';
import type { RunRow } from '../src/lib/run/run-row';
import { callLogprobOf, forcedCallText } from '../src/lib/scoring/forced-call';
import { ggufCounter } from '../src/lib/tokenizers/gguf';
import { parseEvalArgs } from '../src/cli/eval/eval-args';
import { loadGgufModel } from '../harness/app-driver';
import { appWithModel } from '../harness/app-with-model';
import { serverMissing, startLlamaServer } from '../harness/llama-server';
import { modelMissing, QWEN_CODER_05B } from '../harness/real-model';

/** As bench:tab-vs-server: the tab reads F32 weights, the server Q4_K_M with its own kernels. */
const AGREE_NATS = 0.05;
const SUITE = process.argv[2] ?? 'robustness';
const REQUESTS = Number(process.argv[3] ?? 10);

interface Handle {
  fcPlayground: { worker(): { forcedTokens(messages: { role: string; content: string }[], continuation: string, topK: number): Promise<ForcedTokens> } };
}

interface Pair {
  sample: Sample;
  server: CallLogprob;
  tab: CallLogprob;
}

async function main(): Promise<void> {
  if (!Number.isInteger(REQUESTS) || REQUESTS < 1 || REQUESTS > 100) throw new Error(`requests: a whole number from 1 to 100, got ${process.argv[3]}`);
  execFileSync('bash', ['scripts/fetch-models.sh', QWEN_CODER_05B.fetchAs], { stdio: 'inherit' });
  const missing = modelMissing(QWEN_CODER_05B) ?? serverMissing(QWEN_CODER_05B);
  if (missing) return console.log(`bench:forced-agreement skipped: ${missing}`);
  const counter = new CachedCounter(ggufCounter(await readGgufHeader(await openAsBlob(QWEN_CODER_05B.file)), `gguf:${QWEN_CODER_05B.alias}`));
  const settings = parseEvalArgs([SUITE, '--engine', 'oracle', ...(SUITE === 'robustness' ? ['--count', String(REQUESTS)] : ['--per-cell', String(REQUESTS)])]);
  console.log('== building the app');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const server = await startLlamaServer({ model: QWEN_CODER_05B, contextSize: 8192, threads: 2 });
  const { page, close } = await appWithModel({ appPort: 4179, hostPort: 4448, allow: [QWEN_CODER_05B.url] });
  try {
    await loadGgufModel(page, QWEN_CODER_05B, 8192);
    const info = await probeServer(server.baseUrl, undefined);
    if (info.logprobs === 'none' || !info.tokenizer) throw new Error(`the server gives no forced log-probabilities or has no tokenizer (${info.kind})`);
    const onServer = createOpenAIEngine({
      ...serverEngineOptions({ model: QWEN_CODER_05B.alias, grammarField: info.grammarField, penaltyField: info.penaltyField, logprobs: info.logprobs }, server.baseUrl, undefined),
      tokenIds: serverTokenIds(server.baseUrl, info.tokenizer, QWEN_CODER_05B.alias, undefined),
      timeouts: { firstByteMs: 1_800_000, requestMs: 3_600_000 },
    });
    const pairs: Pair[] = [];
    // answers cost no model time (an empty one: the read is what is measured); each forced read goes to both engines,
    // and is paired with its sample when the loop stores the sample's result
    let reads: { server: ForcedTokens; tab: ForcedTokens } | null = null;
    const both: Engine = {
      info: { id: 'forced-agreement', kind: 'openai', model: QWEN_CODER_05B.alias },
      generate: async () => ({ text: '', finishReason: 'stop', usage: { completionTokens: 0 }, timings: { prefillMs: 0, decodeMs: 0 } }),
      async scoreContinuation(request, continuation, topK, signal) {
        const server = await onServer.scoreContinuation!(request, continuation, topK, signal);
        reads = { server, tab: await tabTokens(page, request, continuation, topK) };
        return server;
      },
    };
    let source: SampleSource | null = null;
    const store = new (class extends MemoryResultStore {
      override async put(result: SampleResult): Promise<void> {
        await super.put(result);
        if (!reads || !source) return;
        const sample = source.build(result.sampleId);
        const forced = forcedCallText(sample, settings.run.format);
        if ('none' in forced) throw new Error(forced.none);
        pairs.push({ sample, server: callLogprobOf(forced, reads.server), tab: callLogprobOf(forced, reads.tab) });
        reads = null;
        const last = pairs.at(-1) as Pair;
        console.log(`${pairs.length}. ${sample.itemId} ${sample.cell.variant ?? ''}: server ${last.server.logprob.toFixed(4)}, tab ${last.tab.logprob.toFixed(4)} (${forced.text})`);
      }
    })();
    const run: RunRow = { ...settings.run, id: 'forced-agreement', createdAt: 0, updatedAt: 0, engine: { kind: 'oracle', model: 'oracle' }, counterId: counter.id };
    const { outcome } = await driveRun({
      run,
      packs: run.packIds.map(builtinPack),
      engine: both,
      counter,
      counting: null,
      store,
      signal: new AbortController().signal,
      onPlanned: async (planned) => void (source = planned),
    });
    if (outcome.status !== 'completed') throw new Error(`the run ended ${outcome.status}${outcome.status === 'failed' ? `: ${outcome.error}` : ''}`);
    const split = pairs.filter((p) => p.server.canonical && p.tab.canonical);
    const gaps = split.map((p) => Math.abs(p.server.logprob - p.tab.logprob)).sort((a, b) => a - b);
    const samePath = split.filter((p) => JSON.stringify(p.server.tokens.map((t) => t.piece)) === JSON.stringify(p.tab.tokens.map((t) => t.piece))).length;
    console.log(
      `\n${SUITE}, ${pairs.length} samples of ${REQUESTS} requests (Qwen2.5-Coder-0.5B; tab: llama.cpp in WebAssembly, F32; server: llama-cpp-python, Q4_K_M): ` +
        `read along the tokenizer's split by both in ${split.length}; the same token path in ${samePath}; |tab − server| median ${gaps[Math.floor(gaps.length / 2)]?.toFixed(4)}, ` +
        `largest ${gaps.at(-1)?.toFixed(4)} nats; within ${AGREE_NATS} nats in ${gaps.filter((g) => g <= AGREE_NATS).length} of ${split.length}.`,
    );
  } finally {
    await close();
    await server.stop();
  }
}

function tabTokens(page: Page, request: GenerateRequest, continuation: string, topK: number): Promise<ForcedTokens> {
  const messages = request.messages.map((m) => ({ role: m.role, content: m.content }));
  return page.evaluate(([m, c, k]) => (globalThis as never as Handle).fcPlayground.worker().forcedTokens(m, c, k), [messages, continuation, topK] as const);
}

await main();
