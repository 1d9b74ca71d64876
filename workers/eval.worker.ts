/**
 * The evaluation worker: hosts the model engine and the run loop, so long
 * generations never block the page. Exposed with Comlink; the page and this
 * worker share the IndexedDB database (Dexie broadcasts changes to the page).
 */
import { listenForStops, withRunLock } from '../src/lib/store/run-locks';
import * as Comlink from 'comlink';
import type { TokenCounter } from '../src/lib/context/token-counter';
import { CachedCounter } from '../src/lib/context/token-counter';
import type { Cell, ChatMessage, Engine, ForcedTokens, NamedText, PickedFile, SampleResult, TokenChoice, ToolSchema } from '../src/lib/core/types';
import { pickedAsText } from './picked-files';
import { chartsOf, headlineOf, reportLines } from '../src/lib/run/run-report';
import { runFilesInPage, runPageHtml, sharedRunFile } from '../src/lib/store/run-page';
import type { EngineHost, EngineOrder, LoadedModel, ReplayCoverage } from '../src/lib/engines/host';
import { engineName, openEngine, whyNoCallProbability } from '../src/lib/engines/kinds';

import { type GpuInfo, probeGpu } from '../src/lib/engines/gpu';
import { createOpenAIEngine } from '../src/lib/engines/openai';
import { probeServer, serverCountMany } from '../src/lib/engines/openai-server';
import { type AsyncCounting, buildCounted, PrefetchedCounter } from '../src/lib/context/prefetched-counter';
import { replayCoverage } from '../src/lib/engines/replay';
import type { LoadOptions, LoadProgress, WebLLMEngine } from '../src/lib/engines/webllm';
import { listModels, type ModelOption } from '../src/lib/engines/webllm-models';
import type { GenerationStats, GgufEngine, GgufLoadOptions, GgufSource, LoadedGguf } from '../src/lib/engines/wllama';
import type { RunDraft, RunRow } from '../src/lib/run/run-row';
import { ensureBuiltinPacks } from '../src/lib/store/builtin-packs';
import type { RunOutcome, RunProgress } from '../src/lib/run/loop';
import { driveRun, plannedSource } from '../src/lib/run/drive';
import { AppDB } from '../src/lib/store/db';
import { DexieResultStore, importBfclFiles, replacedNote, addPackFiles, loadPacks, loadRunPacks, recordedPrompts, runResults, saveRunFile, updateRun } from '../src/lib/store/repos';
import { type RecordedPrompt, type Recording, readRunFile, writeRunFile } from '../src/lib/store/run-file';
import { sourceFor } from '../src/lib/run/sources';
import { probeUnbuildableCells, type UnfillableCells } from '../src/lib/run/unbuildable';
import { promptHolds } from '../src/lib/analysis/sample-filter';
import { importedRun } from '../src/lib/run/imported-run';
import { SUITES, type SuiteId, type SuiteOfForeignRuns } from '../src/lib/suites/registry';
import type { JobHost } from '../src/lib/suites/jobs';
import { settlingCallbacks } from './settle-callbacks';
import { formatAnswer } from '../src/lib/scoring/qa';
import { possibleAnswerText } from '../src/lib/scoring/bfcl-ast';
import { traceText } from '../src/lib/scoring/dag-shape';
import { draftCallRequest, draftExpected, draftQueries, draftQueriesRequest } from '../src/lib/prompts/draft-requests';
import { toJsonText } from '../src/lib/formats/json-text';
import { forcedCallText } from '../src/lib/scoring/forced-call';
import { readForced } from '../src/lib/run/forced-read';
import { requestFor } from '../src/lib/run/request';
import { buildTinyModel } from '../datasets/tiny-model/build';
import { checkGpu, GPU_CHECK_CHAT, GPU_CHECK_TOKENS, GPU_CHECK_TOP, type GpuCheck } from '../src/lib/engines/gpu-check';
import { GPU_UNTRUSTED } from '../src/lib/engines/errors';

/** The GPU's check against the CPU (gpu-check.ts), made once a session: adapters do not change under a page. */
let gpuChecked: GpuCheck | null = null;

