/**
 * The results of the run a report shows, kept up to date without re-reading them: read once in
 * chunks (the report shows the first thousands while the rest load), then each result the run
 * writes is added from the worker's progress message, a few times a second. A re-read happens only
 * when the stored count moves without this tab's worker writing (a run file opened over it).
 */
import type { SampleResult } from '../../lib/core/types';
import { runResultChunks } from '../../lib/store/repos';
import { app } from '../app-state.svelte';
import { db } from '../live-db';

/** ms between two updates of the report while a run writes */
const FLUSH_MS = 300;
/** results per read while a report opens, and ms between two showings of what is read so far */
const READ_CHUNK = 2500;
const SHOW_WHILE_READING_MS = 1000;

export class LiveResults {
  results: SampleResult[] = $state.raw([]);
  /** while the first read is under way: how many are in */
  loading: { read: number } | null = $state.raw({ read: 0 });
  private readonly seen = new Set<string>();
  private pending: SampleResult[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private generation = 0;

  constructor(readonly runId: string) {}

  /** Starts reading and following; returns the function that stops both. */
  start(): () => void {
    void this.read();
    return () => {
      this.stopped = true;
      if (this.timer) clearTimeout(this.timer);
    };
  }

  /** A result this tab's worker has just written. */
  add(result: SampleResult): void {
    if (result.runId !== this.runId || this.seen.has(result.id)) return;
    this.seen.add(result.id);
    this.pending.push(listed(result));
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Reads every result again (after they were changed in place, e.g. judged). */
  reload(): void {
    if (!this.stopped) void this.read();
  }

  /** The stored count the run row reports: when it is not what this list holds and no run of this tab explains it, read again. */
  reconcile(storedDone: number): void {
    if (this.loading || this.stopped) return;
    const active = app.activeRunId === this.runId;
    if (!active && storedDone !== this.results.length + this.pending.length) void this.read();
  }

  private flush(): void {
    this.timer = null;
    if (this.stopped || this.pending.length === 0) return;
    // the first read puts them in place when it ends
    if (this.loading) return void (this.timer = setTimeout(() => this.flush(), FLUSH_MS));
    this.results = mergeByIndex(this.results, this.pending);
    this.pending = [];
  }

  private async read(): Promise<void> {
    const generation = ++this.generation;
    const current = () => !this.stopped && generation === this.generation;
    this.loading = { read: 0 };
    // what the worker reports during the read stays pending (and seen), so a chunk that also holds it does not add it twice
    this.seen.clear();
    for (const r of this.pending) this.seen.add(r.id);
    const all: SampleResult[] = [];
    // the views recompute over everything read so far: the first chunk at once, then a few times a second
    let shownAt = -Infinity;
    for await (const chunk of runResultChunks(db, this.runId, READ_CHUNK)) {
      if (!current()) return;
      for (const r of chunk) {
        if (this.seen.has(r.id)) continue;
        this.seen.add(r.id);
        all.push(listed(r));
      }
      this.loading = { read: all.length };
      if (performance.now() - shownAt >= SHOW_WHILE_READING_MS) {
        this.results = all.slice();
        shownAt = performance.now();
      }
    }
    if (!current()) return;
    this.results = mergeByIndex(all, this.pending);
    this.pending = [];
    this.loading = null;
  }
}

/**
 * A result as the report keeps it: without what only its detail shows (the parsed calls, the
 * timings, the token counts unless they say what came from a KV cache), which the detail reads
 * from storage — a third of the memory of 100,000 results.
 */
function listed(r: SampleResult): SampleResult {
  const { calls: _calls, timings: _timings, usage, ...kept } = r;
  return { ...kept, calls: null, timings: null, usage: usage?.prefilledTokens !== undefined ? usage : null };
}

/** Two lists into one in index order; `sorted` already is, `added` is small. */
function mergeByIndex(sorted: readonly SampleResult[], added: readonly SampleResult[]): SampleResult[] {
  const extra = [...added].sort((a, b) => a.index - b.index);
  const out: SampleResult[] = [];
  let j = 0;
  for (const r of sorted) {
    while (j < extra.length && (extra[j] as SampleResult).index < r.index) out.push(extra[j++] as SampleResult);
    out.push(r);
  }
  while (j < extra.length) out.push(extra[j++] as SampleResult);
  return out;
}
