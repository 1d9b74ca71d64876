/**
 * One runner per run across tabs (Web Locks). A tab's worker holds its run's lock while it
 * generates; the browser frees it when that tab closes, reloads or crashes, so a run that is
 * "running" without a held lock was interrupted and can be resumed, and one with a held lock is
 * shown read-only elsewhere. A stop asked from another tab travels on a BroadcastChannel.
 */
const LOCK_PREFIX = 'fc-playground:run:';
const CHANNEL = 'fc-playground:runs';

export const RUN_BUSY = 'RunBusyError';

type RunMessage = { type: 'stop'; runId: string; reason: 'pause' | 'cancel' };

const locks = (): LockManager | null => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null);

/** Runs `fn` holding the run's lock; throws RunBusyError at once when another tab holds it. */
export async function withRunLock<T>(runId: string, fn: () => Promise<T>): Promise<T> {
  const manager = locks();
  if (!manager) return fn();
  return manager.request(LOCK_PREFIX + runId, { ifAvailable: true }, async (lock) => {
    if (!lock) throw Object.assign(new Error('This run is running in another tab; it is shown here live, read-only.'), { name: RUN_BUSY });
    return fn();
  });
}

/** Waits (up to `timeoutMs`) for the run's lock, then runs `fn` holding it: no runner can write meanwhile. */
export async function whenRunIdle<T>(runId: string, fn: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const manager = locks();
  if (!manager) return fn();
  try {
    return await manager.request(LOCK_PREFIX + runId, { signal: AbortSignal.timeout(timeoutMs) }, fn);
  } catch (e) {
    if ((e as Error).name === 'TimeoutError') throw new Error(`The run did not stop within ${Math.round(timeoutMs / 1000)} s; nothing was deleted.`);
    throw e;
  }
}

/** Ids of the runs some tab (this one included) is generating now. */
export async function heldRunLocks(): Promise<Set<string>> {
  const manager = locks();
  if (!manager) return new Set();
  const { held = [] } = await manager.query();
  return new Set(held.flatMap((l) => (l.name?.startsWith(LOCK_PREFIX) ? [l.name.slice(LOCK_PREFIX.length)] : [])));
}

/** Asks whichever tab runs `runId` to stop it. */
export function askToStop(runId: string, reason: 'pause' | 'cancel'): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'stop', runId, reason } satisfies RunMessage);
  channel.close();
}

/** Calls `onStop` when another tab asks for a run to stop; returns the unsubscribe. */
export function listenForStops(onStop: (runId: string, reason: 'pause' | 'cancel') => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<RunMessage>) => {
    const m = e.data;
    if (m && m.type === 'stop' && typeof m.runId === 'string' && (m.reason === 'pause' || m.reason === 'cancel')) onStop(m.runId, m.reason);
  };
  return () => channel.close();
}
