/** What a pack holds, in words, as the Packs tab and the Run tab's pack list both say it: only what it has. */
import type { PackRow } from '../../lib/store/db';

const COUNTS: [keyof PackRow, string][] = [
  ['toolCount', 'tools'],
  ['itemCount', 'requests'],
  ['responseCount', 'responses'],
  ['conversationCount', 'conversations'],
  ['taskCount', 'composition tasks'],
];

export const packContents = (p: PackRow, separator = ' · '): string =>
  COUNTS.filter(([k]) => Number(p[k] ?? 0) > 0)
    .map(([k, label]) => `${Number(p[k]).toLocaleString('en-US')} ${label}`)
    .join(separator);
