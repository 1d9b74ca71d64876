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
