/** Prompts a run cannot build, found before anything is asked: a cell with none buildable is named, one with some is not. */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../src/lib/core/types';
import { unbuildableCells } from '../../src/lib/run/unbuildable';

const cells: Record<string, Cell> = {
  a1: { length: 1024, variant: 'prose' },
  a2: { length: 1024, variant: 'prose' },
  b1: { length: 1024, variant: 'structured' },
  b2: { length: 1024, variant: 'structured' },
  c1: { length: 4096, variant: 'prose' },
};
const cellOf = (id: string) => cells[id] as Cell;

describe('unbuildable cells', () => {
  it('names the cells none of whose prompts can be built, with their size, and counts the rest', () => {
    const failures = new Map([
      ['a1', 'a1 measures 1,189 tokens'],
      ['a2', 'a2 measures 1,194 tokens'],
      ['b1', 'b1 measures 1,335 tokens'],
    ]);
    const found = unbuildableCells(Object.keys(cells), cellOf, failures);
    expect(found.wholeCells).toEqual([{ cell: { length: 1024, variant: 'prose' }, samples: 2 }]);
    expect(found.unbuilt).toBe(3);
    expect(found.first).toBe('a1 measures 1,189 tokens');
  });

  it('finds nothing when every prompt can be built', () => {
    expect(unbuildableCells(Object.keys(cells), cellOf, new Map())).toEqual({ unbuilt: 0, wholeCells: [], first: null });
  });
});
