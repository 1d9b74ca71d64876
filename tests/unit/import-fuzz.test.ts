/**
 * Issue 35, item 4: corrupted pack imports (huge strings, __proto__ keys, wrong types, truncation,
 * junk fields, duplicate keys, odd numbers, deleted fields, odd Unicode, empty files) are each stored
 * exactly as the file says or refused — never stored altered. `npm run fuzz` runs 1,500 of them.
 */
import { describe, expect, it } from 'vitest';
import { CORRUPTIONS, importFuzz } from '../../bench/import-fuzz';

describe('corrupted BFCL imports', () => {
  it('are stored exactly or refused, never altered; texts are bounded', async () => {
    const figures = await importFuzz(120, 7);
    for (const kind of CORRUPTIONS) expect(figures[kind].altered, kind).toBe(0);
    // a text of two million characters is bounded: refused, naming record and field
    expect(figures['huge-string'].exact).toBe(0);
    // the campaign does reach both outcomes
    expect(Object.values(figures).reduce((n, f) => n + f.exact, 0)).toBeGreaterThan(10);
    expect(Object.values(figures).reduce((n, f) => n + f.refused, 0)).toBeGreaterThan(10);
  });
});
