/**
 * Do two engines (or two devices of one) compute the same model? Their greedy tokens for the same
 * prompt, each with the top candidates at its place, compared: identical tokens, or tokens that
 * part only where the model itself hesitates (a near tie on both sides), with logprobs within a
 * stated tolerance. Kernels differ (llama.cpp's CPU path quantizes activations to 8 bits, its
 * WebGPU kernels do not), so bit-equal logprobs are not expected; a swapped clear winner would be a bug.
 */
import type { TokenChoice } from '../core/types';

export interface Agreement {
  /** tokens alike from the start */
  same: number;
  /** tokens the shorter path generated */
  of: number;
  /** where the paths first part, and how far each path's choice led the other's there (nats; Infinity when the other's is not among its candidates) */
  divergence: { at: number; a: string; b: string; marginA: number; marginB: number } | null;
  /** the largest |Δ logprob| of the chosen token over the tokens alike */
  chosenDelta: number;
  /** the first place's candidates: the same tokens, and the largest |Δ logprob| over them */
  firstTop: { sameTokens: boolean; delta: number };
}

export interface Tolerance {
  /** |Δ logprob| allowed on a chosen token */
  chosen: number;
  /** |Δ logprob| allowed among the first place's candidates */
  firstTop: number;
  /** how close two candidates must be (nats) for the paths to part there */
  tie: number;
  /**
   * The second path runs other weights — the first's quantized again (WebLLM's q4f32_1 made from a
   * Q4_K_M file): the first place's candidates may differ at their edge, and where the paths part
   * the second's choice must be a near tie for the first (the reference) only.
   */
  requantized?: boolean;
}

function marginAt(choice: TokenChoice, other: string): number {
  const rival = choice.top.find((t) => t.token === other);
  return rival ? choice.logprob - rival.logprob : Infinity;
}

export function compareGreedy(a: readonly TokenChoice[], b: readonly TokenChoice[]): Agreement {
  const of = Math.min(a.length, b.length);
  let same = 0;
  let chosenDelta = 0;
  while (same < of && a[same]!.token === b[same]!.token) {
    chosenDelta = Math.max(chosenDelta, Math.abs(a[same]!.logprob - b[same]!.logprob));
    same++;
  }
  const at = same < of ? same : null;
  const divergence = at === null ? null : { at, a: a[at]!.token, b: b[at]!.token, marginA: marginAt(a[at]!, b[at]!.token), marginB: marginAt(b[at]!, a[at]!.token) };
  const topA = a[0]?.top ?? [];
  const topB = new Map((b[0]?.top ?? []).map((t) => [t.token, t.logprob]));
  const sameTokens = topA.length === topB.size && topA.every((t) => topB.has(t.token));
  const delta = topA.reduce((m, t) => (topB.has(t.token) ? Math.max(m, Math.abs(t.logprob - topB.get(t.token)!)) : m), 0);
  return { same, of, divergence, chosenDelta, firstTop: { sameTokens, delta } };
}

/** Why two paths do not agree within the tolerance, or null when they do. */
export function disagreement(g: Agreement, tolerance: Tolerance): string | null {
  if (g.of === 0) return 'no tokens to compare';
  if (!g.firstTop.sameTokens && !tolerance.requantized) return 'the first place has other candidates';
  if (g.firstTop.delta > tolerance.firstTop) return `the first place's candidates differ by ${g.firstTop.delta.toFixed(3)} nats (allowed ${tolerance.firstTop})`;
  if (g.chosenDelta > tolerance.chosen) return `a chosen token's logprob differs by ${g.chosenDelta.toFixed(3)} nats (allowed ${tolerance.chosen})`;
  const d = g.divergence;
  if (d && (d.marginA > tolerance.tie || (!tolerance.requantized && d.marginB > tolerance.tie)))
    return `token ${d.at} differs ("${d.a}" / "${d.b}") where it is no near tie: margins ${d.marginA.toFixed(3)} and ${d.marginB.toFixed(3)} nats (a tie is within ${tolerance.tie})`;
  return null;
}

/**
 * llama.cpp's WebGPU kernels against its CPU path on the same stored GGUF. Measured here on SmolLM2
 * (docs/engines-agree.md): the first place's top 5 within 0.07–0.15 nats, chosen tokens drifting up
 * to 0.21 nats over 12 tokens, partings only where the two candidates were 0.01–0.19 nats apart.
 * The bounds leave room for other prompts; a broken kernel or a swapped clear winner is far outside.
 */
export const GPU_CPU_TOLERANCE: Tolerance = { chosen: 0.35, firstTop: 0.35, tie: 0.4 };

/**
 * WebLLM on Qwen2.5-Coder-0.5B's weights made into MLC's q4f32_1 (a second 4-bit quantization of the
 * Q4_K_M file), against llama.cpp on that file. Measured here (docs/engines-agree.md): chosen tokens
 * within 0.06–0.45 nats, the first place's shared candidates within 0.41, its fifth candidate often
 * another, a parting only where llama.cpp's own two candidates were 0.17 nats apart. A broken kernel
 * or a misplaced tensor gives nonsense tokens, far outside.
 */
export const WEBLLM_REQUANTIZED_TOLERANCE: Tolerance = { chosen: 0.6, firstTop: 0.5, tie: 0.4, requantized: true };
