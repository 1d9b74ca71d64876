/** What an engine is asked for one sample: the run's settings, the sample's messages, and its grammar when constrained. */
import type { GenerateRequest, Sample } from '../core/types';
import { buildCallGrammar } from '../parsing/call-grammar';
import type { OutputFormat } from '../parsing';
import { CONSTRAINED } from '../suites/catalog';

export function requestFor(base: Omit<GenerateRequest, 'messages'>, sample: Sample, format: OutputFormat): GenerateRequest {
  const request: GenerateRequest = { ...base, messages: sample.messages };
  if (sample.cell.variant === CONSTRAINED) request.grammar = buildCallGrammar(sample.tools, format === 'json' ? 'json' : 'bfcl-python');
  return request;
}
