/** Prompts a run cannot build, found before anything is asked: a cell with none buildable is named, one with some is not. */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../src/lib/core/types';
import { ContextBudgetError } from '../../src/lib/context/catalog-context';
import { probeUnbuildableCells, unbuildableCells } from '../../src/lib/run/unbuildable';

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

describe('probing the cells before a run', () => {
  const tooLong = new Set(['a1', 'a2', 'b1']);
  const probe = (failing: ReadonlySet<string>, built: string[] = []) =>
    probeUnbuildableCells(Object.keys(cells), cellOf, async (id) => {
      built.push(id);
      if (failing.has(id)) throw new ContextBudgetError(`${id} measures 1,2xx tokens`);
    });

  it('names a cell none of whose prompts can be built, with the reason from that cell, and stops at the first prompt that builds elsewhere', async () => {
    const built: string[] = [];
    const found = await probe(tooLong, built);
    expect(found.wholeCells).toEqual([{ cell: { length: 1024, variant: 'prose' }, samples: 2 }]);
    expect(found.first).toBe('a1 measures 1,2xx tokens');
    // b2 built, so the structured cell is fillable; c1 is its cell's first
    expect(built).toEqual(['a1', 'a2', 'b1', 'b2', 'c1']);
  });

  it('builds one prompt per cell the packs can fill', async () => {
    const built: string[] = [];
    expect(await probe(new Set(), built)).toEqual({ wholeCells: [], first: null });
    expect(built).toEqual(['a1', 'b1', 'c1']);
  });

  it('does not take another failure for an unbuildable prompt', async () => {
    await expect(
      probeUnbuildableCells(['a1'], cellOf, async () => {
        throw new Error('tokenizer unreachable');
      }),
    ).rejects.toThrow('tokenizer unreachable');
  });
});
