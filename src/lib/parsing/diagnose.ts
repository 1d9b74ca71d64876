/**
 * Why an output that did not parse is not a list of calls, in words a reader of the results can
 * act on (seen in real models' answers: function definitions in a Python fence, prose around
 * the call, answers cut off by the output limit). It explains; it never changes a verdict.
 */
import type { ParseError } from './parse-result';

const DEFINITION = /^[ \t]*def[ \t]+[^\s(]+[ \t]*\(/m;
const BARE_CALL = /^[A-Za-z_][\w.]*[ \t]*\(/;

export function whyNotCalls(text: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  if (DEFINITION.test(t)) return 'the answer defines a function (def …) instead of calling one';
  if (t.includes('```')) return t.startsWith('```') && t.endsWith('```') ? 'the answer is in a code fence' : 'the answer mixes a code fence and prose';
  if (/^[A-Za-z]/.test(t) && !BARE_CALL.test(t)) return 'the answer is prose, not a list of calls';
  return null;
}

/** `kind: message`, with the reason when one can be told, and whether the output limit cut the answer off. */
export function describeParseError(text: string, error: ParseError, cutOff = false): string {
  const why = whyNotCalls(text);
  return `${error.kind}: ${error.message}${why ? ` (${why})` : ''}${cutOff ? ' — cut off at the output limit' : ''}`;
}
