/** Runs as the comparison views take them: a display name and the run's results. */
import type { SampleResult } from '../lib/core/types';

export interface RunSeries {
  id: string;
  name: string;
  results: SampleResult[];
}

export const pct = (v: number | undefined): string => (v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);
