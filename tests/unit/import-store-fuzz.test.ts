/**
 * Issue 35, item 4: corrupted BFCL imports (huge strings, __proto__ keys, wrong types, truncation,
 * junk fields, duplicate keys, odd numbers, deleted fields, odd Unicode, empty files) stored into
 * IndexedDB and read back are each stored exactly as the file says or refused — never altered.
 * `npm run fuzz` runs 1,500 of them. (import-fuzz.test.ts checks the readers themselves on BFCL,
 * CompToolBench and predictions files.)
 */
import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { CORRUPTIONS, importFuzz } from '../../harness/import-fuzz';
import { AppDB } from '../../src/lib/store/db';
import { importBfclFiles, replacedNote } from '../../src/lib/store/repos';

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

describe('a pack imported under a name already stored', () => {
  it('says it replaces the earlier one (not silently); the same file again replaces nothing', async () => {
    const db = new AppDB(`same-id-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const files = (question: string) => [
      {
        name: 'BFCL_v4_simple_python.json',
        text: `${JSON.stringify({ id: 'simple_python_0', question: [[{ role: 'user', content: question }]], function: [{ name: 'f', description: 'd', parameters: { type: 'dict', properties: { a: { type: 'integer', description: 'a' } }, required: ['a'] } }] })}\n`,
      },
      { name: 'possible_answer/BFCL_v4_simple_python.json', text: `${JSON.stringify({ id: 'simple_python_0', ground_truth: [{ f: { a: [1] } }] })}\n` },
    ];
    expect((await importBfclFiles(db, files('first?'))).saved).toEqual({ replaced: false, keptForRuns: 0 });
    expect((await importBfclFiles(db, files('first?'))).saved.replaced).toBe(false);
    const second = await importBfclFiles(db, files('second?'));
    expect(second.saved.replaced).toBe(true);
    expect(replacedNote(second.saved, 'BFCL file x')).toBe(' It replaces the BFCL file x imported before.');
    expect(replacedNote({ replaced: true, keptForRuns: 2 }, 'p')).toBe(' It replaces the p imported before (the 2 runs made with that one keep it).');
  });
});
