/** Makes sure the built-in packs are in storage, rebuilt when their builder version changes. */
import { buildCatalogPack, CATALOG_PACK_ID, CATALOG_VERSION } from '../../../datasets/catalog/build';
import { buildConversationsPack, buildResponsesPack, CONVERSATIONS_PACK_ID, RESPONSES_PACK_ID, TRAVEL_VERSION } from '../../../datasets/travel/build';
import { buildCompositionPack, COMPOSITION_PACK_ID, COMPOSITION_VERSION } from '../../../datasets/composition/build';
import type { Pack } from '../core/types';
import type { AppDB } from '../store/db';
import { savePack } from '../store/repos';

const BUILTIN: { id: string; version: number; build: () => Pack }[] = [
  { id: CATALOG_PACK_ID, version: CATALOG_VERSION, build: buildCatalogPack },
  { id: RESPONSES_PACK_ID, version: TRAVEL_VERSION, build: buildResponsesPack },
  { id: CONVERSATIONS_PACK_ID, version: TRAVEL_VERSION, build: buildConversationsPack },
  { id: COMPOSITION_PACK_ID, version: COMPOSITION_VERSION, build: buildCompositionPack },
];

export async function ensureBuiltinPacks(db: AppDB): Promise<void> {
  for (const b of BUILTIN) {
    const row = await db.packs.get(b.id);
    if (row && row.version === b.version) continue;
    await savePack(db, b.build(), b.version);
  }
}
