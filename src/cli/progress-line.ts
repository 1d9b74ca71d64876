/** The runner's progress on the terminal: a bar, counts, samples/s, prompt tokens/s and the ETA. */
import { formatDuration } from '../lib/run/estimate';
import type { RunProgress } from '../lib/run/loop';

export interface Throughput {
  samplesPerSecond: number;
  promptTokensPerSecond: number;
}

export function progressLine(p: RunProgress, t: Throughput, width = 24): string {
  const share = p.total ? p.done / p.total : 1;
  const filled = Math.round(share * width);
  const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
  const eta = p.done < p.total && t.samplesPerSecond > 0 ? formatDuration((p.total - p.done) / t.samplesPerSecond) : '—';
  return `[${bar}] ${p.done}/${p.total} ${(share * 100).toFixed(0)}% · ${t.samplesPerSecond.toFixed(2)} samples/s · ${Math.round(t.promptTokensPerSecond)} prompt tok/s · ETA ${eta} · correct ${p.correct}`;
}
