/**
 * Several engines as one (one per server replica): each request goes to the one with the fewest in
 * flight; a forced continuation goes to the engine that answered its prompt, whose KV cache holds it.
 */
import type { Engine } from '../core/types';

export function createEnginePool(engines: readonly Engine[]): Engine {
  const first = engines[0];
  if (!first) throw new Error('an engine pool needs at least one engine');
  if (engines.length === 1) return first;
  const inFlight = engines.map(() => 0);
  /** which engine last read a prompt, by its messages (the same list for an answer and its forced continuation) */
  const readBy = new WeakMap<object, number>();
  const least = () => {
    let pick = 0;
    for (let i = 1; i < engines.length; i++) if ((inFlight[i] as number) < (inFlight[pick] as number)) pick = i;
    return pick;
  };
  async function on<T>(pick: number, ask: (e: Engine) => Promise<T>): Promise<T> {
    inFlight[pick]!++;
    try {
      return await ask(engines[pick] as Engine);
    } finally {
      inFlight[pick]!--;
    }
  }
  const scoring = engines.every((e) => e.scoreContinuation);
  return {
    info: { ...first.info, id: `${first.info.id}×${engines.length}` },
    generate(request, sample, signal, onToken) {
      const pick = least();
      readBy.set(request.messages, pick);
      return on(pick, (e) => e.generate(request, sample, signal, onToken));
    },
    ...(scoring
      ? {
          scoreContinuation: (request, continuation, topK, signal) =>
            on(readBy.get(request.messages) ?? least(), (e) => (e.scoreContinuation as NonNullable<Engine['scoreContinuation']>).call(e, request, continuation, topK, signal)),
        }
      : {}),
  };
}
