/** Starting, pausing, resuming and cancelling runs from the page. */
import type { SampleResult } from '../lib/core/types';
import type { RunProgress } from '../lib/run/loop';
import { app } from './app-state.svelte';
import { evalWorker, proxy } from './worker-client';

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
  app.streaming = '';
  let current = '';
  try {
    const outcome = await evalWorker().startRun(
      runId,
      proxy((p: RunProgress) => {
        app.progress = p;
        if (p.currentSampleId && p.currentSampleId !== current) {
          current = p.currentSampleId;
          app.streaming = '';
        }
        if (!p.currentSampleId && p.last) {
          app.streaming = p.last.output;
          for (const listener of resultListeners) listener(p.last);
        }
      }),
      proxy((_id: string, delta: string) => {
        app.streaming += delta;
      }),
    );
    app.ended = { runId, outcome };
  } catch (e) {
    // the worker could not start it (no model loaded, no server…): it marked the run failed with this message
    app.ended = { runId, outcome: { status: 'failed', error: (e as Error).message } };
  } finally {
    app.activeRunId = null;
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
