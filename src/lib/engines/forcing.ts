/**
 * How an engine is made to read a given continuation as its own tokenizer splits it (teacher forcing
 * through a server's sampling fields): a grammar that admits the text alone, and a logit bias that
 * raises every token of the tokenizer's split far above any other. The grammar alone is not enough:
 * greedy under it takes the likeliest token that fits, often a short piece (`p`, `ro`, `j`…), whose
 * path's probability is far below the text's. The reported log-probabilities are the model's own (a
 * server computes them from the raw logits, before bias and grammar).
 */
import type { TokenChoice } from '../core/types';
import { literalGrammar } from '../parsing/call-grammar';

/** Far above any logit gap between tokens that fit the same text. */
const FORCING_BIAS = 100;

export interface Forcing {
  grammar: string;
  /** OpenAI's `logit_bias`: token id → bias; empty when the tokenizer's split is unknown */
  logitBias: Record<string, number>;
}

export function forcingOf(continuation: string, ids: readonly number[] | null): Forcing {
  return { grammar: literalGrammar(continuation), logitBias: Object.fromEntries((ids ?? []).map((id) => [String(id), FORCING_BIAS])) };
}

/**
 * Whether the tokens the engine read are the tokenizer's split: the ones spelling the text (an end
 * token may follow them) are as many as its ids. False when the split is unknown.
 */
export function readAsSplit(tokens: readonly TokenChoice[], continuation: string, ids: readonly number[] | null): boolean {
  if (!ids) return false;
  let spelled = '';
  let n = 0;
  for (const t of tokens) {
    if (spelled.length >= continuation.length) break;
    spelled += t.token;
    n++;
  }
  return spelled === continuation && n === ids.length;
}
