/**
 * `npm run bench`: figures for the run pipeline.
 *  1. prompt construction time of a 32K-token catalog sample (Llama 3 tokenizer), cold and warm;
 *  1c. the largest LongFuncEval challenge 2 and 3 samples (32K and 64K): build time and measured token error;
 *  1d. per suite, the share of prompt tokens an engine keeping its last prompt's KV cache (or a
 *      server's prefix cache of 16 prompts, or an unbounded one) would not compute, in sweep-grid
 *      order and with shared prompts together (Llama 3 tokenizer);
 *  1e. the headless runner against llama-cpp-python's server: samples/s and prompt tokens/s at 1 vs 4 in flight;
 *  2. per-sample overhead of the run loop with the oracle engine: parse, score and IndexedDB
 *     write (fake-indexeddb in Node), prompt construction excluded;
 *  3. the same end to end in Chromium through the worker, when Debian chromium and a build exist;
 *  4. gzip sizes of the built chunks (main bundle, worker, WebLLM);
 *  4b. bytes a page load fetches before a model engine is chosen, and which chunks (in Chromium);
 *  6. results at scale (bench/results-scale.ts): opening a report over 1K/10K/100K stored results, a run's speed beside it;
 *  5. the CPU engine (llama.cpp in WebAssembly) on our tiny generated model in Chromium:
 *     prefill and decode tokens/s from llama.cpp's own timings, free and constrained,
 *     our per-sample plumbing around them, and how fast an interrupt stops generation.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { buildCatalogPack } from '../datasets/catalog/build';
import { buildTinyModel } from '../datasets/tiny-model/build';
import { buildConversationsPack, buildResponsesPack } from '../datasets/travel/build';
import { multiturnSource } from '../src/lib/suites/multiturn/suite';
import { responseQaSource } from '../src/lib/suites/response-qa/suite';
import { CachedCounter } from '../src/lib/context/token-counter';
import { createOracleEngine } from '../src/lib/engines/oracle';
import { buildCallGrammar } from '../src/lib/parsing/call-grammar';
import { DEFAULT_PROMPT } from '../src/lib/prompts/template';
import { runSamples } from '../src/lib/run/loop';
import type { SampleSource } from '../src/lib/core/sample-source';
import { AppDB } from '../src/lib/store/db';
import { DexieResultStore } from '../src/lib/store/repos';
import { catalogSource } from '../src/lib/suites/catalog/suite';
import { printReuseShares } from './reuse-share';
import { printRunnerThroughput } from './runner';
import { benchResultsAtScale } from './results-scale';
import { llama3Counter } from '../src/lib/tokenizers/llama3';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const pack = buildCatalogPack();

// 1. prompt construction at 32K
{
  const sweep = { lengths: [32768], positions: [0.1, 0.3, 0.5, 0.7, 0.9], samplesPerCell: 4, seed: 11 };
  const cold: number[] = [];
  const warm: number[] = [];
  let tokens = 0;
  const warmSource = catalogSource({ packs: [pack], sweep, template: DEFAULT_PROMPT, counter: new CachedCounter(llama3Counter) });
  for (const id of warmSource.ids) {
    const coldSource = catalogSource({ packs: [pack], sweep, template: DEFAULT_PROMPT, counter: new CachedCounter(llama3Counter) });
    let t = performance.now();
    coldSource.build(id);
    cold.push(performance.now() - t);
    t = performance.now();
    const s = warmSource.build(id);
    warm.push(performance.now() - t);
    tokens = s.promptTokens;
  }
  console.log(
    `prompt construction, 32K catalog sample (${tokens} tokens measured): median ${median(warm).toFixed(1)} ms with tool counts cached across samples, ${median(cold).toFixed(1)} ms cold (${warm.length} samples)`,
  );
}

// 1b. the grammar of a constrained sample offering the whole catalog
{
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    size = buildCallGrammar(pack.tools, 'bfcl-python').length;
    times.push(performance.now() - t);
  }
  console.log(`call grammar for all ${pack.tools.length} catalog tools (a 32K constrained sample): median ${median(times).toFixed(1)} ms, ${(size / 1024).toFixed(0)} KB of GBNF`);
}

// 1c. LongFuncEval challenges 2 and 3: the largest samples, their build time and measured token error
{
  let t = performance.now();
  const responsesPack = buildResponsesPack();
  const conversationsPack = buildConversationsPack();
  console.log(
    `travel packs built in ${(performance.now() - t).toFixed(0)} ms: responses ${(JSON.stringify(responsesPack.responses).length / 1e6).toFixed(2)} MB of JSON (${(responsesPack.responses ?? []).map((r) => `${r.endpoint} ${r.records.length}`).join(', ')}), conversations ${(JSON.stringify(conversationsPack.conversations).length / 1e6).toFixed(2)} MB (${conversationsPack.conversations?.seeds.length} base conversations, ${conversationsPack.conversations?.fillers.length} filler exchanges)`,
  );
  const error = (measured: number, target: number) => Math.abs(measured - target) / target;
  for (const length of [32768, 65536]) {
    const counter = new CachedCounter(llama3Counter);
    const qa = responseQaSource({ packs: [responsesPack], config: { lengths: [length], positions: [8], experiments: ['size', 'position'], samplesPerCell: 5, seed: 3 }, counter });
    const times: number[] = [];
    const errors: number[] = [];
    for (const id of qa.ids) {
      t = performance.now();
      const sample = qa.build(id);
      times.push(performance.now() - t);
      errors.push(error(llama3Counter.count(sample.messages[0]?.content ?? ''), length));
    }
    console.log(
      `response QA at ${length} tokens (p = 1 and p = 8, ${qa.ids.length} samples, all endpoints): build median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; token error max ${(Math.max(...errors) * 100).toFixed(3)}%, ${errors.filter((e) => e === 0).length}/${errors.length} exact`,
    );
    const mt = multiturnSource({ packs: [conversationsPack], config: { lengths: [length], settings: ['prose', 'structured'], count: 4, seed: 3 }, template: DEFAULT_PROMPT, counter });
    times.length = 0;
    errors.length = 0;
    const turns: number[] = [];
    for (const id of mt.ids) {
      t = performance.now();
      const sample = mt.build(id);
      times.push(performance.now() - t);
      turns.push(sample.messages.length);
      errors.push(
        error(
          sample.messages.reduce((n, m) => n + llama3Counter.count(m.content), 0),
          length,
        ),
      );
    }
    console.log(
      `conversation at ${length} tokens (${mt.ids.length} samples, both settings): build median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; ${Math.min(...turns)}–${Math.max(...turns)} messages; token error max ${(Math.max(...errors) * 100).toFixed(3)}%, ${errors.filter((e) => e === 0).length}/${errors.length} exact`,
    );
  }
}

// 1d. run order: prompt tokens a cache of the last prompt (or a server's prefix cache) saves, grid vs shared prompts together
printReuseShares();

// 1e. the headless runner against a real OpenAI-compatible server, 1 vs 4 requests in flight
await printRunnerThroughput();

// 2. loop overhead with the oracle, Node + fake-indexeddb
{
  const db = new AppDB('bench', { indexedDB: new IDBFactory(), IDBKeyRange });
  const sweep = { lengths: [1024], positions: [0.1, 0.3, 0.5, 0.7, 0.9], samplesPerCell: 100, seed: 5 };
  const inner = catalogSource({ packs: [pack], sweep, template: DEFAULT_PROMPT, counter: new CachedCounter(llama3Counter) });
  const built = new Map(inner.ids.map((id) => [id, inner.build(id)]));
  const source: SampleSource = { ...inner, build: (id) => built.get(id) as never };
  await db.runs.put({
    id: 'b',
    name: 'b',
    createdAt: 0,
    updatedAt: 0,
    status: 'running',
    suite: 'catalog',
    packIds: [],
    config: sweep,
    engine: { kind: 'oracle', model: 'oracle' },
    template: DEFAULT_PROMPT,
    format: 'bfcl-python',
    request: { maxTokens: 64, temperature: 0 },
    counterId: 'llama3',
    total: inner.ids.length,
    done: 0,
    correct: 0,
  });
  const t = performance.now();
  await runSamples({
    runId: 'b',
    source,
    engine: createOracleEngine(),
    store: new DexieResultStore(db),
    request: { maxTokens: 64, temperature: 0 },
    format: 'bfcl-python',
    signal: new AbortController().signal,
  });
  const ms = (performance.now() - t) / inner.ids.length;
  console.log(`run loop overhead per sample (oracle; parse + score + IndexedDB write, Node + fake-indexeddb): ${ms.toFixed(2)} ms mean over ${inner.ids.length} samples`);
}

// 4. bundle sizes (3 below needs the build too)
const dist = 'dist/assets';
if (!existsSync(dist)) {
  console.log('bundle sizes: no dist/ — run `npx vite build` first');
} else {
  const files = readdirSync(dist).filter((f) => f.endsWith('.js') || f.endsWith('.wasm'));
  const size = (f: string) => ({ raw: statSync(join(dist, f)).size, gz: gzipSync(readFileSync(join(dist, f))).length });
  const html = readFileSync('dist/index.html', 'utf8');
  const entry = files.filter((f) => html.includes(f));
  for (const f of files) {
    const s = size(f);
    const role = entry.includes(f)
      ? 'main bundle'
      : f.startsWith('eval.worker')
        ? 'worker'
        : f.startsWith('webllm-') || f.startsWith('lib-')
          ? 'WebLLM (own chunk, loaded by the worker when a model loads)'
          : f.startsWith('_virtual_webllm-model-list')
            ? "WebLLM's model list, extracted at build time"
            : f.startsWith('llama3')
              ? 'Llama 3 tokenizer (loaded on demand)'
              : f.startsWith('esm-')
                ? 'wllama, the llama.cpp glue (loaded by the worker on demand)'
                : f.startsWith('wllama') && f.endsWith('.wasm')
                  ? 'llama.cpp WebAssembly (fetched when the CPU engine starts)'
                  : f.startsWith('wllama')
                    ? 'CPU engine adapter (loaded on demand)'
                    : 'chunk';
    console.log(`bundle ${f}: ${(s.raw / 1024).toFixed(1)} KB, ${(s.gz / 1024).toFixed(1)} KB gzip — ${role}`);
  }
}

// 3. end to end in Chromium through the worker
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM) && existsSync('dist/index.html')) {
  const { chromium } = await import('@playwright/test');
  const server = spawn('npx', ['vite', 'preview', '--port', '4174', '--strictPort', '--host', '127.0.0.1'], { detached: true, stdio: 'ignore' });
  try {
    await new Promise((r) => setTimeout(r, 2500));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--disable-background-networking', '--no-first-run', '--enable-precise-memory-info'] });
    await benchPageLoad(browser, 'http://127.0.0.1:4174/index.html');
    const page = await browser.newPage();
    await page.goto('http://127.0.0.1:4174/index.html');
    await page.getByTestId('engine-oracle').check();
    await page.getByTestId('pack-builtin-catalog').waitFor({ timeout: 60_000 });
    for (const l of [2048]) await page.getByTestId(`length-${l}`).uncheck();
    for (const p of [0.3, 0.7]) await page.getByTestId(`position-${p}`).check();
    await page.getByTestId('samples-per-cell').fill('40');
    await page.getByTestId('start-run').click();
    // wait on IndexedDB itself, and stay on the Run tab so no report re-renders on every write
    const times = (await completedRunResults<{ createdAt: number }>(page, '(runs) => runs[0]')).map((r) => r.createdAt);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    const sorted = [...gaps].sort((a, b) => a - b);
    const med = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? NaN;
    console.log(
      `run loop per sample in Chromium, oracle, 1K prompts (worker: build prompt + generate + parse + score + IndexedDB write + progress message): median ${med.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms over ${gaps.length} samples`,
    );
    await page.close();
    await benchCpuEngine(await browser.newPage());
    await benchResultsAtScale(browser, 'http://127.0.0.1:4174/index.html', [1000, 10_000, 100_000]);
    await browser.close();
  } finally {
    if (server.pid) process.kill(-server.pid);
  }
} else {
  console.log('browser figure skipped: needs Debian chromium and a build (dist/)');
}

/** 4b. What a page load fetches with the oracle engine chosen (no model engine), then with the CPU engine. */
async function benchPageLoad(browser: import('@playwright/test').Browser, url: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const fetched = new Map<string, { raw: number; gz: number }>();
  // the context's events include the worker's requests
  context.on('response', (r) => {
    void r.body().then(
      (b) => fetched.set(new URL(r.url()).pathname.split('/').pop() || 'index.html', { raw: b.length, gz: gzipSync(b).length }),
      () => undefined,
    );
  });
  await page.goto(url);
  await page.getByTestId('engine-oracle').check();
  await page.getByTestId('pack-builtin-catalog').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const total = (m: Map<string, { raw: number; gz: number }>) => [...m.values()].reduce((a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz }), { raw: 0, gz: 0 });
  const list = (m: Map<string, { raw: number; gz: number }>) =>
    [...m.entries()]
      .sort((a, b) => b[1].gz - a[1].gz)
      .map(([f, s]) => `${f} ${(s.gz / 1024).toFixed(0)} KB`)
      .join(', ');
  const before = total(fetched);
  const webllmFetched = [...fetched.keys()].some((f) => f.startsWith('lib-') || f.startsWith('webllm-'));
  console.log(
    `page load before a model engine is chosen: ${(before.raw / 1024).toFixed(0)} KB, ${(before.gz / 1024).toFixed(0)} KB gzip over ${fetched.size} files; WebLLM chunk ${webllmFetched ? 'FETCHED' : 'not fetched'} (${list(fetched)})`,
  );
  const seen = new Set(fetched.keys());
  await page.getByTestId('engine-wllama').check();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const added = new Map([...fetched].filter(([f]) => !seen.has(f)));
  console.log(`choosing the CPU engine adds ${(total(added).gz / 1024).toFixed(0)} KB gzip (${list(added) || 'nothing'})`);
  await context.close();
}

