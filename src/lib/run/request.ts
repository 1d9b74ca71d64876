/** What an engine is asked for one sample: the run's settings, the sample's messages, and its grammar when constrained. */
import { type CallMode, CONSTRAINED, type GenerateRequest, type Sample } from '../core/types';
import { NativeToolsError, withoutToolList } from '../prompts/native-tools';
import { buildCallGrammar, DEFAULT_GRAMMAR_LIMITS, type GrammarLimits } from '../parsing/call-grammar';
import type { OutputFormat } from '../parsing';

/**
 * A sample is decoded under the grammar of its offered tools when its cell is the catalog's
 * constrained variant, or when the whole run is constrained and the answer is calls (not a QA answer).
 */
export function requestFor(base: Omit<GenerateRequest, 'messages'>, sample: Sample, format: OutputFormat, runConstrained = false, calls: CallMode = 'prompt'): GenerateRequest {
  const request: GenerateRequest = { ...base, messages: sample.messages };
  // each answer of a repeated sample samples with its own seed (they differ only when the temperature is above 0)
  if (sample.repeat) request.seed = (base.seed ?? 0) + sample.repeat - 1;
  const e = sample.expected;
  if (calls === 'native') {
    if (e.kind === 'qa' || e.kind === 'api' || e.kind === 'wild' || (e.kind === 'dag' && e.protocol === 'multi-turn'))
      throw new NativeToolsError('native tool calls are for samples answered with one set of calls (tool catalog, robustness, single-turn composition)');
    request.messages = withoutToolList(sample.messages, sample.tools);
    request.tools = sample.tools;
  }
  // a native request leaves the call syntax to the server's own tool template
  // WildAgtEval's replies mix prose, calls and end-of-turn marks: never under a call grammar
  const constrained = calls === 'prompt' && e.kind !== 'wild' && (sample.cell.variant === CONSTRAINED || (runConstrained && e.kind !== 'qa'));
  if (constrained) request.grammar = buildCallGrammar(sample.tools, format === 'json' ? 'json' : 'bfcl-python', grammarLimits(sample));
  return request;
}

function grammarLimits(sample: Sample): GrammarLimits {
  const e = sample.expected;
  if (e.kind !== 'dag') return DEFAULT_GRAMMAR_LIMITS;
  // a whole trace in one answer may need every step; in a multi-turn exchange `[]` ends it
  return { ...DEFAULT_GRAMMAR_LIMITS, maxCalls: Math.max(DEFAULT_GRAMMAR_LIMITS.maxCalls, e.steps.length + 1), minCalls: e.protocol === 'multi-turn' ? 0 : 1 };
}
