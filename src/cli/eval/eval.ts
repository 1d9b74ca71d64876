/**
 * `npm run eval -- <suite> …`: the headless runner. The same builders, run loop and scorers as the
 * app, over any engine that runs in Node (oracle, baseline, openai — one or several servers),
 * with N requests in flight, resumable into the app's run file, a progress line, and the paper's
 * tables at the end. See EVAL_USAGE and docs/scale.md.
 */
import { PAIRED_TEST_NAMES, pairedDifferenceText, pairResults } from '../../lib/analysis/paired';
import { ContextBudgetError } from '../../lib/context/catalog-context';
import { type AsyncCounting, buildCounted, PrefetchedCounter } from '../../lib/context/prefetched-counter';
import { CachedCounter, type TokenCounter } from '../../lib/context/token-counter';
import { hashString } from '../../lib/core/random';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { CallMode, Pack, RunEngine, SampleResult } from '../../lib/core/types';
import { readBfclPack } from '../../lib/formats/bfcl';
import { FormatError } from '../../lib/formats/jsonl';
import { filesUnder } from '../walk';
import { readToolRequests } from '../../lib/formats/tool-requests';
import { readToolsFile, yourToolsPack } from '../../lib/formats/your-tools-pack';
import type { EngineHost, SettledEngine } from '../../lib/engines/host';
import { ENGINE_KINDS, openEngine } from '../../lib/engines/kinds';
import { probeOnce, serverCountMany } from '../../lib/engines/openai-server';
import { ENGINE_ASK } from '../../lib/engines/errors';
import { builtinPack } from '../../lib/run/builtin-pack-list';
import { driveRun } from '../../lib/run/drive';
import { probeUnbuildableCells, unbuildableCells, type UnfillableCells, wholeCellsText } from '../../lib/run/unbuildable';
import type { RunRow } from '../../lib/run/run-row';
import { type SuiteId, type SuiteRun, SUITES } from '../../lib/suites/registry';
import type { ImportFilesJob, JudgeChoice, JudgeJob } from '../../lib/suites/jobs';
import { runnerJobHost } from './job-host';
import { DEFAULT_TIMEOUTS } from '../../lib/engines/request-clock';
import { llama3Counter } from '../../lib/tokenizers/llama3';
import { EVAL_USAGE, type EvalSettings, parseEvalArgs, UsageError } from './eval-args';
import { progressLine, sampleRateText, statusWriter } from './progress-line';
import { chartsOf, headlineOf, reportLines } from '../../lib/run/run-report';
import { runPageHtml } from '../../lib/store/run-page';
import { RunFileMismatchError, RunFileStore } from './run-file-store';

export interface EvalIo {
  out: (line: string) => void;
  /** progress: rewritten in place on a terminal */
  status: (line: string, final?: boolean) => void;
  env: Record<string, string | undefined>;
  signal: AbortSignal;
  /** a recorder's own word on the run file's provenance: the command that re-records it and how (model file, server), replacing the runner's */
  provenance?: { command: string; note: string };
}

interface Setup {
  /** imported packs (BFCL files, your tools), or null for the suite's built-in ones */
  packs: Pack[] | null;
  /** the run's suite part on your tools (`--tools`), where they go as its suite says */
  ownRun: SuiteRun | null;
  engine: RunEngine;
  /** the engine's settings as its kind settled them from the flags (a server probed) */
  settled: SettledEngine;
  counter: TokenCounter;
  /** the server's tokenizer, when prompts are measured with it */
  counting: AsyncCounting | null;
}

/** BFCL question files and their possible answers (DIR/possible_answer/NAME, BFCL's layout), validated before anything runs. */
export function readBfclFiles(paths: readonly string[]): Pack[] {
  return paths.map((path) => {
    if (!existsSync(path)) throw new UsageError(`--bfcl: ${path} does not exist`);
    const answers = join(dirname(path), 'possible_answer', basename(path));
    return readBfclPack({
      name: basename(path).replace(/\.jsonl?$/, ''),
      questions: readFileSync(path, 'utf8'),
      questionsSource: path,
      answers: existsSync(answers) ? readFileSync(answers, 'utf8') : null,
      answersSource: answers,
    });
  });
}