async function checkedGpu(engine: GgufEngine): Promise<GpuCheck> {
  if (gpuChecked) return gpuChecked;
  const file = new File([buildTinyModel(1) as BlobPart], 'fc-gpu-check.gguf');
  gpuChecked = await checkGpu(async (device) => {
    await engine.load({ kind: 'file', file }, { contextSize: 512, device, unpackWeights: false, threads: 1 }, () => undefined);
    try {
      return await engine.greedyTokens(GPU_CHECK_CHAT, GPU_CHECK_TOKENS, GPU_CHECK_TOP);
    } finally {
      await engine.unload();
    }
  });
  return gpuChecked;
}

const db = new AppDB();
let webllm: WebLLMEngine | null = null;
let gguf: GgufEngine | null = null;
let loadedModel: LoadedModel | null = null;
/** How the loaded GGUF was loaded, to load it again after a GPU abort. */
let lastGgufLoad: { source: GgufSource; opts: GgufLoadOptions } | null = null;
/** What this worker is generating now: a run (with its id) or a side generation (rephrasings, drafts). */
let current: { runId: string | null; controller: AbortController } | null = null;
// another tab asks to stop the run this one holds (to delete it, say)
listenForStops((runId, reason) => {
  if (current?.runId === runId) current.controller.abort(reason);
});
let llama3: TokenCounter | null = null;
/** API keys by base URL, for this session only (the page decides whether to remember one) */
const apiKeys = new Map<string, string>();

async function webllmEngine(): Promise<WebLLMEngine> {
  if (!webllm) {
    const { createWebLLMEngine } = await import('../src/lib/engines/webllm');
    webllm = createWebLLMEngine();
  }
  return webllm;
}

async function ggufEngine(): Promise<GgufEngine> {
  if (!gguf) {
    const { createGgufEngine } = await import('../src/lib/engines/wllama');
    gguf = createGgufEngine();
  }
  return gguf;
}

/** The tab's model engines, by the kind that loads its model here: each created when first asked. */
const TAB_ENGINES: Record<LoadedModel['engine'], () => Promise<WebLLMEngine | GgufEngine>> = { webllm: webllmEngine, wllama: ggufEngine };
const engineOf = (model: LoadedModel): Promise<WebLLMEngine | GgufEngine> => TAB_ENGINES[model.engine]();

/** The model held now: llama.cpp resets itself after a GPU abort mid-run, so its engine is asked. */
function heldModel(): LoadedModel | null {
  if (loadedModel && 'gguf' in loadedModel && !gguf?.loaded()) loadedModel = null;
  return loadedModel;
}

/** The held model's engine where it reads a given continuation (the right call's probability), else a clear refusal. */
type ForcingEngine = (GgufEngine | WebLLMEngine) & Required<Pick<Engine, 'scoreContinuation'>>;
const forces = (engine: GgufEngine | WebLLMEngine): engine is ForcingEngine => typeof engine.scoreContinuation === 'function';
async function forcingEngine(purpose: string): Promise<ForcingEngine> {
  const held = heldModel();
  const engine = held && (await engineOf(held));
  if (!held || !engine || !forces(engine))
    throw new Error(`Load a GGUF model on the llama.cpp engine first: ${purpose}. ${held ? (whyNoCallProbability({ kind: held.engine, model: held.id }) ?? '') : ''}`.trim());
  return engine;
}

/** One model in memory at a time: loading one engine's model frees the other's. */
async function unloadAll(): Promise<void> {
  await webllm?.unload();
  await gguf?.unload();
  loadedModel = null;
}

/** Server tokenizers by counter id and base URL: builds go through `buildCounted` (see prefetched-counter). */
const serverCounting = new Map<string, AsyncCounting>();

/** The session's measured speed, kept on the run for the next setup's estimate (none when no sample finished). */
function speedOf(p: RunProgress | null): Pick<RunRow, 'speed'> {
  if (!p || p.sessionSamples === 0) return {};
  return { speed: { msPerSample: p.msPerSample, prefillTokensPerSecond: p.prefillTokensPerSecond, decodeTokensPerSecond: p.decodeTokensPerSecond, samples: p.sessionSamples } };
}

