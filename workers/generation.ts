/** What this worker is generating now — one run or one side generation at a time — and how it is stopped. */
import { listenForStops } from '../src/lib/store/run-locks';
import type { Engine } from '../src/lib/core/types';
import type { LoadedModel } from '../src/lib/engines/host';
import { engineOf, heldModel } from './models';

/** What this worker is generating now: a run (with its id) or a side generation (rephrasings, drafts). */
let current: { runId: string | null; controller: AbortController } | null = null;
// another tab asks to stop the run this one holds (to delete it, say)
listenForStops((runId, reason) => {
  if (current?.runId === runId) current.controller.abort(reason);
});

/** A generation outside a run (rephrasings, drafts) on the loaded model; one at a time, stopped by stopRun. */
export async function withLoadedModel<T>(purpose: string, work: (engine: Engine, model: LoadedModel, signal: AbortSignal) => Promise<T>): Promise<T> {
  if (current) throw new Error('a run or another generation is in progress');
  const model = heldModel();
  if (!model) throw new Error(`Load a model first (Run tab): ${purpose}.`);
  const engine: Engine = await engineOf(model);
  return withController((signal) => work(engine, model, signal));
}

/** Work outside a run that stopRun can stop (generations on the loaded model, a judge pass on a server); one at a time. */
export async function withController<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (current) throw new Error('a run or another generation is in progress');
  const controller = new AbortController();
  current = { runId: null, controller };
  try {
    return await work(controller.signal);
  } finally {
    current = null;
  }
}

/** Whether a run or a side generation holds this worker now. */
export const busy = (): boolean => current !== null;

/** A run takes this worker (its lock is taken apart, `withRunLock`): its controller, which stopRun and another tab's stop abort. */
export function claimForRun(runId: string): AbortController {
  const controller = new AbortController();
  current = { runId, controller };
  return controller;
}

export function release(): void {
  current = null;
}

/** Stops what this worker is generating now (a run or a side generation). */
export function stopCurrent(reason: 'pause' | 'cancel'): void {
  current?.controller.abort(reason);
}
