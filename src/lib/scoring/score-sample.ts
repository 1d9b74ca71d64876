/** Scoring one sample's output: parse, check strictly, check leniently, classify the error. */
import { toPlain } from '../core/pyvalue';
import type { DagExpectation, Sample, Score } from '../core/types';
import { type OutputFormat, parseCalls, type ParseResult } from '../parsing';
import type { Call } from '../core/calls';
import { describeParseError } from '../parsing/diagnose';
import { checkBfclSample, classifyError } from './bfcl-ast';
import { scoreDag } from './dag';
import { checkBfclSampleLenient } from './lenient';
import { scoreQa } from './qa';
import { type QaExpected } from '../core/expected';

export interface ScoredOutput {
  score: Score;
  calls: { name: string; args: unknown }[] | null;
  parseError: string | null;
}

/** Calls as stored and shown: every argument name, integers exact (bigints beyond 2^53). */
export function plainCalls(calls: readonly Call[]): { name: string; args: unknown }[] {
  return calls.map((c) => ({ name: c.name, args: toPlain(c.args, 'exact') }));
}

/**
 * `calls`, when given, are the calls already collected (a multi-turn
 * exchange); otherwise they are parsed from `output`.
 */
export function scoreSample(sample: Sample, output: string, format: OutputFormat = 'bfcl-python', calls?: readonly Call[], cutOff = false): ScoredOutput {
  const e = sample.expected;
  if (e.kind === 'qa') return scoreAnswer(output, e.answer);
  // an API-system episode is scored turn by turn as it runs (suites/wildagteval-simulated), never from its text
  if (e.kind === 'api' || e.kind === 'wild') return { score: { correct: false, value: 0, errorType: 'api:not_an_episode', errorClass: null }, calls: null, parseError: null };
  const parsed: ParseResult = calls ? { ok: true, calls: [...calls] } : parseCalls(output, format);
  const parseError = parsed.ok ? null : describeParseError(output, parsed.error, cutOff);
  if (e.kind === 'dag') return scoreTrace(sample, e, parsed, parseError);
  const strict = checkBfclSample(e.category, sample.tools, e.possibleAnswer, parsed);
  const lenient = checkBfclSampleLenient(e.category, sample.tools, e.possibleAnswer, parsed);
  const otherFormat = !parsed.ok && !calls && format !== 'auto' ? parseCalls(output, 'auto') : null;
  return {
    score: {
      correct: strict.valid,
      value: strict.valid ? 1 : 0,
      errorType: strict.errorType,
      errorClass: classifyError(strict, parsed.ok ? parsed.calls : null, e.possibleAnswer),
      lenientCorrect: lenient.valid,
      ...(otherFormat ? { rightCallOtherFormat: otherFormat.ok && checkBfclSample(e.category, sample.tools, e.possibleAnswer, otherFormat).valid } : {}),
    },
    calls: parsed.ok ? plainCalls(parsed.calls) : null,
    parseError,
  };
}

/** CompToolBench's DAG score; an answer without calls is its E10_format_error. */
function scoreTrace(sample: Sample, e: DagExpectation, parsed: ParseResult, parseError: string | null): ScoredOutput {
  const calls = parsed.ok ? parsed.calls : [];
  const dag = scoreDag({ taskId: sample.itemId, level: e.level, steps: e.steps }, calls);
  return {
    score: { correct: dag.overall >= FULL_MARKS, value: dag.overall, errorType: dag.errorType, errorClass: null, dag },
    calls: parsed.ok ? plainCalls(parsed.calls) : null,
    parseError,
  };
}

/** A composed task is counted correct only with every sub-score at 1 (L0 is binary anyway). */
const FULL_MARKS = 1 - 1e-9;

/** A free-text answer: exact (after normalization, order-free for lists, numeric with tolerance) and 'contains'. */
function scoreAnswer(output: string, expected: QaExpected): ScoredOutput {
  const qa = scoreQa(output, expected);
  const errorType = qa.exact ? null : output.trim() === '' ? 'qa:empty' : qa.contains ? 'qa:verbose' : 'qa:wrong_answer';
  return { score: { correct: qa.exact, value: qa.exact ? 1 : 0, errorType, errorClass: null, contains: qa.contains }, calls: null, parseError: null };
}