/** Your tools and requests files as a pack, checked before anything runs (the same reading as the app's Packs tab). */
export async function readOwnTools(files: { tools: string; requests: string }): Promise<Pack> {
  for (const [flag, path] of [
    ['tools', files.tools],
    ['requests', files.requests],
  ])
    if (!existsSync(path as string)) throw new UsageError(`--${flag}: ${path} does not exist`);
  try {
    const read = await readToolsFile(readFileSync(files.tools, 'utf8'), basename(files.tools));
    const items = readToolRequests(readFileSync(files.requests, 'utf8'), basename(files.requests), read.tools);
    return yourToolsPack(read.title, read.tools, items, `${basename(files.tools)} + ${basename(files.requests)}`);
  } catch (e) {
    throw e instanceof FormatError ? new UsageError(e.message) : e;
  }
}

/** A suite's own files under a folder (WildAgtEval's repository, or the reference copy), read and imported by its `importFiles` job as the app's Packs tab imports them: its pack. */
export async function readSuiteFolder(suite: SuiteId, dir: string): Promise<Pack> {
  const folder = SUITES[suite].importsFolder;
  const importFiles = (await SUITES[suite].jobs?.())?.importFiles as ImportFilesJob | undefined;
  if (!folder || !importFiles) throw new UsageError(`${suite} reads no folder of files`);
  if (!existsSync(dir)) throw new UsageError(`--${folder.flag}: ${dir} does not exist`);
  try {
    const paths = filesUnder(dir, folder.accepts, { maxFiles: 5000, maxDepth: 16, what: folder.what });
    const packs: Pack[] = [];
    await importFiles(
      paths.map((p) => ({ name: p, text: readFileSync(join(dir, p), 'utf8') })),
      runnerJobHost(null, new AbortController().signal, packs, null),
      () => undefined,
    );
    const [pack] = packs;
    if (!pack) throw new UsageError(`--${folder.flag}: no pack made of ${dir}`);
    return pack;
  } catch (e) {
    throw e instanceof FormatError ? new UsageError(`--${folder.flag}: ${e.message}`) : e;
  }
}

async function setUp(s: EvalSettings, io: EvalIo): Promise<Setup> {
  const llama3 = new CachedCounter(llama3Counter);
  const own = s.ownTools ? await readOwnTools(s.ownTools) : null;
  // where the suite puts your tools (--tools is only taken by suites that take them)
  const ownRun = own ? (SUITES[s.suite].withOwnTools?.(s.run, own.id) ?? null) : null;
  const folder = s.folder ? await readSuiteFolder(s.suite, s.folder) : null;
  const packs = s.bfclFiles.length ? readBfclFiles(s.bfclFiles) : own && ownRun ? ownRun.packIds.map((id) => (id === own.id ? own : builtinPack(id))) : folder ? [folder] : null;
  if (folder) io.out(`${folder.name}: ${folder.description}`);
  else if (packs) io.out(`packs: ${packs.map((p) => `${p.name} (${p.items.length} records)`).join(', ')}`);
  // a server is probed once for the run: its settling, its engine and its tokenizer ask the same answer
  const probe = probeOnce(() => s.apiKey);
  const host: EngineHost = {
    llama3: async () => llama3,
    apiKey: () => s.apiKey,
    serverCounting: async (order) => {
      const { baseUrl, model } = order.engine;
      if (!order.counterId.startsWith('server:') || !baseUrl) return null;
      const info = await probe(baseUrl);
      return info.tokenizer ? { counter: new PrefetchedCounter(order.counterId, llama3), countMany: serverCountMany(baseUrl, info.tokenizer, model, s.apiKey) } : null;
    },
    serverInfo: probe,
    models: null,
  };
  const settled = await settleEngine(s, host);
  for (const line of settled.lines) io.out(line);
  // every kind opened by its factory, as in the tab: a server's replicas pooled, its tokenizer counting
  const order = { engine: settled.settings, counterId: settled.counterId, replicas: s.baseUrls.slice(1), retries: s.retries, timeouts: s.timeouts };
  const { engine, counter, counting } = await openEngine(s.engine, order, host);
  return { packs, ownRun, engine, settled, counter, counting };
}

