/**
 * A worker's progress report can land after its call's result (Comlink carries a proxied
 * callback's calls on a port of their own): closed as the call settles, the page's callback drops
 * it, so the state the page set at the end stays. Real Comlink over a MessageChannel.
 */
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { workerCallback } from '../../src/ui/worker-callback';

/** a worker whose last progress report is sent after its result, then tells the page it has been handled */
function lateReportingWorker() {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(
    {
      load(progress: (text: string) => Promise<void>, handled: () => void): string {
        setTimeout(() => void progress('Ready.').then(() => handled()), 0);
        return 'loaded';
      },
    },
    port1,
  );
  return { remote: Comlink.wrap<{ load(progress: (text: string) => void, handled: () => void): string }>(port2), close: () => (port1.close(), port2.close()) };
}

describe('a callback lent to the worker', () => {
  it('drops the report that arrives after the call ended; an open one would have overwritten the end state', async () => {
    for (const closeIt of [true, false]) {
      const worker = lateReportingWorker();
      let state: string | null = 'Starting…';
      let handled!: () => void;
      const lateHandled = new Promise<void>((resolve) => (handled = resolve));
      const progress = workerCallback((text: string) => (state = text));
      try {
        expect(
          await worker.remote.load(
            progress.proxied,
            Comlink.proxy(() => handled()),
          ),
        ).toBe('loaded');
      } finally {
        if (closeIt) progress.close();
        state = null;
      }
      await lateHandled;
      expect(state).toBe(closeIt ? null : 'Ready.');
      worker.close();
    }
  });

  it('passes every call on while open', () => {
    const seen: number[] = [];
    const progress = workerCallback((n: number) => seen.push(n));
    progress.proxied(1);
    progress.proxied(2);
    progress.close();
    progress.proxied(3);
    expect(seen).toEqual([1, 2]);
  });
});
