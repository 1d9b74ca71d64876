/** The page's connection to the shared database. */
import { AppDB } from '../lib/store/db';

export const db = new AppDB();

/** Asks the browser to keep our data (page only; workers cannot ask). */
export async function requestPersistence(): Promise<boolean | null> {
  try {
    return (await navigator.storage?.persist?.()) ?? null;
  } catch {
    return null;
  }
}
