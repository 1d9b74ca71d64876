/** What the chosen packs offer the catalog and the suites built on it: their tools (each name once) and the requests that can be asked. */
import type { Pack, PackItem, ToolSchema } from '../../core/types';

/** BFCL's checker picks its branch by category name: with a catalog offered, single-call items are checked as 'multiple'. */
export function catalogCategory(category: string): string {
  return category.includes('parallel') ? category : 'multiple';
}

/** Every distinct tool of the packs, unique by name (first one wins). */
export function toolPool(packs: readonly Pack[]): ToolSchema[] {
  const seen = new Map<string, ToolSchema>();
  for (const p of packs) for (const t of p.tools) if (!seen.has(t.name)) seen.set(t.name, t);
  return [...seen.values()];
}

export function eligibleItems(packs: readonly Pack[]): { pack: Pack; item: PackItem }[] {
  return packs.flatMap((pack) => pack.items.filter((item) => item.possibleAnswer.length > 0 && !item.category.includes('irrelevance')).map((item) => ({ pack, item })));
}