/** The engine's settings from the flags: as its kind settles them (a server probed), else the model asked or the kind's own name. */
async function settleEngine(s: EvalSettings, host: EngineHost): Promise<SettledEngine> {
  const declared = ENGINE_KINDS[s.engine];
  if (declared.settle) {
    const settle = await declared.settle();
    const ask = {
      model: s.model,
      baseUrls: s.baseUrls,
      apiKey: s.apiKey,
      constrained: s.constraint !== 'off',
      contextWindow: s.contextWindow,
      tokenizer: s.tokenizer,
      grammarField: s.grammarField,
      penaltyField: s.penaltyField,
      timeouts: s.timeouts,
    };
    return settle(ask, host).catch((e: unknown) => {
      throw e instanceof Error && e.name === ENGINE_ASK ? new UsageError(e.message) : e;
    });
  }
  if (declared.asksModel && !s.model) throw new UsageError(`--engine ${s.engine} asks a model: name it with --model`);
  return { settings: { model: s.model ?? s.engine }, counterId: 'llama3', lines: [], recordedAs: () => s.engine };
}

/** Before anything is asked: a cell none of whose prompts can be built is refused. */
function refuseUnfillableCells(run: RunRow, found: UnfillableCells): void {
  if (found.wholeCells.length) {
    throw new UsageError(
      `No prompt of ${wholeCellsText(found.wholeCells, SUITES[run.suite].columns)} can be built, so the run would measure nothing there; nothing was asked. The first: ${found.first} Choose cells the packs can fill.`,
    );
  }
}

function outPath(out: string, mode: CallMode, modes: readonly CallMode[]): string {
  if (modes.length === 1) return out;
  return out.endsWith('.jsonl') ? `${out.slice(0, -'.jsonl'.length)}.${mode}.jsonl` : `${out}.${mode}`;
}

