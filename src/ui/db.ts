/** The page's connection to the shared database. */
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
