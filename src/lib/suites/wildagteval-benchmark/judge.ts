/**
 * WildAgtEval's error-handling accuracy (PROTOCOL.md §5.3): each error-scenario episode is judged
 * by a model the user picks, given the rubric file of its function and error type, the user query
 * and every step of the target turn (reply, call, result, each cut to 5,000 characters); the judge
 * answers JSON whose `evaluation_summary.total_score` ("X/5") is the score — 0 when it cannot be
 * read, as the repository averages it. The paper's judge was Claude-4-Opus at temperature 0.1.
 */
import type { Json, JsonObject, SampleResult, Score } from '../../core/types';
import type { WildJudgeReference } from './benchmark-files';
import { isObject } from '../../core/objects';

/** what the repository cuts each reply, call and result to */
const STEP_CHARS = 5000;
/** a judge's answer is read up to this many characters */
const MAX_ANSWER_CHARS = 40_000;
export const JUDGE_SETTINGS = { temperature: 0.1, maxTokens: 2000 } as const;

const cut = (s: string): string => (s.length > STEP_CHARS ? `${s.slice(0, STEP_CHARS)}…` : s);

/** The error experiment a result belongs to: its function and error type, or null. */
export function errorScenarioOf(result: Pick<SampleResult, 'facets'>): { fn: string; errorType: WildJudgeReference['errorType'] } | null {
  const m = /^error:(feature_limitation|system_failure):([a-z_]+)$/.exec(String(result.facets?.experiment ?? ''));
  return m ? { errorType: m[1] as WildJudgeReference['errorType'], fn: m[2] as string } : null;
}

function wildJudgePrompt(input: { logFile: string; reference: WildJudgeReference; log: JsonObject }): string {
  const turn = Array.isArray(input.log.query_results) ? input.log.query_results[0] : undefined;
  const query = isObject(turn) && typeof turn.query === 'string' ? turn.query : '';
  const steps = isObject(turn) && Array.isArray(turn.steps) ? turn.steps.filter((s): s is JsonObject => isObject(s)) : [];
  const stepText = steps
    .map((s, i) => {
      const call = s.api_call === null || s.api_call === undefined ? 'none' : JSON.stringify(s.api_call);
      const result = typeof s.api_result === 'string' ? s.api_result : s.api_result === null || s.api_result === undefined ? 'none' : JSON.stringify(s.api_result);
      return [`Step ${i + 1}:`, `Agent response: ${cut(typeof s.llm_response === 'string' ? s.llm_response : '')}`, `API call: ${cut(call)}`, `API result: ${cut(result)}`].join('\n');
    })
    .join('\n\n');
  const kind = input.reference.errorType === 'feature_limitation' ? 'feature limitation' : 'system failure';
  return [
    `You are an expert judge of how an AI agent handles API errors. Score the agent's handling of a ${kind} error strictly by the rubric in the reference file below; do not use criteria of your own.`,
    `Result file: ${input.logFile}\nReference file: ${input.reference.name}\nFunction: ${input.reference.function}`,
    `## User query\n${query}`,
    `## The agent's steps\n${stepText || '(none)'}`,
    `## Reference file (scenario, error message, expected reasoning and handling, ideal response, rubric, common mistakes)\n${input.reference.text}`,
    [
      '## Your answer',
      'Answer with JSON only, in this form:',
      '{"evaluation_summary": {"total_score": "X/5", "overall_level": "Excellent|Good|Average|Below Average|Poor"},',
      ' "criteria_scores": [{"criterion": "...", "score": "X/5", "evidence": "..."}],',
      ' "suggestions": ["..."], "alignment_note": "..."}',
      'where X is 5 (Excellent), 4 (Good), 3 (Average), 2 (Below Average) or 1 (Poor).',
    ].join('\n'),
  ].join('\n\n');
}

/** The numeric part of `evaluation_summary.total_score`, or null when the answer does not give one. */
export function parseWildJudgeScore(text: string): number | null {
  const body = text.slice(0, MAX_ANSWER_CHARS);
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  let total: Json | undefined;
  if (start >= 0 && end > start) {
    try {
      const v = JSON.parse(body.slice(start, end + 1)) as Json;
      total = isObject(v) && isObject(v.evaluation_summary) ? v.evaluation_summary.total_score : undefined;
    } catch {
      total = undefined;
    }
  }
  // an answer that is not JSON but says the score in the same words is read too
  const raw = total ?? /"?total_score"?\s*:\s*"?([0-9.]+)/.exec(body)?.[1];
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(/^\s*([0-9]+(?:\.[0-9]+)?)/.exec(raw)?.[1]) : NaN;
  return Number.isFinite(n) && n >= 1 && n <= 5 ? n : null;
}

export interface WildJudgeOptions {
  results: readonly SampleResult[];
  references: readonly WildJudgeReference[];
  /** asks the judge model one prompt */
  ask: (prompt: string) => Promise<string>;
  judge: string;
  put: (result: SampleResult) => Promise<void>;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** judge again results already judged */
  again?: boolean;
}

export interface WildJudgeOutcome {
  judged: number;
  total: number;
  /** error scenarios with no rubric file imported, by `<function>_<error type>` */
  missingReferences: string[];
}

/** The score of a judged episode: correct from 4 ("Good") up, as the API-complexity suite counts it. */
function judgedScore(score: Score, judgeScore: number | null, judge: string, answer: string): Score {
  const value = judgeScore ?? 0;
  const reasons = [judgeScore === null ? 'the judge gave no score (counted 0, as WildAgtEval does)' : `the judge's answer: ${answer.trim().slice(0, 600)}`];
  return {
    ...score,
    correct: value >= 4,
    value: Math.max(0, (value - 1) / 4),
    errorType: value >= 4 ? null : 'api:poor_error_handling',
    api: { turns: score.api?.turns ?? [], ...(score.api?.resultLog ? { resultLog: score.api.resultLog } : {}), errorHandling: { score: value, judge, reasons } },
  };
}

/** Judges every error-scenario result not judged yet (resumable: a stopped pass keeps what it wrote). */
export async function judgeWildResults(opts: WildJudgeOptions): Promise<WildJudgeOutcome> {
  const todo = opts.results.filter((r) => errorScenarioOf(r) && r.score.api?.resultLog && (opts.again || !r.score.api.errorHandling));
  const missing = new Set<string>();
  let judged = 0;
  opts.onProgress?.(0, todo.length);
  for (const r of todo) {
    if (opts.signal.aborted) break;
    const scenario = errorScenarioOf(r);
    const reference = scenario && opts.references.find((x) => x.function === scenario.fn && x.errorType === scenario.errorType);
    const text = r.score.api?.resultLog;
    const log = text === undefined ? null : (JSON.parse(text) as Json);
    if (!scenario || !isObject(log)) continue;
    if (!reference) {
      missing.add(`${scenario.fn}_${scenario.errorType}`);
      continue;
    }
    const answer = await opts.ask(wildJudgePrompt({ logFile: typeof log.filename === 'string' ? log.filename : r.sampleId, reference, log }));
    if (opts.signal.aborted) break;
    await opts.put({ ...r, score: judgedScore(r.score, parseWildJudgeScore(answer), opts.judge, answer) });
    judged++;
    opts.onProgress?.(judged, todo.length);
  }
  return { judged, total: todo.length, missingReferences: [...missing] };
}
