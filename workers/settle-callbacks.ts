/** The worker's calls return only after the page has taken every report they sent it. */

type Method = (...args: never[]) => unknown;

/**
 * Comlink carries a callback the page lends a call (a progress report, a streamed token) on a
 * port of its own, apart from the call's result, and the worker does not wait for it: the last
 * report could reach the page after the result and undo the state the page set as the call ended
 * (a finished load shown as loading for good; a completed run at 10 of 12). Each method of `api`
 * that is lent a callback waits, before it returns or throws, until the page has answered the
 * last call it made to each one; a port delivers in order, so every earlier call has been taken too.
 */
export function settlingCallbacks<Api extends Record<string, Method>>(api: Api): Api {
  const settling: Record<string, Method> = {};
  for (const [name, method] of Object.entries(api)) {
    settling[name] = (...args: never[]) => {
      if (!args.some((a) => typeof a === 'function')) return method.apply(api, args);
      const lastCalls: Promise<unknown>[] = [];
      const lent = args.map((a, i) => {
        if (typeof a !== 'function') return a;
        const callback = a as (...xs: unknown[]) => unknown;
        return (...xs: unknown[]) => {
          const answered = Promise.resolve(callback(...xs));
          lastCalls[i] = answered;
          return answered;
        };
      }) as never[];
      const settled = () => Promise.allSettled(lastCalls.filter(Boolean));
      return (async () => {
        try {
          return await method.apply(api, lent);
        } finally {
          await settled();
        }
      })();
    };
  }
  return settling as Api;
}
