/**
 * Prompts a run cannot build, by cell, found before anything is asked. A sample whose prompt cannot
 * be built is recorded as its build error and asked nothing; a cell none of whose samples can be
 * built measures nothing (a 1K cell of conversations that each need 1.2K tokens), so the run is
 * refused with what to change.
 */
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
