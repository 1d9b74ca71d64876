/** Runs as the comparison views take them: a display name and the run's results. */
import type { SampleResult } from '../../lib/core/types';

export interface RunSeries {
  id: string;
  name: string;
  results: SampleResult[];
}

export const pct = (v: number | undefined): string => (v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);

/**
 * Series names that tell runs apart: runs with the same name (a setup repeated with another seed)
 * get " · 2", " · 3"… in the order given, so views that key and label by name show each of them.
 */
export function distinctNames<T extends { name: string }>(series: readonly T[]): T[] {
  const total = new Map<string, number>();
  for (const s of series) total.set(s.name, (total.get(s.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return series.map((s) => {
    if ((total.get(s.name) ?? 0) < 2) return s;
    const n = (seen.get(s.name) ?? 0) + 1;
    seen.set(s.name, n);
    return { ...s, name: `${s.name} · ${n}` };
  });
}
