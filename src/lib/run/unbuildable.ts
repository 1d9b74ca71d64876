/**
 * Prompts a run cannot build, by cell, found before anything is asked. A sample whose prompt cannot
 * be built is recorded as its build error and asked nothing; a cell none of whose samples can be
 * built measures nothing (a 1K cell of conversations that each need 1.2K tokens), so the run is
 * refused with what to change.
 */
import { type CellColumns, cellText } from '../analysis/format';
import { ContextBudgetError } from '../context/catalog-context';
import type { Cell } from '../core/types';

export interface UnbuildableCells {
  /** samples whose prompt cannot be built */
  unbuilt: number;
  /** the cells none of whose samples can be built, with how many samples each holds */
  wholeCells: { cell: Cell; samples: number }[];
  /** the first sample's reason, in the builder's words */
  first: string | null;
}

/** `failures`: sample id → why its prompt cannot be built, for samples among `ids` only. */
export function unbuildableCells(ids: readonly string[], cellOf: (id: string) => Cell, failures: ReadonlyMap<string, string>): UnbuildableCells {
  const byCell = new Map<string, { cell: Cell; samples: number; unbuilt: number }>();
  for (const id of ids) {
    const cell = cellOf(id);
    const key = JSON.stringify(cell);
    const entry = byCell.get(key) ?? { cell, samples: 0, unbuilt: 0 };
    entry.samples++;
    if (failures.has(id)) entry.unbuilt++;
    byCell.set(key, entry);
  }
  const wholeCells = [...byCell.values()].filter((c) => c.unbuilt === c.samples).map(({ cell, samples }) => ({ cell, samples }));
  return { unbuilt: failures.size, wholeCells, first: failures.values().next().value ?? null };
}

/** What a check before a run finds: the cells none of whose prompts can be built, and the first reason among them. */
export type UnfillableCells = Pick<UnbuildableCells, 'wholeCells' | 'first'>;

/**
 * Before a run starts: the cells none of whose prompts can be built. Each cell's samples are built in
 * run order until one builds, so a cell the packs can fill costs one build and only a cell they cannot
 * fill costs all of its own. A build that fails for another reason (a tokenizer that cannot be reached)
 * is thrown: nothing can be said then.
 */
export async function probeUnbuildableCells(ids: readonly string[], cellOf: (id: string) => Cell, build: (id: string) => Promise<unknown>, signal?: AbortSignal): Promise<UnfillableCells> {
  const filled = new Set<string>();
  const failures = new Map<string, string>();
  for (const id of ids) {
    if (signal?.aborted) break;
    const key = JSON.stringify(cellOf(id));
    if (filled.has(key)) continue;
    try {
      await build(id);
      filled.add(key);
    } catch (e) {
      if (!(e instanceof ContextBudgetError)) throw e;
      failures.set(id, e.message);
    }
  }
  const { wholeCells } = unbuildableCells(ids, cellOf, failures);
  const whole = new Set(wholeCells.map((c) => JSON.stringify(c.cell)));
  const first = [...failures].find(([id]) => whole.has(JSON.stringify(cellOf(id))))?.[1] ?? null;
  return { wholeCells, first };
}

/** The cells none of whose prompts can be built, in words: "1K (60 samples), 2K · JSON (60 samples)". */
export function wholeCellsText(wholeCells: UnbuildableCells['wholeCells'], columns: CellColumns): string {
  return wholeCells.map((c) => `${cellText(c.cell, columns) || 'the only cell'} (${c.samples} samples)`).join(', ');
}
