/** The runs this worker drives (their lock held while they run) and what it reads of them: their plan, their prompts, their samples. */
import { withRunLock } from '../src/lib/store/run-locks';
import type { Cell } from '../src/lib/core/types';
import type { ReplayCoverage } from '../src/lib/engines/host';
import { openEngine } from '../src/lib/engines/kinds';
import { buildCounted, PrefetchedCounter } from '../src/lib/context/prefetched-counter';
import { replayCoverage } from '../src/lib/engines/replay';
import type { RunDraft, RunRow } from '../src/lib/run/run-row';
import type { RunOutcome, RunProgress } from '../src/lib/run/loop';
import { driveRun, plannedSource } from '../src/lib/run/drive';
import { DexieResultStore, loadPacks, loadRunPacks, recordedPrompts, updateRun } from '../src/lib/store/repos';
import { type RecordedPrompt } from '../src/lib/store/run-file';
import { sourceFor } from '../src/lib/run/sources';
import { probeUnbuildableCells, type UnfillableCells } from '../src/lib/run/unbuildable';
import { promptHolds } from '../src/lib/analysis/sample-filter';
import { formatAnswer } from '../src/lib/scoring/qa';
import { possibleAnswerText } from '../src/lib/scoring/bfcl-ast';
import { traceText } from '../src/lib/scoring/dag-shape';
import { builtinPacksWritten, db } from './db';
import { busy, claimForRun, release, stopCurrent } from './generation';
import { plainError } from './plain-error';
import { counterFor, defaultCounter, engineHost, llama3Loaded, serverCountingFor } from './models';

/** The session's measured speed, kept on the run for the next setup's estimate (none when no sample finished). */
function speedOf(p: RunProgress | null): Pick<RunRow, 'speed'> {
  if (!p || p.sessionSamples === 0) return {};
  return { speed: { msPerSample: p.msPerSample, prefillTokensPerSecond: p.prefillTokensPerSecond, decodeTokensPerSecond: p.decodeTokensPerSecond, samples: p.sessionSamples } };
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
export async function promptReader(run: RunRow): Promise<(sampleId: string, rebuildable?: boolean) => Promise<RecordedPrompt | null>> {
  const recorded = await recordedPrompts(db, run.id);
  const rebuild = await promptBuilder(run);
  return async (sampleId, rebuildable = true) => recorded.get(sampleId) ?? (rebuild && rebuildable ? rebuild(sampleId) : null);
}

/** A run, with this tab holding its lock: its status, engine and loop. */
async function runHoldingLock(runId: string, onProgress: (p: RunProgress) => void, onToken?: (sampleId: string, delta: string) => void): Promise<RunOutcome> {
  const run = await db.runs.get(runId);
  if (!run) throw new Error(`run ${runId} not found`);
  const controller = claimForRun(runId);
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
    release();
  }
}

/** Runs: started, planned, checked before Start, their samples read and searched, stopped. */
export const runsApi = {
  async ensureBuiltinPacks(): Promise<void> {
    await builtinPacksWritten();
  },

  async startRun(runId: string, onProgress: (p: RunProgress) => void, onToken?: (sampleId: string, delta: string) => void): Promise<RunOutcome> {
    if (busy()) throw new Error('a run is already in progress');
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

  /**
   * The cells of a run not started yet none of whose prompts can be built, measured with the tokenizer
   * the run would measure with; null where that tokenizer is not here (a model not loaded, a server not
   * answering): the run itself says it then. `load` false (the check as the setup changes): only a
   * tokenizer already in memory measures — the Llama 3 tokenizer is fetched when a run needs it, not
   * for a check — else null.
   */
  async unbuildableCells(draft: RunDraft, load = true): Promise<UnfillableCells | null> {
    try {
      if (!load && (draft.counterId === 'llama3' ? !llama3Loaded() : draft.counterId.startsWith('server:'))) return null;
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

  stopRun(reason: 'pause' | 'cancel'): void {
    stopCurrent(reason);
  },
};
