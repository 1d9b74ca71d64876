/**
 * Several engines as one (one per server replica): each request goes to the one with the fewest in
 * flight; a forced continuation goes to the engine that answered its prompt, whose KV cache holds it.
 * A replica that stops answering (its engine gave up after its retries) is set aside for a while and
 * its request asked of another: the run goes on while any replica answers, and fails — resumable —
 * only when none does.
 */
import type { Engine } from '../core/types';
import { SERVER_UNAVAILABLE } from './errors';

/** How long a replica that stopped answering is left out before it is asked again. */
export const REPLICA_REST_MS = 30_000;

export function createEnginePool(engines: readonly Engine[], now: () => number = () => Date.now()): Engine {
  const first = engines[0];
  if (!first) throw new Error('an engine pool needs at least one engine');
  if (engines.length === 1) return first;
  const inFlight = engines.map(() => 0);
  /** until when each replica is left out (0: in) */
  const restUntil = engines.map(() => 0);
  /** which engine last read a prompt, by its messages (the same list for an answer and its forced continuation) */
  const readBy = new WeakMap<object, number>();
  const up = (i: number) => (restUntil[i] as number) <= now();
  /** the replica in with the fewest in flight, not among `tried`; null when none is left */
  const least = (tried: ReadonlySet<number> = new Set()): number | null => {
    let pick: number | null = null;
    for (let i = 0; i < engines.length; i++) {
      if (tried.has(i) || !up(i)) continue;
      if (pick === null || (inFlight[i] as number) < (inFlight[pick] as number)) pick = i;
    }
    return pick;
  };
  /** asks `preferred` (or the least busy), and on a replica that stopped answering each other one still in, once */
  async function ask<T>(preferred: number | null, signal: AbortSignal, question: (e: Engine, pick: number) => Promise<T>): Promise<T> {
    const tried = new Set<number>();
    let pick = preferred !== null && up(preferred) ? preferred : (least() ?? preferred ?? 0);
    for (;;) {
      const current = pick;
      tried.add(current);
      inFlight[current]!++;
      try {
        return await question(engines[current] as Engine, current);
      } catch (e) {
        if (signal.aborted || (e as Error | null)?.name !== SERVER_UNAVAILABLE) throw e;
        restUntil[current] = now() + REPLICA_REST_MS;
        const next = least(tried);
        if (next === null) throw e;
        pick = next;
      } finally {
        inFlight[current]!--;
      }
    }
  }
  const scoring = engines.every((e) => e.scoreContinuation);
  return {
    info: { ...first.info, id: `${first.info.id}×${engines.length}` },
    generate(request, signal, onToken) {
      return ask(null, signal, (e, pick) => {
        readBy.set(request.messages, pick);
        return e.generate(request, signal, onToken);
      });
    },
    ...(scoring
      ? {
          scoreContinuation: (request, continuation, topK, signal) =>
            ask(readBy.get(request.messages) ?? null, signal, (e) => (e.scoreContinuation as NonNullable<Engine['scoreContinuation']>).call(e, request, continuation, topK, signal)),
        }
      : {}),
  };
}