/** The counting of a run measured with its server's tokenizer (`server:` counter ids), asking the server how to reach it. */
async function serverCountingFor(run: EngineOrder): Promise<AsyncCounting | null> {
  const { baseUrl, model } = run.engine;
  if (!run.counterId.startsWith('server:') || !baseUrl) return null;
  const key = `${run.counterId}@${baseUrl}`;
  let c = serverCounting.get(key);
  if (!c) {
    const info = await probeServer(baseUrl, apiKeys.get(baseUrl));
    if (!info.tokenizer) return null;
    c = { counter: new PrefetchedCounter(run.counterId, await defaultCounter()), countMany: serverCountMany(baseUrl, info.tokenizer, model, apiKeys.get(baseUrl), 4) };
    serverCounting.set(key, c);
  }
  return c;
}

/** The counter a run's prompts were measured with, or null when it needs a model that is not loaded. */
async function counterFor(run: EngineOrder): Promise<TokenCounter | null> {
  if (run.counterId === 'llama3') return defaultCounter();
  // a recording's server was another machine's, at another time: whatever answers at its address now is not asked
  if (run.counterId.startsWith('server:')) return run.recording ? null : ((await serverCountingFor(run).catch(() => null))?.counter ?? null);
  const held = heldModel();
  if (held?.id !== run.engine.model) return null;
  const own = (await engineOf(held)).counter();
  return own && own.id === run.counterId ? new CachedCounter(own) : null;
}

/** Loads the held GGUF again as it was last loaded, and holds it (after a GPU abort). */
async function reloadGguf(): Promise<void> {
  const again = lastGgufLoad;
  if (!again) throw new Error('no GGUF was loaded to load again');
  const reloaded = await (await ggufEngine()).load(again.source, again.opts, () => undefined);
  loadedModel = { engine: 'wllama', id: reloaded.id, contextWindow: reloaded.contextSize, gguf: reloaded };
}

/** What this worker lends the engine factories. */
const engineHost: EngineHost = {
  llama3: defaultCounter,
  apiKey: (baseUrl) => apiKeys.get(baseUrl),
  serverCounting: serverCountingFor,
  serverInfo: (baseUrl) => probeServer(baseUrl, apiKeys.get(baseUrl)),
  models: { held: heldModel, webllm: webllmEngine, gguf: ggufEngine, reloadGguf, counterFor },
};

/** A run file opened: the stored run's id, and whether it was stored already or beside another as a copy. */
export interface ImportedRun {
  runId: string;
  name: string;
  results: number;
  copied: boolean;
  alreadyStored: boolean;
  besideRun?: string;
}

/** A stored run with what an export carries: its results, its prompts when asked, its recording, a file name. */
async function exportedRun(
  runId: string,
  withPrompts: boolean,
  recordingAs?: Recording,
): Promise<{ run: RunRow; results: SampleResult[]; prompts: Map<string, RecordedPrompt>; recording: Recording | null; slug: string }> {
  const run = await db.runs.get(runId);
  if (!run) throw new Error(`run ${runId} not found`);
  const results = await runResults(db, runId);
  const prompts = new Map<string, RecordedPrompt>();
  if (withPrompts) {
    const read = await promptReader(run);
    for (const r of results) {
      // a sample whose prompt could not be built has none to rebuild
      const prompt = await read(r.sampleId, r.error?.kind !== 'build_error');
      if (prompt) prompts.set(r.sampleId, prompt);
    }
  }
  const slug =
    run.name
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || run.id;
  return { run, results, prompts, recording: recordingAs ?? run.recording ?? null, slug };
}

/** the latest prompt search (an older one stops when it sees a newer) */
let promptSearches = 0;
/** samples one prompt search rebuilds at most (a 32K catalog prompt takes some milliseconds) */
const MAX_PROMPT_SEARCH = 20_000;

/** What a prompt search found: the matching sample ids, how many prompts it read, how many it left (over the bound) or could not rebuild. */
export interface PromptSearch {
  matches: string[];
  searched: number;
  skipped: number;
  unavailable: number;
  /** samples one search reads at most */
  limit: number;
}

async function defaultCounter(): Promise<TokenCounter> {
  if (!llama3) {
    const { llama3Counter } = await import('../src/lib/tokenizers/llama3');
    llama3 = new CachedCounter(llama3Counter);
  }
  return llama3;
}

