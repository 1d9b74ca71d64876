/** Starting, pausing, resuming and cancelling runs from the page. */
import { isUnbuilt, type SampleResult } from '../../lib/core/types';
import type { RunProgress } from '../../lib/run/loop';
import { askToStop, heldRunLocks, RUN_BUSY, whenRunIdle } from '../../lib/store/run-locks';
import { deleteRun } from '../../lib/store/repos';
import { app } from '../app-state.svelte';
import { db } from '../live-db';
import { evalWorker, proxy } from '../worker-client';
import { appendToTail, NO_STREAM, SHOW_EVERY_MS, type StreamTail } from './stream-tail';

const resultListeners = new Set<(r: SampleResult) => void>();

/** Calls `listener` with every result a run of this tab writes, as it is written; returns the unsubscribe. */
export function onResult(listener: (r: SampleResult) => void): () => void {
  resultListeners.add(listener);
  return () => resultListeners.delete(listener);
}

export async function startRun(runId: string): Promise<void> {
  if (app.activeRunId) return;
  app.activeRunId = runId;
  app.ended = null;
  app.progress = null;
  app.firstUnbuilt = null;
  app.streaming = NO_STREAM;
  let current = '';
  // pieces are kept as they come and shown at most every SHOW_EVERY_MS: the page redraws a few KB a tenth of a second, not at every token
  let stream = NO_STREAM;
  let showing: ReturnType<typeof setTimeout> | null = null;
  const show = (next: StreamTail, now = false) => {
    stream = next;
    if (now) {
      if (showing) clearTimeout(showing);
      showing = null;
      app.streaming = stream;
    } else
      showing ??= setTimeout(() => {
        showing = null;
        app.streaming = stream;
      }, SHOW_EVERY_MS);
  };
  try {
    const outcome = await evalWorker().startRun(
      runId,
      proxy((p: RunProgress) => {
        app.progress = p;
        if (p.currentSampleId && p.currentSampleId !== current) {
          current = p.currentSampleId;
          show(NO_STREAM, true);
        }
        if (!p.currentSampleId && p.last) {
          if (isUnbuilt(p.last)) app.firstUnbuilt ??= p.last.error?.message ?? null;
          show(appendToTail(NO_STREAM, p.last.output), true);
          for (const listener of resultListeners) listener(p.last);
        }
      }),
      proxy((_id: string, delta: string) => show(appendToTail(stream, delta))),
    );
    show(stream, true);
    app.ended = { runId, outcome };
  } catch (e) {
    // another tab took it first: nothing changed here, it shows live, read-only
    if ((e as Error).name === RUN_BUSY) app.ended = { runId, outcome: { status: 'stopped', reason: 'elsewhere' } };
    // the worker could not start it (no model loaded, no server…): it marked the run failed with this message
    else app.ended = { runId, outcome: { status: 'failed', error: (e as Error).message } };
  } finally {
    app.activeRunId = null;
    void refreshRunLocks().catch(() => undefined);
    // a GPU abort resets llama.cpp, and a reload after it may have failed: the model panel shows what the worker holds
    if (app.loadedModel)
      void evalWorker()
        .loadedModel()
        .then((m) => (app.loadedModel = m))
        .catch(() => undefined);
  }
}

export function stopRun(reason: 'pause' | 'cancel'): void {
  void evalWorker().stopRun(reason);
}

/** The Results tab, on this run. */
export function showResults(runId: string): void {
  app.ended = null;
  app.selectedRunId = runId;
  app.tab = 'results';
}

/** Is the run being generated in another tab (so this one shows it read-only)? */
export const runsElsewhere = (runId: string): boolean => app.runLocks.has(runId) && app.activeRunId !== runId;

/**
 * Keeps `app.runLocks` current (every 1.5 s), and pauses runs left "running" by a tab that closed,
 * reloaded or crashed (its lock is gone), so they can be resumed. Returns the stop.
 */
export function watchRunLocks(): () => void {
  const safeTick = () => void refreshRunLocks().catch(() => undefined);
  safeTick();
  const timer = setInterval(safeTick, 1500);
  return () => clearInterval(timer);
}

/** Reads which runs are locked now (at once after this tab's run ends, so its Resume shows without waiting for the next tick). */
async function refreshRunLocks(): Promise<void> {
  // running first, locks second: a run that held its lock when read as running still holds it, or has changed status
  const running = await db.runs.where('status').equals('running').primaryKeys();
  const held = await heldRunLocks();
  app.runLocks = held;
  const interrupted = running.filter((id) => !held.has(id));
  if (interrupted.length) {
    const paused = await db.runs
      .where('id')
      .anyOf(interrupted)
      .and((r) => r.status === 'running')
      .modify({ status: 'paused' });
    // the Run tab says what happened (a reload or crash mid-run), with the way to Resume, unless it shows a run already
    const first = interrupted[0];
    if (paused > 0 && first && !app.activeRunId && !app.ended) app.ended = { runId: first, outcome: { status: 'stopped', reason: 'interrupted' } };
  }
}

/** Deletes a run with its results in one transaction, after stopping it wherever it runs (this tab or another). */
export async function deleteRunEverywhere(runId: string): Promise<void> {
  if (app.activeRunId === runId) stopRun('cancel');
  else askToStop(runId, 'cancel');
  await whenRunIdle(runId, () => deleteRun(db, runId));
  if (app.ended?.runId === runId) app.ended = null;
}
