/** Several engines as one (one per server replica): each request goes to the one with the fewest in flight. */
import type { Engine } from '../core/types';

export function createEnginePool(engines: readonly Engine[]): Engine {
  const first = engines[0];
  if (!first) throw new Error('an engine pool needs at least one engine');
  if (engines.length === 1) return first;
  const inFlight = engines.map(() => 0);
  return {
    info: { ...first.info, id: `${first.info.id}×${engines.length}` },
    async generate(request, sample, signal, onToken) {
      let pick = 0;
      for (let i = 1; i < engines.length; i++) if ((inFlight[i] as number) < (inFlight[pick] as number)) pick = i;
      inFlight[pick]!++;
      try {
        return await (engines[pick] as Engine).generate(request, sample, signal, onToken);
      } finally {
        inFlight[pick]!--;
      }
    },
  };
}