interface CpuRow {
  index: number;
  parseError: string | null;
  score: { correct: boolean };
  createdAt: number;
  cell: { length: number; variant?: string };
  usage: { promptTokens: number; completionTokens: number } | null;
  timings: { prefillMs: number; decodeMs: number; prefillTokensPerSecond?: number; decodeTokensPerSecond?: number } | null;
}

/** 5. The CPU engine on the tiny model, driven through the app as a user would. */
async function benchCpuEngine(page: import('@playwright/test').Page): Promise<void> {
  const tiny = Buffer.from(buildTinyModel(1));
  await page.goto('http://127.0.0.1:4174/index.html');
  await page.getByTestId('engine-wllama').check();
  await page.getByTestId('gguf-file').setInputFiles({ name: 'tiny-random.gguf', mimeType: 'application/octet-stream', buffer: tiny });
  await page.getByTestId('gguf-context').fill('4096');
  const t0 = performance.now();
  await page.getByTestId('load-gguf-file').click();
  await page.getByTestId('gguf-loaded').waitFor({ timeout: 60_000 });
  console.log(`CPU engine: tiny model (${(tiny.length / 1024).toFixed(0)} KB) loaded, token counts checked, in ${(performance.now() - t0).toFixed(0)} ms`);
  await page.getByTestId('pack-builtin-catalog').waitFor({ timeout: 60_000 });
  for (const l of [1024, 2048, 4096, 8192, 16384, 32768]) await page.getByTestId(`length-${l}`).setChecked(l === 1024 || l === 2048);
  for (const p of [0.1, 0.3, 0.5, 0.7, 0.9]) await page.getByTestId(`position-${p}`).setChecked(p === 0.5);
  await page.getByTestId('samples-per-cell').fill('6');
  await page.getByTestId('max-tokens').fill('400');
  await page.getByTestId('constraint').selectOption('both');
  await page.getByTestId('start-run').click();
  const rows = await completedRunResults<CpuRow>(page, "(runs) => runs.find((r) => r.engine.kind === 'wllama')");
  for (const variant of ['free', 'constrained']) {
    for (const length of [1024, 2048]) {
      const rs = rows.filter((r) => r.cell.variant === variant && r.cell.length === length && r.timings);
      const prefill = median(rs.map((r) => r.timings?.prefillTokensPerSecond ?? NaN));
      const decode = median(rs.map((r) => r.timings?.decodeTokensPerSecond ?? NaN));
      const out = median(rs.map((r) => r.usage?.completionTokens ?? 0));
      console.log(
        `CPU engine, tiny model, ${variant}, ${length}-token prompts: prefill ${prefill.toFixed(0)} tokens/s, decode ${decode.toFixed(0)} tokens/s (median of ${rs.length}, ${out} output tokens median; llama.cpp's timings)`,
      );
    }
  }
  for (const variant of ['free', 'constrained']) {
    const rs = rows.filter((r) => r.cell.variant === variant);
    const parsed = rs.filter((r) => r.parseError === null).length;
    console.log(`CPU engine, tiny model (random weights), ${variant}: ${parsed}/${rs.length} outputs parse as calls, ${rs.filter((r) => r.score.correct).length} correct (max 400 output tokens)`);
  }
  const sorted = [...rows].sort((a, b) => a.createdAt - b.createdAt);
  const plumbing = sorted.slice(1).map((r, i) => r.createdAt - (sorted[i] as CpuRow).createdAt - (r.timings ? r.timings.prefillMs + r.timings.decodeMs : 0));
  console.log(
    `CPU engine, per-sample time outside llama.cpp's prefill and decode (prompt build, chat template, grammar, streaming, scoring, storage): median ${median(plumbing).toFixed(1)} ms over ${plumbing.length} samples`,
  );

  // interrupting: a long generation, paused once tokens stream
  await page.getByTestId('tab-run').click();
  for (const l of [1024, 2048]) await page.getByTestId(`length-${l}`).setChecked(l === 1024);
  await page.getByTestId('constraint').selectOption('off');
  await page.getByTestId('max-tokens').fill('2048');
  await page.getByTestId('start-run').click();
  const stream = page.getByTestId('streaming');
  for (let i = 0; i < 600 && ((await stream.textContent()) ?? '').length < 40; i++) await page.waitForTimeout(50);
  await page.getByTestId('pause-run').click();
  await page.getByTestId('pause-run').waitFor({ state: 'hidden', timeout: 30_000 });
  const stats = (await page.evaluate('fcPlayground.worker().lastGeneration()')) as { finishReason: string; deltasAfterAbort: number };
  console.log(`CPU engine interrupt: generation ended with '${stats.finishReason}', ${stats.deltasAfterAbort} streamed piece(s) after the interrupt was requested`);
}

/**
 * Polls IndexedDB until the run chosen by `pick` (JavaScript source of a function
 * over the stored runs) has completed, and returns its results in sample order.
 * A string, not a function: the TypeScript runner would inject helpers the page does not have.
 */
async function completedRunResults<T>(page: import('@playwright/test').Page, pick: string): Promise<T[]> {
  return (await page.evaluate(`(async () => {
    const pick = ${pick};
    const read = () => new Promise((resolve, reject) => {
      const open = indexedDB.open('fc-playground');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction(['runs', 'results']);
        const runs = tx.objectStore('runs').getAll();
        const results = tx.objectStore('results').getAll();
        tx.oncomplete = () => {
          const run = pick(runs.result);
          open.result.close();
          resolve({ done: run && run.status === 'completed', rows: results.result.filter((r) => run && r.runId === run.id) });
        };
      };
    });
    for (;;) {
      const r = await read();
      if (r.done) return r.rows.sort((a, b) => a.index - b.index);
      await new Promise((res) => setTimeout(res, 200));
    }
  })()`)) as T[];
}
