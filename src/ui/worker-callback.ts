/** Callbacks the page lends the evaluation worker for the length of one call. */
import * as Comlink from 'comlink';

export interface WorkerCallback<A extends unknown[]> {
  /** the callback, proxied: pass it to the worker's method */
  readonly proxied: ((...args: A) => void) & Comlink.ProxyMarked;
  /** from now on the worker's calls are dropped: call it as the worker's call settles, before setting the state it ends in */
  readonly close: () => void;
}

/**
 * Comlink carries a proxied callback's calls on a port of their own, apart from the call's result,
 * so the worker's last progress report can arrive after its result; applied then, it would
 * overwrite the state the page set when the call ended (a finished load would show as loading for
 * good, its Load button disabled). Closed, the callback drops such late calls.
 */
export function workerCallback<A extends unknown[]>(callback: (...args: A) => void): WorkerCallback<A> {
  let open = true;
  return {
    proxied: Comlink.proxy((...args: A) => {
      if (open) callback(...args);
    }),
    close: () => {
      open = false;
    },
  };
}
