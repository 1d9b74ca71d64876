/** Where a multi-turn exchange stands, and what an answer looks like, for engines that answer without a model. */
import type { GenerateRequest, GenerateResult, Sample } from '../core/types';

/** An answer no model read the prompt for: no tokens generated, no engine time (so no prompt tokens/s either). */
export const scriptedResult = (text: string, sample: Sample): GenerateResult => ({
  text,
  finishReason: 'stop',
  usage: { promptTokens: sample.promptTokens, completionTokens: 0 },
  timings: { prefillMs: 0, decodeMs: 0 },
});

/** Turns already taken: the assistant messages the request has beyond the sample's own. */
export function turnIndex(request: GenerateRequest, sample: Sample): number {
  const count = (ms: readonly { role: string }[]) => ms.filter((m) => m.role === 'assistant').length;
  return count(request.messages) - count(sample.messages);
}

/** A final answer without calls: ends a multi-turn exchange. */
export const DONE_MESSAGE = 'All requested steps are done.';
