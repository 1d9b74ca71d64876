/** The runner's progress on the terminal: a bar, counts, the rate of samples and the ETA (the run loop's), prompt tokens/s, correct of the asked and the prompts not built. */
import { formatDuration } from '../../lib/run/estimate';
import type { RunProgress } from '../../lib/run/loop';

/** A rate of samples as it reads best: samples a second, or, under one every 10 s (a long prompt on a CPU), the time one takes ("4.9 min a sample"). */
export function sampleRateText(msPerSample: number): string {
  if (!(msPerSample > 0) || !Number.isFinite(msPerSample)) return '— samples/s';
  if (msPerSample <= 10_000) return `${(1000 / msPerSample).toFixed(2)} samples/s`;
  return msPerSample < 120_000 ? `${Math.round(msPerSample / 1000)} s a sample` : `${(msPerSample / 60_000).toFixed(1)} min a sample`;
}

export function progressLine(p: RunProgress, promptTokensPerSecond: number, width = 24): string {
  const share = p.total ? p.done / p.total : 1;
  const filled = Math.round(share * width);
  const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
  const eta = p.done < p.total && p.msPerSample > 0 ? formatDuration(p.etaMs / 1000) : '—';
  return `[${bar}] ${p.done}/${p.total} ${(share * 100).toFixed(0)}% · ${sampleRateText(p.msPerSample)} · ${Math.round(promptTokensPerSecond)} prompt tok/s · ETA ${eta} · correct ${p.correct}${p.unbuilt || p.unanswered ? ` of ${p.done - p.unbuilt - p.unanswered} answered` : ''}${p.unbuilt ? ` · ${p.unbuilt} not built (never asked)` : ''}${p.unanswered ? ` · ${p.unanswered} engine errors (asked again on resume)` : ''}`;
}

/** Whole lines to a file or a pipe at most this often (a terminal's line is rewritten in place at every report). */
const PIPED_INTERVAL_MS = 5000;

/**
 * How the runner's progress reaches a stream: rewritten in place on a terminal; as whole lines, at most
 * one each PIPED_INTERVAL_MS and every final one, to a file or a pipe (never a line of carriage returns).
 */
export function statusWriter(stream: { isTTY?: boolean; write(text: string): unknown }, now: () => number = Date.now): (line: string, final?: boolean) => void {
  let last = -Infinity;
  return (line, final) => {
    if (stream.isTTY === true) {
      stream.write(`\r\x1b[2K${line}${final ? '\n' : ''}`);
      return;
    }
    if (!final && now() - last < PIPED_INTERVAL_MS) return;
    last = now();
    stream.write(`${line}\n`);
  };
}
