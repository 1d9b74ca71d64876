/**
 * KV-cache reuse: an engine that keeps its last prompt's KV cache computes only the part of the
 * next prompt it does not share. Results record how many prompt tokens the engine computed. Whether an
 * engine reuses by default is its kind's (`kvReuseByDefault`, lib/engines/kinds.ts).
 */
import type { ChatMessage, SampleResult } from '../core/types';

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

/** Characters two texts share from their start. */
function sharedStart(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** A prompt as one text, roles marked: what an engine's chat template makes of it, up to the markers' spelling. */
export function promptText(messages: readonly ChatMessage[]): string {
  return messages.map((m) => `<${m.role}>\n${m.content}\n`).join('');
}

/**
 * Of all prompt tokens of prompts sent in this order, the share an engine would not compute when it
 * keeps the KV cache of its last `capacity` prompts (1: an engine keeping only its last prompt, like
 * ours in the tab; more: a server's prefix cache, vLLM's automatic prefix caching or SGLang's radix
 * cache, which holds many — Infinity for one that never evicts). Each prompt reuses its longest start
 * shared with a cached prompt. Approximate by a token or so per prompt where the shared text ends
 * inside a token.
 */
export function reusableShare(prompts: readonly string[], count: (text: string) => number, capacity = 1): { promptTokens: number; reusable: number; share: number } {
  let promptTokens = 0;
  let reusable = 0;
  // most recently used last
  const cache: string[] = [];
  for (const p of prompts) {
    const tokens = count(p);
    promptTokens += tokens;
    let shared = 0;
    let from = -1;
    for (let i = 0; i < cache.length; i++) {
      const s = sharedStart(cache[i] as string, p);
      if (s > shared) {
        shared = s;
        from = i;
      }
    }
    // the engine must compute at least the last token to predict the next one
    if (shared > 0) reusable += Math.min(tokens - 1, count(p.slice(0, shared)));
    if (from >= 0) cache.push(...cache.splice(from, 1));
    cache.push(p);
    if (cache.length > capacity) cache.shift();
  }
  return { promptTokens, reusable, share: promptTokens ? reusable / promptTokens : 0 };
}
