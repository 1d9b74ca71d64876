/** Before a run: how many samples, how many prompt tokens, roughly how long. */
import type { CatalogSweep } from '../suites/catalog';

export interface RunEstimate {
  samples: number;
  promptTokens: number;
  /** null when there is no speed to go by */
  seconds: number | null;
}

export interface Speed {
  prefillTokensPerSecond: number;
  decodeTokensPerSecond: number;
}

export function estimateCatalogRun(sweep: CatalogSweep, maxOutputTokens: number, speed: Speed | null, available: number): RunEstimate {
  const perCell = Math.min(sweep.samplesPerCell, available) * Math.max(1, sweep.variants?.length ?? 0);
  const samples = perCell * sweep.lengths.length * sweep.positions.length;
  const promptTokens = perCell * sweep.positions.length * sweep.lengths.reduce((a, b) => a + b, 0);
  // outputs are short calls: assume a third of the cap on average
  const seconds = speed ? promptTokens / speed.prefillTokensPerSecond + (samples * maxOutputTokens) / 3 / speed.decodeTokensPerSecond : null;
  return { samples, promptTokens, seconds };
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
