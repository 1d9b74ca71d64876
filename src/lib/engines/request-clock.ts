/**
 * Time bounds on one request to a server: until its first byte (a server that accepts and never
 * answers), between two streamed events (a server that stalls or trickles bytes), and for the whole
 * request. Each bound, when passed, aborts the request and names itself and how to raise it.
 */
import { namedError } from './errors';
import type { RequestTimeouts } from '../core/types';

/** A dead or stalled server fails a request within these; a long prompt on a slow server may need more. */
export const DEFAULT_TIMEOUTS: RequestTimeouts = { firstByteMs: 90_000, streamGapMs: 60_000, requestMs: 600_000 };

export type TimeoutBound = keyof RequestTimeouts;

/** How a user raises each bound, in the runner and in the app. */
export const TIMEOUT_SETTINGS: Record<TimeoutBound, { flag: string; what: string }> = {
  firstByteMs: { flag: '--first-byte-timeout', what: 'no first byte from the server' },
  streamGapMs: { flag: '--stream-gap-timeout', what: 'nothing streamed by the server' },
  requestMs: { flag: '--request-timeout', what: 'the request did not finish' },
};

const TIMEOUT = 'TimeoutError';

export class RequestClock {
  private readonly controller = new AbortController();
  private readonly timers = new Map<TimeoutBound, ReturnType<typeof setTimeout>>();
  private readonly onOuterAbort: () => void;
  /** the bound that aborted the request, if one did */
  expired: TimeoutBound | null = null;

  constructor(
    private readonly limits: RequestTimeouts,
    private readonly outer: AbortSignal,
  ) {
    this.onOuterAbort = () => this.controller.abort(outer.reason);
    if (outer.aborted) this.controller.abort(outer.reason);
    else outer.addEventListener('abort', this.onOuterAbort, { once: true });
    this.arm('requestMs');
  }

  /** aborts on the caller's abort or on a bound passed */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  arm(bound: TimeoutBound): void {
    this.disarm(bound);
    this.timers.set(
      bound,
      setTimeout(() => {
        this.expired ??= bound;
        this.controller.abort(namedError(TIMEOUT, bound));
      }, this.limits[bound]),
    );
  }

  disarm(bound: TimeoutBound): void {
    const t = this.timers.get(bound);
    if (t !== undefined) clearTimeout(t);
    this.timers.delete(bound);
  }

  /** The error of the bound that was passed (call when `expired` is set). */
  error(): Error {
    const bound = this.expired ?? 'requestMs';
    const s = TIMEOUT_SETTINGS[bound];
    const ms = this.limits[bound];
    return namedError(
      TIMEOUT,
      `${s.what} within ${ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(0)} s`} (a long prompt on a slow server may need more: ${s.flag} SECONDS in the runner, the server panel's time limits in the app)`,
    );
  }

  done(): void {
    for (const bound of [...this.timers.keys()]) this.disarm(bound);
    this.outer.removeEventListener('abort', this.onOuterAbort);
  }
}