/** Rebuilds a run's prompts, when the tokenizer its budgets were measured with is available here. */
async function promptBuilder(run: RunRow): Promise<((sampleId: string) => Promise<RecordedPrompt>) | null> {
  const counter = await counterFor(run);
  if (!counter) return null;
  const counting = counter instanceof PrefetchedCounter ? ((await serverCountingFor(run)) ?? null) : null;
  const packs = await loadRunPacks(db, run);
  const source = await plannedSource(run, packs, counter, counting);
  return async (sampleId) => {
    const sample = await buildCounted(counting, () => source.build(sampleId));
    const e = sample.expected;
    const expected = e.kind === 'qa' ? formatAnswer(e.answer) : e.kind === 'dag' ? traceText(e.steps) : e.kind === 'ast' ? possibleAnswerText(e.possibleAnswer) : null;
    return { messages: sample.messages, needleNames: sample.needleIndexes.map((i) => sample.tools[i]?.name ?? ''), toolCount: sample.tools.length, promptTokens: sample.promptTokens, expected };
  };
}

/** A run's prompts as sent: the recorded one where stored, else rebuilt (only where `rebuildable`, and null without the run's tokenizer here). */
async function promptReader(run: RunRow): Promise<(sampleId: string, rebuildable?: boolean) => Promise<RecordedPrompt | null>> {
  const recorded = await recordedPrompts(db, run.id);
  const rebuild = await promptBuilder(run);
  return async (sampleId, rebuildable = true) => recorded.get(sampleId) ?? (rebuild && rebuildable ? rebuild(sampleId) : null);
}

/** A generation outside a run (rephrasings, drafts) on the loaded model; one at a time, stopped by stopRun. */
async function withLoadedModel<T>(purpose: string, work: (engine: Engine, model: LoadedModel, signal: AbortSignal) => Promise<T>): Promise<T> {
  if (current) throw new Error('a run or another generation is in progress');
  const model = heldModel();
  if (!model) throw new Error(`Load a model first (Run tab): ${purpose}.`);
  const engine: Engine = await engineOf(model);
  return withController((signal) => work(engine, model, signal));
}

/** Work outside a run that stopRun can stop (generations on the loaded model, a judge pass on a server); one at a time. */
async function withController<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (current) throw new Error('a run or another generation is in progress');
  const controller = new AbortController();
  current = { runId: null, controller };
  try {
    return await work(controller.signal);
  } finally {
    current = null;
  }
}

function plainError(e: unknown): Error {
  const err = e as { name?: string; message?: string };
  const out = new Error(err?.message ?? String(e));
  out.name = err?.name ?? 'Error';
  return out;
}

/** A run, with this tab holding its lock: its status, engine and loop. */
async function runHoldingLock(runId: string, onProgress: (p: RunProgress) => void, onToken?: (sampleId: string, delta: string) => void): Promise<RunOutcome> {
  const run = await db.runs.get(runId);
  if (!run) throw new Error(`run ${runId} not found`);
  const controller = new AbortController();
  current = { runId, controller };
  try {
    const { engine, counter, counting, recover } = await openEngine(run.engine.kind, run, engineHost);
    // the versions of its packs the run first started with (pinned now if it is new)
    const packs = await loadRunPacks(db, run, true);
    let latest: RunProgress | null = null;
    const { outcome, status } = await driveRun({
      run,
      packs,
      engine,
      counter,
      counting,
      store: new DexieResultStore(db),
      signal: controller.signal,
      onPlanned: (source) => updateRun(db, runId, { status: 'running', total: source.ids.length, error: undefined }),
      onProgress: (p) => {
        latest = p;
        void onProgress(p);
      },
      ...(onToken ? { onToken: (id: string, d: string) => void onToken(id, d) } : {}),
      ...(recover ? { recover } : {}),
    });
    const error = outcome.status === 'completed' ? undefined : outcome.error;
    // with the storage full this small write may be refused too: then the run stays "running" without a lock, which every page shows as paused
    await updateRun(db, runId, { status, error, ...speedOf(latest) }).catch(() => undefined);
    return outcome;
  } catch (e) {
    await updateRun(db, runId, { status: 'failed', error: `${(e as Error).name}: ${(e as Error).message}` });
    throw plainError(e);
  } finally {
    current = null;
  }
}

