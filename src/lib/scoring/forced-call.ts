/**
 * The right call's probability (docs/scoring.md): which text is forced after a sample's prompt, and
 * what the engine's forced tokens make of it. Pure: the run loop asks the engine, this decides what to
 * ask and reads the answer.
 */
import type { CallLogprob, CallMode, ForcedTokens, Sample, TokenChoice } from '../core/types';
import type { OutputFormat } from '../parsing';
import { canonicalCalls } from './bfcl-ast';
import { formatPythonCalls } from '../parsing/format-calls';
import type { Call } from '../core/calls';
import type { QaExpected } from '../core/expected';

/** Candidates kept where the model parts from the right name. */
export const FORCED_TOP_K = 5;

/**
 * The text to force for a sample, or why there is none: the expected first call as the oracle writes
 * it, in the python-call syntax every call prompt of the app asks for, from its `[` through its first
 * argument's name (or, without arguments, through the `()` and the character after it). Its measured
 * part runs from the start through the character after the name, `[name(`, so a name that is a
 * prefix of another (`get` of `get_all`) is told apart; the text forced beyond it keeps the token
 * that holds the `(` whole, as the model writes it (Qwen writes `(member` as one token: `(` alone,
 * at the end of a shorter text, is a token the model never writes there). The expected function is
 * the first call of the first listed answer (catalog, robustness, BFCL) or the first step of a
 * single-turn composition trace.
 */
export function forcedCallText(sample: Pick<Sample, 'expected' | 'tools'>, format: OutputFormat, calls: CallMode = 'prompt'): ForcedCall | { none: string } {
  if (sample.expected.kind === 'qa') return forcedAnswerText(sample.expected.answer);
  if (calls === 'native') return { none: "native tool calls: the server's own template writes the call syntax" };
  if (format !== 'bfcl-python' && format !== 'auto') return { none: `the ${format} call syntax is not forced yet` };
  const call = expectedFirstCall(sample);
  if (!call) return { none: 'the sample expects no single call (an answer, an episode or a multi-turn exchange)' };
  const full = formatPythonCalls([call]);
  const measured = `[${call.name}(`.length;
  const firstArgument = /^\w*/.exec(full.slice(measured))?.[0] ?? '';
  const end = firstArgument ? measured + firstArgument.length : Math.min(full.length, measured + 2);
  return { text: full.slice(0, end), measured };
}

/**
 * Response QA: the expected value as the question asks for it, the whole of it measured — a scalar
 * as written in the response, a number in its shortest decimal form (`42`, `17.5`), a list in the
 * expected order, comma-separated. Other right forms (`42.0`, another order) are not summed in.
 */
function forcedAnswerText(answer: QaExpected): ForcedCall | { none: string } {
  const text = answer.kind === 'scalar' ? answer.value : answer.kind === 'number' ? String(answer.value) : answer.values.join(', ');
  if (text === '' || !/^[\x20-\x7e\u00a0-\uffff]+$/.test(text)) return { none: 'the expected answer is empty or holds control characters' };
  return { text, measured: text.length };
}

/** The text forced after a prompt, and how many of its characters the measure covers. */
export interface ForcedCall {
  text: string;
  /** characters from the start that the measure covers: every token that begins inside them is summed */
  measured: number;
}

function expectedFirstCall(sample: Pick<Sample, 'expected' | 'tools'>): Call | null {
  const e = sample.expected;
  if (e.kind === 'ast') return canonicalCalls(e.possibleAnswer.slice(0, 1), sample.tools)[0] ?? null;
  if (e.kind === 'dag' && e.protocol === 'single-turn') {
    const step = e.steps[0];
    return step ? { name: step.toolName, args: step.arguments } : null;
  }
  return null;
}

/**
 * Reads the forced tokens: those that begin inside the measured characters (an engine may add more
 * after the text, an end token), their sum, and where the model parts from them.
 */
export function callLogprobOf(forced: ForcedCall, { tokens, canonical }: ForcedTokens): CallLogprob {
  const kept: TokenChoice[] = [];
  let spelled = '';
  for (const t of tokens) {
    if (spelled.length >= forced.text.length) break;
    if (spelled.length < forced.measured) kept.push(t);
    spelled += t.token;
  }
  if (spelled !== forced.text) throw new Error(`the engine forced ${JSON.stringify(spelled)}, not ${JSON.stringify(forced.text)}`);
  let parts: CallLogprob['parts'] = null;
  for (let at = 0; at < kept.length && !parts; at++) {
    const t = kept[at] as TokenChoice;
    const top = [...t.top].sort((x, y) => y.logprob - x.logprob);
    const best = top[0];
    // the forced token is the top choice when nothing is likelier (ties keep the forced token first)
    if (best && best.logprob > t.logprob + 1e-9) {
      const index = top.findIndex((c) => c.token === t.token);
      parts = { at, rank: index < 0 ? null : index + 1, top: top.slice(0, FORCED_TOP_K).map((c) => ({ piece: c.token, logprob: c.logprob })) };
    }
  }
  return {
    forced: forced.text,
    tokens: kept.map((t) => ({ piece: t.token, logprob: t.logprob })),
    logprob: kept.reduce((s, t) => s + t.logprob, 0),
    canonical,
    parts,
  };
}

/** A result's right-call probability, P(forced | prompt), or undefined where it has none (no engine logits, no call expected, or another token path than the split). */
export function callProbabilityOf(r: { callLogprob?: CallLogprob }): number | undefined {
  const c = r.callLogprob;
  return c?.canonical ? Math.exp(c.logprob) : undefined;
}
