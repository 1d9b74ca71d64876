/**
 * The right call's probability (docs/scoring.md): which text is forced after a sample's prompt, and
 * what the engine's forced tokens make of it. Pure: the run loop asks the engine, this decides what to
 * ask and reads the answer.
 */
import type { CallLogprob, CallMode, ForcedTokens, Sample, TokenChoice } from '../core/types';
import type { OutputFormat } from '../parsing';
import { answerName } from './bfcl-ast';

/** Candidates kept where the model parts from the right name. */
export const FORCED_TOP_K = 5;

/**
 * The text to force for a sample, or why there is none. The python-call syntax every call prompt of
 * the app asks for, `[name(`, up to the character after the expected function's name — so a name that
 * is a prefix of another (`get` of `get_all`) is told apart. The expected function is the first call
 * of the first listed answer (a catalog, robustness or BFCL answer) or the first step of a
 * single-turn composition trace.
 */
export function forcedCallText(sample: Pick<Sample, 'expected'>, format: OutputFormat, calls: CallMode = 'prompt'): { text: string } | { none: string } {
  if (calls === 'native') return { none: "native tool calls: the server's own template writes the call syntax" };
  if (format !== 'bfcl-python' && format !== 'auto') return { none: `the ${format} call syntax is not forced yet` };
  const name = expectedFirstName(sample.expected);
  return name ? { text: `[${name}(` } : { none: 'the sample expects no single call (an answer, an episode or a multi-turn exchange)' };
}

function expectedFirstName(e: Sample['expected']): string | null {
  if (e.kind === 'ast') {
    const first = e.possibleAnswer[0];
    return first ? answerName(first) : null;
  }
  if (e.kind === 'dag' && e.protocol === 'single-turn') return e.steps[0]?.toolName ?? null;
  return null;
}

/** Reads the forced tokens: the tokens that spell `forced` (an engine may add an end token after them), their sum, and where the model parts from them. */
export function callLogprobOf(forced: string, { tokens, canonical }: ForcedTokens): CallLogprob {
  const kept: TokenChoice[] = [];
  let spelled = '';
  for (const t of tokens) {
    if (spelled.length >= forced.length) break;
    kept.push(t);
    spelled += t.token;
  }
  if (spelled !== forced) throw new Error(`the engine forced ${JSON.stringify(spelled)}, not ${JSON.stringify(forced)}`);
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
    forced,
    tokens: kept.map((t) => ({ piece: t.token, logprob: t.logprob })),
    logprob: kept.reduce((s, t) => s + t.logprob, 0),
    canonical,
    parts,
  };
}

/** The right call's probability, P(forced | prompt). */
export const callProbability = (c: CallLogprob): number => Math.exp(c.logprob);
