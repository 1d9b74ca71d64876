/** Reading the app's IndexedDB straight from the page, to check what was really stored. */
import type { Page } from '@playwright/test';

export function readStore<T>(page: Page, store: 'results' | 'runs' | 'packs'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('fc-playground');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            resolve(all.result as T[]);
            open.result.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
    store,
  );
}

/** Writes a row straight into one of the app's stores, as an earlier version of the app could have left it. */
export function putRow(page: Page, store: 'runs', row: object): Promise<void> {
  return page.evaluate(
    ([name, value]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fc-playground');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(name, 'readwrite');
          tx.objectStore(name).put(value);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [store, row] as const,
  );
}
