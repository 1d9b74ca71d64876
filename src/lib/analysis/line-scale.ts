/** What a line chart of accuracies lays out the same way in the app (LineChart) and in the runner's SVG (`pictureSvg`). */

/** The x domain of sorted x values: half a step of room at each end for categories' labels; a single value gets room around it. */
export function lineXDomain(xs: readonly number[], o: { log: boolean; categorical: boolean }): [number, number] {
  const lo = xs[0] ?? 0;
  const hi = xs.at(-1) ?? 1;
  if (o.categorical) return [lo - 0.5, hi + 0.5];
  if (lo === hi) return o.log ? [lo / 2, hi * 2] : [lo - 1, hi + 1];
  return [lo, hi];
}

/**
 * A series' points as the runs of neighbours on the chart's x values (`xs`, sorted): a line joins two
 * points only where the series was measured at every x between them, so no line crosses a place it
 * never measured.
 */
export function measuredRuns<P extends { x: number }>(points: readonly P[], xs: readonly number[]): P[][] {
  const runs: P[][] = [];
  let last = -2;
  for (const p of [...points].sort((a, b) => a.x - b.x)) {
    const at = xs.indexOf(p.x);
    if (at === last + 1 && runs.length) runs.at(-1)?.push(p);
    else runs.push([p]);
    last = at;
  }
  return runs;
}

/** Series i of n nudged sideways (in units before any projector scaling), so series that coincide stay visible. */
export const seriesOffset = (i: number, n: number): number => (n > 1 ? (i - (n - 1) / 2) * Math.min(4, 24 / n) : 0);
