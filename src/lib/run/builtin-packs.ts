/** Makes sure the built-in packs are in storage, rebuilt when their builder version changes. */
import { buildCatalogPack, CATALOG_PACK_ID, CATALOG_VERSION } from '../../../datasets/catalog/build';
import type { AppDB } from '../store/db';
import { savePack } from '../store/repos';

export async function ensureBuiltinPacks(db: AppDB): Promise<void> {
  const row = await db.packs.get(CATALOG_PACK_ID);
  if (row && row.version === CATALOG_VERSION) return;
  await savePack(db, buildCatalogPack(), CATALOG_VERSION);
}