/** What a suite's job is lent (lib/suites/jobs.ts): this worker's store, models and file reading. */
function jobHost(suite: SuiteId): JobHost {
  const named = <T>(work: (engine: Engine, name: { id: string; label: string }, signal: AbortSignal) => Promise<T>) => work;
  return {
    readFiles: (files) => pickedAsText(files),
    loadPacks: async (ids) => {
      await ensureBuiltinPacks(db);
      return loadPacks(db, ids);
    },
    addPackFiles: (packId, merge) => addPackFiles(db, packId, merge),
    async storeForeignRun(foreign) {
      if (!SUITES[suite].config.absent) throw new Error(`${suite} has no runs another tool made`);
      const file = { ...importedRun(suite as SuiteOfForeignRuns, foreign), prompts: new Map() };
      return { runId: (await saveRunFile(db, file)).runId, name: file.run.name, results: file.results.length };
    },
    async runPacks(runId) {
      const run = await db.runs.get(runId);
      if (!run) throw new Error(`run ${runId} is not stored`);
      return run.packIds;
    },
    results: (runId) => runResults(db, runId),
    putResult: async (r) => void (await db.results.put(r)),
    recount: async (runId) => void (await updateRun(db, runId, { correct: (await runResults(db, runId)).filter((r) => r.score.correct).length })),
    rephrasings: { storedIds: (model) => db.rephrasings.where('model').equals(model).primaryKeys(), put: async (row) => void (await db.rephrasings.put(row)) },
    withLoadedModel: (purpose, work) =>
      withLoadedModel(purpose, (engine, model, signal) => named(work)(engine, { id: model.id, label: `${model.id} (${engineName({ kind: model.engine, model: model.id })})` }, signal)),
    withServer: (server, work) =>
      withController((signal) =>
        work(
          createOpenAIEngine({ baseUrl: server.baseUrl, model: server.model, apiKey: apiKeys.get(server.baseUrl), stream: false, timeouts: server.timeouts }),
          { id: server.model, label: `${server.model} at ${server.baseUrl}` },
          signal,
        ),
      ),
    forcingCounter: async (purpose) => {
      const counter = (await forcingEngine(purpose)).counter();
      if (!counter) throw new Error("This model's tokenizer cannot be rebuilt here, so its prompts cannot be measured to an exact length.");
      return counter;
    },
    async forcedRead(sample) {
      const engine = await forcingEngine('a forced reading needs its log-probabilities');
      const forced = forcedCallText(sample, 'bfcl-python');
      if ('none' in forced) throw new Error(forced.none);
      return readForced(engine, requestFor({ maxTokens: forced.text.length, temperature: 0, kvReuse: true }, sample, 'bfcl-python'), forced, new AbortController().signal);
    },
  };
}

