/** Makes sure the built-in packs are in storage, rebuilt when their builder version changes. */
import type { AppDB } from './db';
import { savePack } from './repos';
import { BUILTIN_PACKS } from '../run/builtin-pack-list';

export async function ensureBuiltinPacks(db: AppDB): Promise<void> {
  for (const b of BUILTIN_PACKS) {
    const row = await db.packs.get(b.id);
    if (row && row.version === b.version) continue;
    await savePack(db, b.build(), b.version);
  }
}