async function runOne(s: EvalSettings, setup: Setup, mode: CallMode, io: EvalIo): Promise<{ run: RunRow; results: SampleResult[]; ok: boolean }> {
  const path = outPath(s.out, mode, s.calls);
  const now = Date.now();
  const { model: engineLabel, baseUrl, contextWindow, ...found } = setup.settled.settings;
  const fresh: RunRow = {
    ...s.run,
    id: `run-${hashString(`${path}:${now}:${Math.random()}`)}`,
    name: `${engineLabel} · ${s.run.name}${mode === 'native' ? ' · native tools' : ''}`,
    createdAt: now,
    updatedAt: now,
    engine: {
      kind: s.engine,
      model: engineLabel,
      ...(baseUrl ? { baseUrl } : {}),
      ...(ENGINE_KINDS[s.engine].nativeCalls ? { calls: mode } : {}),
      ...found,
      ...(s.serverReuse ? { serverReuse: s.serverReuse } : {}),
      ...(contextWindow ? { contextWindow } : {}),
      ...(s.concurrency > 1 ? { concurrency: s.concurrency } : {}),
    },
    counterId: setup.counter.id,
    ...(setup.packs ? { packIds: setup.packs.map((p) => p.id) } : {}),
    ...setup.ownRun,
  };
  const recording = {
    recordedAt: new Date(now).toISOString(),
    model: engineLabel,
    engine: setup.settled.recordedAs(mode),
    command: io.provenance?.command ?? s.command,
    note: `${io.provenance ? `${io.provenance.note}; ` : ''}headless runner; prompt lengths counted with ${setup.counting ? "the server's tokenizer" : 'the Llama 3 tokenizer'}`,
  };
  const store = new RunFileStore(path, fresh, recording);
  const run = store.run;
  if (store.resumed) io.out(`${path}: resuming, ${store.resumed} results already there${store.dropped ? ' (a torn last line from a killed run dropped)' : ''}`);
  const packs = setup.packs ?? run.packIds.map(builtinPack);
  const counter = setup.counter;
  let started = performance.now();
  let sessionDone = 0;
  let promptTokens = 0;
  let lastStatus = 0;
  const { outcome, status, source } = await driveRun({
    run,
    packs,
    engine: setup.engine,
    counter,
    counting: setup.counting,
    store,
    concurrency: s.concurrency,
    signal: io.signal,
    onPlanned: async (source) => {
      io.out(`${run.name}: ${source.ids.length} samples → ${path}`);
      if (setup.counting) {
        // measured before any generation: a server's tokenizer may wait behind its generations (llama-cpp-python's lock)
        const todo = source.ids.filter((id) => !store.has(id));
        const t0 = performance.now();
        const failures = new Map<string, string>();
        for (const [i, id] of todo.entries()) {
          if (io.signal.aborted) break;
          // a prompt the packs cannot fill is recorded as that sample's build_error when its turn comes
          await buildCounted(setup.counting, () => source.build(id)).catch((e: unknown) => {
            if (!(e instanceof ContextBudgetError)) throw e;
            failures.set(id, e.message);
          });
          io.status(`measuring prompts with the server's tokenizer: ${i + 1}/${todo.length}`, i + 1 === todo.length);
        }
        if (todo.length) io.out(`prompts measured in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        if (!io.signal.aborted) {
          const found = unbuildableCells(todo, source.cellOf, failures);
          refuseUnfillableCells(run, found);
          // prompts that cannot be built elsewhere are said
          if (found.unbuilt) io.out(`${found.unbuilt} of ${todo.length} prompts cannot be built: recorded as build errors, asked nothing (the first: ${found.first})`);
        }
      } else {
        // prompts built as they are asked: each cell is tried until one of its prompts builds
        const todo = source.ids.filter((id) => !store.has(id));
        refuseUnfillableCells(run, await probeUnbuildableCells(todo, source.cellOf, async (id) => source.build(id), io.signal));
      }
      if (SUITES[run.suite].fixedPrompt && contextWindow && source.ids.length) {
        // every step sends the whole system prompt: a window that cannot take the first is refused before any request
        const first = await buildCounted(setup.counting, () => source.build(source.ids[0] as string));
        if (first.promptTokens + run.request.maxTokens > contextWindow)
          throw new UsageError(
            `WildAgtEval's prompt measures ${first.promptTokens.toLocaleString('en-US')} tokens (${counter.id === 'llama3' ? "Llama 3's tokenizer" : "the server's tokenizer"}) before any step, plus ${run.request.maxTokens} for the answer: more than the server's ${contextWindow.toLocaleString('en-US')}-token window. Serve a model with a longer window (e.g. llama.cpp server --ctx-size 40000, vLLM --max-model-len 40000), or lower --max-tokens.`,
          );
      }
      started = performance.now();
    },
    onProgress: (p) => {
      if (p.last) {
        sessionDone++;
        promptTokens += p.last.usage?.promptTokens ?? 0;
      }
      const t = performance.now();
      if (p.last === null && p.done > 0 && p.done < p.total && t - lastStatus < 250) return;
      lastStatus = t;
      const seconds = (t - started) / 1000;
      io.status(progressLine(p, seconds > 0 ? promptTokens / seconds : 0));
    },
  });
  const seconds = (performance.now() - started) / 1000;
  io.status(
    `${sessionDone} samples in ${seconds.toFixed(1)} s (${sampleRateText(sessionDone > 0 ? (seconds * 1000) / sessionDone : 0)}, ${Math.round(promptTokens / Math.max(seconds, 1e-9))} prompt tokens/s) at concurrency ${s.concurrency}`,
    true,
  );
  let final = store.finish({ status, ...(outcome.status === 'failed' ? { error: outcome.error } : {}), total: source.ids.length });
  if (outcome.status === 'completed' && s.judge) final = await judgeRun(s.judge, s, [...packs], store, io);
  const results = store.all();
  if (outcome.status !== 'completed') {
    io.out(outcome.status === 'failed' ? `run failed: ${outcome.error}` : `run stopped (${outcome.reason})`);
    io.out(`${results.length} of ${source.ids.length} results are in ${path}; run the same command again to resume.`);
    return { run: final, results, ok: false };
  }
  for (const line of await reportLines(final, results)) io.out(line);
  if (s.svgDir) {
    mkdirSync(s.svgDir, { recursive: true });
    for (const chart of await chartsOf(final, results)) {
      const file = join(s.svgDir, s.calls.length > 1 ? `${mode}-${chart.name}` : chart.name);
      writeFileSync(file, chart.svg);
      io.out(`chart: ${file}`);
    }
  }
  if (s.htmlFile) {
    const file = s.calls.length > 1 ? outPath(s.htmlFile, mode, s.calls).replace(/\.jsonl$/, '') : s.htmlFile;
    const page = runPageHtml({
      run: final,
      recording,
      results,
      prompts: new Map(),
      headline: headlineOf(final, results),
      withServer: false,
      reportLines: await reportLines(final, results),
      charts: await chartsOf(final, results),
      madeAt: new Date().toISOString(),
    });
    writeFileSync(file, page);
    io.out(`page: ${file} (${(page.length / 2 ** 20).toFixed(2)} MB; opens in any browser, and in the app as the run)`);
  }
  io.out(`run file: ${path} (import it on the app's Results tab)`);
  return { run: final, results, ok: true };
}

/**
 * A completed run judged by another model (`--judge-base-url`, `--judge-model`) through its suite's
 * `judge` job (WildAgtEval's error-handling episodes, by its rubric files); each judged result is
 * written as it comes, so a stopped pass resumes where it was.
 */
async function judgeRun(judge: { baseUrl: string; model: string }, s: EvalSettings, packs: Pack[], store: RunFileStore, io: EvalIo): Promise<RunRow> {
  const job = (await SUITES[s.suite].jobs?.())?.judge as JudgeJob | undefined;
  if (!job) throw new UsageError(`${s.suite} has no judge`);
  const host = runnerJobHost(s, io.signal, packs, { runPacks: store.run.packIds, all: () => store.all(), put: (r) => store.put(r) });
  const by: JudgeChoice = { kind: 'server', ...judge, timeouts: { ...DEFAULT_TIMEOUTS, ...s.timeouts } };
  const outcome = await job({ runId: store.run.id, judge: by }, host, ({ done, total }) => io.status(`judging with ${judge.model} at ${judge.baseUrl}: ${done}/${total}`, done === total));
  io.out(`${outcome.of}: ${outcome.judged} of ${outcome.total} judged by ${outcome.judge}${outcome.missingReferences.length ? `; no rubric for ${outcome.missingReferences.join(', ')}` : ''}`);
  return store.finish({ status: io.signal.aborted ? 'paused' : 'completed' });
}

/** Prompt vs native, sample by sample, with the paired test (McNemar's for single answers) and the difference the pairs can detect. */
export function pairedLines(prompt: readonly SampleResult[], native: readonly SampleResult[]): string[] {
  const p = pairResults(prompt, native);
  if (!p) return ['prompt vs native tool calls: no sample in both runs'];
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
  return [
    `prompt vs native tool calls, ${p.pairs} paired samples of ${p.requests} request${p.requests === 1 ? '' : 's'}: prompt ${pct(p.accuracyA)}, native ${pct(p.accuracyB)}, native − prompt in points ${pairedDifferenceText(p)}`,
    `  both correct ${p.bothCorrect}, only prompt ${p.onlyA}, only native ${p.onlyB}, neither ${p.neither}; ${PAIRED_TEST_NAMES[p.test]} p = ${p.pValue.toFixed(3)}, detectable difference ±${(p.detectable * 100).toFixed(1)} points`,
  ];
}

export async function runEval(argv: readonly string[], io: EvalIo): Promise<number> {
  let settings: EvalSettings;
  try {
    settings = parseEvalArgs(argv, io.env);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.out(`error: ${e.message}\n\n${EVAL_USAGE}`);
    return 2;
  }
  if (settings.renamed) io.out(`note: ${settings.renamed}`);
  let setup: Setup;
  try {
    setup = await setUp(settings, io);
  } catch (e) {
    io.out(`error: ${(e as Error).message}`);
    return e instanceof UsageError || e instanceof FormatError ? 2 : 1;
  }
  const done: Partial<Record<CallMode, SampleResult[]>> = {};
  for (const mode of settings.calls) {
    try {
      const r = await runOne(settings, setup, mode, io);
      if (!r.ok) return io.signal.aborted ? 130 : 1;
      done[mode] = r.results;
    } catch (e) {
      if (e instanceof RunFileMismatchError || e instanceof UsageError) {
        io.out(`error: ${e.message}`);
        return 2;
      }
      throw e;
    }
  }
  if (done.prompt && done.native) for (const line of pairedLines(done.prompt, done.native)) io.out(line);
  return 0;
}

async function main(): Promise<void> {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(130);
    process.stderr.write('\nstopping: the requests in flight are dropped, everything written stays (Ctrl-C again to quit at once)\n');
    controller.abort('interrupted');
  });
  const code = await runEval(process.argv.slice(2), {
    out: (line) => process.stdout.write(line + '\n'),
    status: statusWriter(process.stderr),
    env: process.env,
    signal: controller.signal,
  });
  process.exitCode = code;
}

if (process.argv[1] && /eval\.(ts|js|mts)$/.test(process.argv[1])) {
  main().catch((e: unknown) => {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
