/** The worker's handle on the app's IndexedDB database (the page shares it: Dexie broadcasts changes). */
import { ensureBuiltinPacks } from '../src/lib/store/builtin-packs';
import { AppDB } from '../src/lib/store/db';

export const db = new AppDB();

let builtins: Promise<void> | null = null;
/** The built-in packs written where missing or stale, once for this worker (asked again after a failure). */
export function builtinPacksWritten(): Promise<void> {
  builtins ??= ensureBuiltinPacks(db).catch((e: unknown) => {
    builtins = null;
    throw e;
  });
  return builtins;
}
