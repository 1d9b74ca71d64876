/**
 * The right call's probability (docs/scoring.md) as the analyses read it: per result, P(forced name |
 * prompt) where the engine read the forced text as its tokenizer splits it; its mean with an interval
 * over requests; how well it separates right from wrong verdicts (AUC); and the papers' effects on it,
 * with the same paired tests by request as accuracy.
 */
import type { SampleResult } from '../core/types';
import { callProbabilityOf } from '../scoring/forced-call';
import { type ClusteredShare, clusteredShare, requestOf } from './clustered';
import { type EffectFinding, effectsOf } from './findings';
import { Z_ALPHA, Z_BETA } from './stats';

const hasCallProbability = (r: Pick<SampleResult, 'callLogprob'>): boolean => callProbabilityOf(r) !== undefined;

export interface ProbabilitySummary {
  /** results with the measure */
  measured: number;
  /** results whose forced tokens were another path than the tokenizer's split (left out) */
  otherPath: number;
  /** results without it */
  absent: number;
  /** its mean over the measured results, with an interval over requests */
  mean: ClusteredShare | null;
  /** the probability that a right answer's name is more likely than a wrong one's (null: no right or no wrong answer measured) */
  auc: number | null;
  right: number;
  wrong: number;
  /** the same for the papers' question alone: did the answer's first call name the right function (its parameters aside) */
  aucFunction: number | null;
  rightFunction: number;
}

/** The answer named the right function: right, or wrong only in its parameters (the robustness paper's error class). */
const choseFunction = (r: SampleResult): boolean => r.score.correct || r.score.errorClass === 'wrong_parameter';

export function probabilitySummary(results: readonly SampleResult[]): ProbabilitySummary {
  const measured = results.filter(hasCallProbability);
  const logprobs = (keep: (r: SampleResult) => boolean) => measured.filter(keep).map((r) => r.callLogprob!.logprob);
  const right = logprobs((r) => r.score.correct);
  const wrong = logprobs((r) => !r.score.correct);
  const named = logprobs(choseFunction);
  const other = logprobs((r) => !choseFunction(r));
  return {
    measured: measured.length,
    otherPath: results.filter((r) => r.callLogprob && !r.callLogprob.canonical).length,
    absent: results.filter((r) => !r.callLogprob).length,
    mean: measured.length ? clusteredShare(measured, (r) => callProbabilityOf(r) as number, requestOf, 'call-probability') : null,
    auc: right.length && wrong.length ? areaUnderCurve(right, wrong) : null,
    right: right.length,
    wrong: wrong.length,
    aucFunction: named.length && other.length ? areaUnderCurve(named, other) : null,
    rightFunction: named.length,
  };
}

/** Mann–Whitney's AUC: the share of (positive, negative) pairs the score orders rightly, ties counted half. */
export function areaUnderCurve(positives: readonly number[], negatives: readonly number[]): number {
  const all = [...positives.map((v) => ({ v, p: 1 })), ...negatives.map((v) => ({ v, p: 0 }))].sort((a, b) => a.v - b.v);
  let rankSum = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]!.v === all[i]!.v) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (all[k]!.p) rankSum += rank;
    i = j;
  }
  const n1 = positives.length;
  return (rankSum - (n1 * (n1 + 1)) / 2) / (n1 * negatives.length);
}

/** The effects a run of this suite shows on the right call's probability (as `effectsOf` does on accuracy), over the results that carry it. */
export const probabilityEffectsOf = (suite: string, results: readonly SampleResult[]): EffectFinding[] => effectsOf(suite, results.filter(hasCallProbability), 'probability');

/**
 * Requests a paired test over requests needs for power 0.8 at α 0.05 against a difference of `size`
 * given the per-request differences' sd that a contrast detects `detectable` with over `requests`.
 */
export function requestsForPower(detectable: number, requests: number, size: number): number {
  const sd = (detectable * Math.sqrt(requests)) / (Z_ALPHA + Z_BETA);
  return Math.ceil(((Z_ALPHA + Z_BETA) * sd) ** 2 / size ** 2);
}
