/** Starting, pausing, resuming and cancelling runs from the page. */
import type { RunProgress } from '../lib/run/loop';
import { app } from './app-state.svelte';
import { evalWorker, proxy } from './worker-client';

export async function startRun(runId: string): Promise<void> {
  if (app.activeRunId) return;
  app.activeRunId = runId;
  app.runError = null;
  app.progress = null;
  app.streaming = '';
  let current = '';
  try {
    await evalWorker().startRun(
      runId,
      proxy((p: RunProgress) => {
        app.progress = p;
        if (p.currentSampleId && p.currentSampleId !== current) {
          current = p.currentSampleId;
          app.streaming = '';
        }
        if (!p.currentSampleId && p.last) app.streaming = p.last.output;
      }),
      proxy((_id: string, delta: string) => {
        app.streaming += delta;
      }),
    );
  } catch (e) {
    app.runError = (e as Error).message;
  } finally {
    app.activeRunId = null;
  }
}

export function stopRun(reason: 'pause' | 'cancel'): void {
  void evalWorker().stopRun(reason);
}
