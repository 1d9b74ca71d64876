/**
 * One forced reading (docs/scoring.md): the engine reads the forced text after the request's prompt,
 * its KV cache reused, greedy, and the measure is read off its tokens. The run loop and the needle
 * explorer both read this way; the engine is handed the text, never the sample.
 */
import type { CallLogprob, Engine, GenerateRequest } from '../core/types';
import { callLogprobOf, FORCED_TOP_K, type ForcedCall } from '../scoring/forced-call';

/** Answer tokens allowed beyond the forced text's characters (an end token; never reached by a name's tokens). */
const FORCED_SLACK_TOKENS = 4;

export async function readForced(engine: Engine, request: GenerateRequest, forced: ForcedCall, signal: AbortSignal): Promise<CallLogprob> {
  if (!engine.scoreContinuation) throw new Error(`the ${engine.info.kind} engine gives no log-probabilities`);
  const { grammar: _grammar, ...free } = request;
  const tokens = await engine.scoreContinuation({ ...free, kvReuse: true, temperature: 0, maxTokens: forced.text.length + FORCED_SLACK_TOKENS }, forced.text, FORCED_TOP_K, signal);
  return callLogprobOf(forced, tokens);
}
