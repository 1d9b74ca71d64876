/** Where a multi-turn exchange stands, for engines that answer without a model. */
import type { GenerateRequest, Sample } from '../core/types';

/** Turns already taken: the assistant messages the request has beyond the sample's own. */
export function turnIndex(request: GenerateRequest, sample: Sample): number {
  const count = (ms: readonly { role: string }[]) => ms.filter((m) => m.role === 'assistant').length;
  return count(request.messages) - count(sample.messages);
}

/** A final answer without calls: ends a multi-turn exchange. */
export const DONE_MESSAGE = 'All requested steps are done.';
