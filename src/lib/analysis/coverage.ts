/** What a stopped run has covered of its grid: which cells are complete, partly done, not started. */
import { type Cell, cellKey } from '../core/types';

interface CellCoverage {
  cell: Cell;
  planned: number;
  done: number;
}

export interface Coverage {
  cells: CellCoverage[];
  complete: number;
  partial: number;
  notStarted: number;
  /** the smallest share of its samples any cell has */
  minShare: number;
}

export function coverage(planned: readonly Cell[], done: readonly Cell[]): Coverage {
  const cells = new Map<string, CellCoverage>();
  for (const cell of planned) {
    const k = cellKey(cell);
    const c = cells.get(k);
    if (c) c.planned++;
    else cells.set(k, { cell, planned: 1, done: 0 });
  }
  for (const cell of done) {
    const c = cells.get(cellKey(cell));
    if (c) c.done++;
  }
  const all = [...cells.values()];
  return {
    cells: all,
    complete: all.filter((c) => c.done >= c.planned).length,
    partial: all.filter((c) => c.done > 0 && c.done < c.planned).length,
    notStarted: all.filter((c) => c.done === 0).length,
    minShare: all.length ? Math.min(...all.map((c) => Math.min(1, c.done / c.planned))) : 1,
  };
}
