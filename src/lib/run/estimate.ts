/** Before a run: roughly how long, from the measured speed of earlier runs. */

/** How fast a run went in its latest session, kept on the run so the next setup can estimate from it. */
export interface MeasuredSpeed {
  /** wall ms per sample (with requests in flight together: throughput) */
  msPerSample: number;
  prefillTokensPerSecond: number | null;
  decodeTokensPerSecond: number | null;
  /** samples the figures are over */
  samples: number;
}

/** A past run the estimate may learn from. */
export interface SpeedSource {
  suite: string;
  engine: { kind: string; model: string };
  updatedAt: number;
  speed?: MeasuredSpeed;
}

/** The speed to estimate a new run with: the latest run of the same engine and model, of the same suite if there is one. */
export function speedFor(runs: readonly SpeedSource[], suite: string, engine: { kind: string; model: string }): (MeasuredSpeed & { suiteMatches: boolean }) | null {
  const rank = (r: SpeedSource) => [r.suite === suite ? 1 : 0, r.updatedAt] as const;
  let best: SpeedSource | null = null;
  for (const r of runs) {
    if (!r.speed || r.speed.samples === 0 || r.engine.kind !== engine.kind || r.engine.model !== engine.model) continue;
    const [a, b] = rank(r);
    const [c, d] = best ? rank(best) : [-1, -1];
    if (a > c || (a === c && b > d)) best = r;
  }
  return best?.speed ? { ...best.speed, suiteMatches: best.suite === suite } : null;
}

/** Engines without a model, before any run of theirs: prompt building and scoring (about 15 ms a sample on 2 cores, `npm run bench`). */
export const NO_MODEL_SPEED: MeasuredSpeed & { suiteMatches: boolean } = { msPerSample: 15, prefillTokensPerSecond: null, decodeTokensPerSecond: null, samples: 1, suiteMatches: true };

/**
 * Seconds for a run of `samples` samples: from prompt tokens and token rates where both are known (a catalog
 * sweep's lengths differ from the measured run's), else from the measured time per sample of the same suite.
 */
export function estimateSeconds(samples: number, promptTokens: number | null, maxOutputTokens: number, speed: (MeasuredSpeed & { suiteMatches: boolean }) | null): number | null {
  if (!speed) return null;
  if (promptTokens !== null && speed.prefillTokensPerSecond && speed.decodeTokensPerSecond) {
    // outputs are short calls: assume a third of the cap on average
    return promptTokens / speed.prefillTokensPerSecond + (samples * maxOutputTokens) / 3 / speed.decodeTokensPerSecond;
  }
  return speed.suiteMatches ? (samples * speed.msPerSample) / 1000 : null;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  if (seconds < 1) return 'under 1 s';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
