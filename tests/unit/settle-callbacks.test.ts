/**
 * A worker call's last progress report travels on the callback's own port, apart from its result
 * (Comlink), and could reach the page after it: then it undid the end state the page had set (a
 * completed run shown at 10 of 12; a finished load shown as loading for good). Wrapped, a call
 * returns only once the page has taken every report. Real Comlink over a MessageChannel; the
 * page's callback is held on a gate the test opens, so no timing decides the verdict.
 */
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { settlingCallbacks } from '../../workers/settle-callbacks';

const workerApi = {
  load(progress: (text: string) => void): string {
    progress('50%');
    progress('Ready.');
    return 'loaded';
  },
  count(): number {
    return 3;
  },
  fail(progress: (text: string) => void): string {
    progress('Ready.');
    throw new Error('no model');
  },
};
type WorkerApi = typeof workerApi;

function worker(api: WorkerApi) {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(api, port1);
  return { remote: Comlink.wrap<WorkerApi>(port2), close: () => (port1.close(), port2.close()) };
}

/** a page callback that records what it was told, each report taken only once the gate opens */
function gatedPage() {
  const taken: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let entered!: () => void;
  const firstEntered = new Promise<void>((resolve) => (entered = resolve));
  const callback = Comlink.proxy(async (text: string) => {
    entered();
    await gate;
    taken.push(text);
  });
  return { taken, open, firstEntered, callback };
}

describe('a worker call lent a callback', () => {
  it('returns only after the page has taken its last report; unwrapped, the result came first', async () => {
    const bare = worker(workerApi);
    const early = gatedPage();
    expect(await bare.remote.load(early.callback)).toBe('loaded');
    expect(early.taken).toEqual([]);
    early.open();
    bare.close();

    const settled = worker(settlingCallbacks(workerApi));
    const page = gatedPage();
    let returned = false;
    const call = settled.remote.load(page.callback).then((r) => ((returned = true), r));
    await page.firstEntered;
    expect(returned).toBe(false);
    page.open();
    expect(await call).toBe('loaded');
    expect(page.taken).toEqual(['50%', 'Ready.']);
    settled.close();
  });

  it('a call that throws also waits for its reports, and keeps its error', async () => {
    const settled = worker(settlingCallbacks(workerApi));
    const page = gatedPage();
    let ended = false;
    const call = settled.remote.fail(page.callback).finally(() => (ended = true));
    await page.firstEntered;
    expect(ended).toBe(false);
    page.open();
    await expect(call).rejects.toThrow('no model');
    expect(page.taken).toEqual(['Ready.']);
    settled.close();
  });

  it('a call lent nothing is left as it is', () => {
    expect(settlingCallbacks(workerApi).count()).toBe(3);
  });
});