const api = {
  probeGpu(): Promise<GpuInfo> {
    return probeGpu(self.navigator as never);
  },

  async listModels(): Promise<ModelOption[]> {
    // the list as built, not WebLLM itself (2 MB): that chunk loads with a model
    const { MODELS, FUNCTION_CALLING_IDS } = await import('virtual:webllm-model-list');
    return listModels(MODELS, FUNCTION_CALLING_IDS, await probeGpu(self.navigator as never));
  },

  async loadModel(modelId: string, opts: LoadOptions, onProgress: (p: LoadProgress) => void): Promise<void> {
    const engine = await webllmEngine();
    await unloadAll();
    try {
      await engine.load(modelId, opts, (p) => void onProgress(p));
      loadedModel = { engine: 'webllm', id: modelId, contextWindow: opts.contextWindow };
    } catch (e) {
      loadedModel = null;
      throw plainError(e);
    }
  },

  /** Load a GGUF into llama.cpp, on the CPU or the GPU, from a URL (downloaded once, then from the browser's storage) or a file on disk. */
  async loadGguf(source: GgufSource, opts: GgufLoadOptions, onProgress: (p: LoadProgress) => void): Promise<LoadedGguf> {
    const engine = await ggufEngine();
    await unloadAll();
    lastGgufLoad = null;
    try {
      let checked: GpuCheck | null = null;
      if (opts.device === 'webgpu') {
        void onProgress({ progress: 0, text: 'Checking the GPU against the CPU on a small test model…' });
        checked = await checkedGpu(engine);
        if (checked.problem)
          throw Object.assign(new Error(`This GPU computed other values than the CPU on a test model, so it is not trusted with a run: ${checked.problem}. Load the model on the CPU.`), {
            name: GPU_UNTRUSTED,
          });
      }
      const loaded = await engine.load(source, opts, (p) => void onProgress(p));
      const gguf = checked ? { ...loaded, device: { ...loaded.device, checked: checked.words } } : loaded;
      lastGgufLoad = { source, opts };
      loadedModel = { engine: 'wllama', id: gguf.id, contextWindow: gguf.contextSize, gguf };
      return gguf;
    } catch (e) {
      loadedModel = null;
      throw plainError(e);
    }
  },

  async cachedGgufUrls(): Promise<string[]> {
    const { cachedGgufUrls } = await import('../src/lib/engines/wllama');
    return cachedGgufUrls();
  },

  async deleteGguf(url: string): Promise<boolean> {
    const { deleteCachedGguf } = await import('../src/lib/engines/wllama');
    return deleteCachedGguf(url);
  },

  /** How the GGUF engine's last generation ended (for tests and benchmarks of interrupting). */
  lastGeneration(): GenerationStats | null {
    return gguf?.lastGeneration() ?? null;
  },

  /** The loaded model's greedy tokens for a chat (GGUF or WebLLM), with the top candidates at each place: agreement checks across devices and engines. */
  async greedyTokens(messages: { role: string; content: string }[], maxTokens: number, topK: number): Promise<TokenChoice[]> {
    const held = heldModel();
    if (!held) throw new Error('Load a model first.');
    return (await engineOf(held)).greedyTokens(messages, maxTokens, topK);
  },

  /** The loaded GGUF model's reading of a continuation after a chat (the engine's forced read, KV cache kept): what tests and benchmarks compare with other engines. */
  async forcedTokens(messages: { role: string; content: string }[], continuation: string, topK: number): Promise<ForcedTokens> {
    const engine = await forcingEngine('a forced reading needs its log-probabilities');
    const request = { messages: messages.map((m) => ({ role: m.role as ChatMessage['role'], content: m.content })), maxTokens: continuation.length + 4, temperature: 0, kvReuse: true };
    return engine.scoreContinuation(request, continuation, topK, new AbortController().signal);
  },

  loadedModel(): LoadedModel | null {
    return heldModel();
  },

  async unloadModel(): Promise<void> {
    await unloadAll();
  },

  async deleteModel(modelId: string): Promise<void> {
    const { deleteModelFromCache } = await import('../src/lib/engines/webllm');
    await deleteModelFromCache(modelId);
  },

  /** The API key for a server, kept in this worker's memory for the session (never stored with a run). */
  setApiKey(baseUrl: string, key: string | null): void {
    if (key) apiKeys.set(baseUrl, key);
    else apiKeys.delete(baseUrl);
  },

  async ensureBuiltinPacks(): Promise<void> {
    await ensureBuiltinPacks(db);
  },

  /** Count tokens of a text with the counter a new run would use. */
  async countTokens(text: string): Promise<number> {
    return (await defaultCounter()).count(text);
  },

  async startRun(runId: string, onProgress: (p: RunProgress) => void, onToken?: (sampleId: string, delta: string) => void): Promise<RunOutcome> {
    if (current) throw new Error('a run is already in progress');
    try {
      return await withRunLock(runId, () => runHoldingLock(runId, onProgress, onToken));
    } catch (e) {
      throw plainError(e);
    }
  },

  /** The cell of every sample a run plans, without building prompts; null when its packs are not here (a run read from a file). */
  async plannedCells(runId: string): Promise<Cell[] | null> {
    const run = await db.runs.get(runId);
    if (!run || run.recording) return null;
    try {
      const source = await sourceFor(run, await loadRunPacks(db, run), await defaultCounter());
      return source.ids.map((id) => source.cellOf(id));
    } catch {
      return null;
    }
  },

  /** A BFCL question file (and its possible answers) read and stored here, off the page's thread; returns what was imported. */
  async importBfcl(files: (NamedText | PickedFile)[], onProgress: (file: string, fraction: number) => void): Promise<{ name: string; items: number; tools: number; replaced: string }> {
    try {
      const pack = await importBfclFiles(db, await pickedAsText(files), (file, fraction) => void onProgress(file, fraction));
      return { name: pack.name, items: pack.items.length, tools: pack.tools.length, replaced: replacedNote(pack.saved, `BFCL file ${pack.name}`) };
    } catch (e) {
      throw plainError(e);
    }
  },

  /** What a suite measures of the stored data before Start (its declaration's `prepare`), from the setup's fields: null for a suite that measures nothing. */
  async prepareSuite(suite: SuiteId, fields: unknown): Promise<unknown> {
    const load = SUITES[suite].prepare;
    if (!load) return null;
    try {
      const prepare = await load();
      const rows = await db.packs.filter((p) => !p.versionOf).toArray();
      const packs = rows.map(({ id, name, source, itemCount, toolCount }) => ({ id, name, source, itemCount, toolCount }));
      return await prepare(fields as never, { packs, load: (ids) => loadPacks(db, ids), counter: defaultCounter });
    } catch (e) {
      throw plainError(e);
    }
  },

  /** A suite's job (its declaration's `jobs`: imports, its judge, side generations, readings), run with what this worker holds; `report` takes what the job reports as it goes. */
  async suiteJob(suite: SuiteId, name: string, args: unknown, report?: (progress: unknown) => void): Promise<unknown> {
    try {
      const job = (await SUITES[suite].jobs?.())?.[name];
      if (!job) throw new Error(`${suite} has no job "${name}"`);
      return await job(args as never, jobHost(suite), report ?? (() => undefined));
    } catch (e) {
      throw plainError(e);
    }
  },

  /**
   * The cells of a run not started yet none of whose prompts can be built, measured with the tokenizer
   * the run would measure with; null where that tokenizer is not here (a model not loaded, a server not
   * answering): the run itself says it then. `load` false (the check as the setup changes): only a
   * tokenizer already in memory measures — the Llama 3 tokenizer is fetched when a run needs it, not
   * for a check — else null.
   */
  async unbuildableCells(draft: RunDraft, load = true): Promise<UnfillableCells | null> {
    try {
      if (!load && (draft.counterId === 'llama3' ? llama3 === null : draft.counterId.startsWith('server:'))) return null;
      const counter = await counterFor(draft);
      if (!counter) return null;
      const counting = counter instanceof PrefetchedCounter ? ((await serverCountingFor(draft)) ?? null) : null;
      const source = await plannedSource(draft, await loadPacks(db, draft.packIds), counter, counting);
      return await probeUnbuildableCells(source.ids, source.cellOf, (id) => buildCounted(counting, () => source.build(id)));
    } catch {
      return null;
    }
  },

  /** How many samples of a run not started yet a predictions file answers (planning only, no prompt is built). */
  async replayCoverage(draft: RunDraft, answerIds: string[]): Promise<ReplayCoverage> {
    const source = await sourceFor(draft, await loadPacks(db, draft.packIds), await defaultCounter());
    return replayCoverage(source, new Set(answerIds));
  },

  /** A sample's prompt as sent (recorded, or rebuilt with the run's tokenizer) and what it expected — from its pack item when the prompt cannot be rebuilt. */
  async sampleDetail(runId: string, sampleId: string, itemId?: string): Promise<{ prompt: RecordedPrompt | null; expected: string | null; request: string | null }> {
    const run = await db.runs.get(runId);
    if (!run) return { prompt: null, expected: null, request: null };
    const recorded = (await db.prompts.get(`${runId}:${sampleId}`))?.prompt ?? null;
    // a sample whose prompt could not be built (build_error) has none to show
    const prompt =
      recorded ??
      (await promptBuilder(run)
        .then((rebuild) => (rebuild ? rebuild(sampleId) : null))
        .catch(() => null));
    if (prompt?.expected) return { prompt, expected: prompt.expected, request: null };
    // the calls a request expects and its words do not depend on the prompt's length: read from the run's packs (a recording made on a server's tokenizer, or whose file holds no expected)
    const item = itemId === undefined ? undefined : (await loadRunPacks(db, run).catch(() => [])).flatMap((p) => p.items).find((i) => i.id === itemId);
    return { prompt, expected: item && item.possibleAnswer.length > 0 ? possibleAnswerText(item.possibleAnswer) : null, request: item?.question ?? null };
  },

  /**
   * The samples among `sampleIds` whose prompt holds `text` (case-insensitive): recorded prompts as
   * stored, the others rebuilt as the sample detail shows them. At most MAX_PROMPT_SEARCH samples are
   * searched; a newer search stops this one (which then returns null).
   */
  async searchPrompts(runId: string, text: string, sampleIds: string[], onProgress?: (searched: number, total: number) => void): Promise<PromptSearch | null> {
    const search = ++promptSearches;
    const run = await db.runs.get(runId);
    if (!run) throw new Error(`run ${runId} not found`);
    const read = await promptReader(run);
    const ids = sampleIds.slice(0, MAX_PROMPT_SEARCH);
    const matches: string[] = [];
    let unavailable = 0;
    for (const [i, id] of ids.entries()) {
      if (i % 50 === 0) {
        // lets a newer search (or a stop) in between
        await new Promise((r) => setTimeout(r, 0));
        if (search !== promptSearches) return null;
        onProgress?.(i, ids.length);
      }
      const prompt = await read(id).catch(() => null);
      if (!prompt) unavailable++;
      else if (promptHolds(prompt.messages, text)) matches.push(id);
    }
    return { matches, searched: ids.length - unavailable, skipped: sampleIds.length - ids.length, unavailable, limit: MAX_PROMPT_SEARCH };
  },

  /**
   * The run as a run file (JSON Lines). With `prompts`, every result carries its prompt as sent
   * (recorded ones, or rebuilt when this run's tokenizer is available here).
   */
  async exportRun(runId: string, opts: { prompts: boolean; recording?: Recording }): Promise<{ name: string; text: string; promptsIncluded: number }> {
    const { run, results, prompts, recording, slug } = await exportedRun(runId, opts.prompts, opts.recording);
    return { name: `${slug}.run.jsonl`, text: writeRunFile({ run, recording, results, prompts }), promptsIncluded: prompts.size };
  },

  /**
   * The run as one self-contained HTML page (`lib/store/run-page.ts`): with `prompts`, every sample's
   * prompt as sent; with `server`, the server's address (left out otherwise).
   */
  async exportRunPage(runId: string, opts: { prompts: boolean; server: boolean }): Promise<{ name: string; text: string; promptsIncluded: number }> {
    const { run, results, prompts, recording, slug } = await exportedRun(runId, opts.prompts);
    const text = runPageHtml({
      run,
      recording,
      results,
      prompts,
      headline: headlineOf(run, results),
      withServer: opts.server,
      reportLines: await reportLines(run, results),
      charts: await chartsOf(run, results),
      madeAt: new Date().toISOString(),
    });
    return { name: `${slug}.html`, text, promptsIncluded: prompts.size };
  },

  /**
   * The run files a view's page carries (a comparison, the first view): each run's results, no
   * prompts, no server address — what the page shows, so the app can open it again as those runs.
   */
  async exportViewRuns(runIds: readonly string[]): Promise<string[]> {
    const files: string[] = [];
    for (const id of runIds) {
      const { run, results, recording } = await exportedRun(id, false);
      files.push(sharedRunFile({ run, recording, results, prompts: new Map(), withServer: false }));
    }
    return files;
  },

  /**
   * Opens a run file, or a page the app wrote (a run's, or a view's with several runs inside): every
   * run file is validated completely before any is stored, each then in one transaction.
   */
  async importRunFiles(text: string, source: string): Promise<ImportedRun[]> {
    const texts = runFilesInPage(text, source) ?? [text];
    const files = texts.map((t, i) => readRunFile(t, texts.length > 1 ? `${source}, run ${i + 1}` : source));
    const opened: ImportedRun[] = [];
    for (const file of files) opened.push({ ...(await saveRunFile(db, file)), name: file.run.name, results: file.results.length });
    return opened;
  },

  /** Drafts of requests for one tool, by the loaded model: returned to the editor, never stored as ground truth. */
  async draftRequests(tool: ToolSchema, count: number, onProgress: (done: number, total: number) => void): Promise<{ query: string; expected: string }[]> {
    return withLoadedModel('the drafts are written by the loaded model', async (engine, _model, signal) => {
      const ask = draftQueriesRequest(tool, count);
      const queries = draftQueries((await engine.generate(ask, signal)).text, count);
      const drafts: { query: string; expected: string }[] = [];
      onProgress(0, queries.length);
      for (const query of queries) {
        if (signal.aborted) break;
        const request = draftCallRequest(tool, query);
        const out = await engine.generate(request, signal);
        drafts.push({ query, expected: toJsonText(draftExpected(out.text)) });
        onProgress(drafts.length, queries.length);
      }
      return drafts;
    });
  },

  stopRun(reason: 'pause' | 'cancel'): void {
    current?.controller.abort(reason);
  },
};

export type EvalWorkerApi = typeof api;
Comlink.expose(settlingCallbacks(api));
