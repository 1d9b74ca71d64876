/**
 * KV-cache reuse: an engine that keeps its last prompt's KV cache computes only the part of the
 * next prompt it does not share. Results record how many prompt tokens the engine computed.
 */
import type { SampleResult } from '../core/types';

/**
 * On unless the evidence says otherwise: with SmolLM2-135M on the CPU engine, `npm run bench:model`
 * ran every suite with reuse off and on in the same order (see README, "Reading each token once").
 */
export const KV_REUSE_DEFAULT = true;

export interface PrefillSummary {
  /** results whose engine reported what it computed */
  reported: number;
  promptTokens: number;
  /** prompt tokens the engine computed (the rest came from its cache) */
  prefilledTokens: number;
  /** share of prompt tokens read from the cache */
  reusedShare: number;
}

/** Prompt tokens read vs computed over a run's results; null when no result reports it. */
export function prefillSummary(results: readonly SampleResult[]): PrefillSummary | null {
  let reported = 0;
  let promptTokens = 0;
  let prefilledTokens = 0;
  for (const r of results) {
    if (r.usage?.prefilledTokens === undefined) continue;
    reported++;
    promptTokens += r.usage.promptTokens;
    prefilledTokens += r.usage.prefilledTokens;
  }
  if (reported === 0 || promptTokens === 0) return null;
  return { reported, promptTokens, prefilledTokens, reusedShare: 1 - prefilledTokens / promptTokens };
}
