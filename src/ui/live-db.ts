/** The page's connection to the shared database. */
import { liveQuery } from 'dexie';
import { readable, type Readable } from 'svelte/store';
import { AppDB } from '../lib/store/db';

/**
 * The worker writes runs and results while the page watches them with liveQuery.
 * Dexie's query cache applies the page's own writes optimistically; under load we
 * saw it keep a run's 'queued' row after the worker had completed it (a stale
 * cache entry). Without the cache the page re-reads after each committed change.
 */
export const db = new AppDB('fc-playground', { cache: 'disabled' });

/** Asks the browser to keep our data (page only; workers cannot ask). */
export async function requestPersistence(): Promise<boolean | null> {
  try {
    return (await navigator.storage?.persist?.()) ?? null;
  } catch {
    return null;
  }
}

/**
 * A liveQuery that updates its readers at most every `ms`: a run rewrites its row at every result,
 * and a view that re-reads and re-renders every run at each of them slowed the run it watched.
 * The first value comes at once, the latest one always arrives (trailing).
 */
export function throttledLiveQuery<T>(query: () => Promise<T>, ms: number): Readable<T | undefined> {
  return readable<T | undefined>(undefined, (set) => {
    let last = 0;
    let latest: { value: T } | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      last = Date.now();
      if (latest) set(latest.value);
      latest = null;
    };
    const subscription = liveQuery(query).subscribe({
      next: (value) => {
        latest = { value };
        const wait = last + ms - Date.now();
        if (wait <= 0 && !timer) flush();
        else timer ??= setTimeout(flush, Math.max(wait, 0));
      },
      error: () => undefined,
    });
    return () => {
      subscription.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  });
}
