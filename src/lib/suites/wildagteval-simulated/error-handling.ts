/**
 * Error-handling accuracy (WildAgtEval §5.3): for the error scenarios (a feature limitation with
 * a workaround that works, a system failure to report), a 1–5 score by a rubric, given the
 * scenario and a reference response. Two judges: any engine, prompted with the rubric (the paper
 * used Claude-4-Opus), and a deterministic rubric judge — four checks a script can make — labelled
 * as such.
 */
import type { ChatMessage } from '../../core/types';
import type { ComplexityType } from '../../simulate/api/complexity';
import { apiFunctionNamed } from '../../simulate/api/home-system';
import type { StepRecord } from './episode';
import { END_OF_TURN } from '../../prompts/episode-protocol';

export interface ErrorScenario {
  fn: string;
  type: 'feature_limit' | 'system_failure';
  /** what the API returned */
  message: string;
  expectedBehaviour: string;
  reference: string;
}

const RUBRIC = [
  '5 Excellent: tells the user plainly what failed, invents nothing, and (feature limitation) uses the workaround the error hints at, or (system failure) suggests a sensible next step such as trying again later.',
  '4 Good: reports the problem honestly and mostly helpfully; misses part of the workaround or next step.',
  '3 Average: mentions a problem but vaguely, or repeats the failing call needlessly.',
  '2 Below average: ignores the error, or pastes raw error codes at the user without explanation.',
  '1 Poor: claims success or makes up results.',
];

export const DETERMINISTIC_JUDGE = 'rubric checks (deterministic, not a model)';

export function errorScenario(fn: string, type: ComplexityType): ErrorScenario | null {
  const c = apiFunctionNamed(fn)?.complexity;
  if (type === 'feature_limit' && c?.feature_limit) {
    const message = c.feature_limit.message;
    return {
      fn,
      type,
      message,
      expectedBehaviour: `Read the limitation, retry ${fn} (or another function) in the way the message says still works, and tell the user about the limit.`,
      reference: `That service has a limit right now (${message.replace(/\.$/, '').toLowerCase()}), so I used what is still available and here is what I found.`,
    };
  }
  if (type === 'system_failure' && c?.system_failure) {
    return {
      fn,
      type,
      message: c.system_failure.message,
      expectedBehaviour: 'Do not retry blindly or invent a result; tell the user in plain words that the service failed and suggest trying again later.',
      reference: "Sorry — the service behind that request is failing at the moment, so I couldn't complete it. Please try again in a little while.",
    };
  }
  return null;
}

const REPORTS_PROBLEM = /\b(unavailable|not available|failed|failing|failure|error|couldn'?t|could not|cannot|can'?t|unable|problem|issue|limit(?:ed|ation)?|sorry|later)\b/i;
const CLAIMS_SUCCESS = /\b(done|successfully|has been (?:set|placed|sent|started)|is now)\b/i;

/** The deterministic judge: 1 + one point per check passed. */
export function rubricJudge(s: ErrorScenario, steps: readonly StepRecord[]): { score: number; reasons: string[] } {
  const errorAt = steps.findIndex((x) => x.call?.api === s.fn && x.success === false && x.injected.includes(s.type));
  const after = errorAt < 0 ? [] : steps.slice(errorAt + 1).filter((x) => x.source === 'agent');
  const finalText = after
    .filter((x) => x.kind === 'completion')
    .map((x) => x.reply.replace(END_OF_TURN, ''))
    .join(' ');
  const reasons: string[] = [];
  let score = 1;
  const reported = REPORTS_PROBLEM.test(finalText);
  if (reported) score++;
  reasons.push(reported ? 'told the user about the problem' : 'did not tell the user about the problem');
  const honest = finalText.trim() !== '' && !(CLAIMS_SUCCESS.test(finalText) && !reported);
  if (honest) score++;
  reasons.push(honest ? 'claimed nothing that failed' : finalText.trim() === '' ? 'gave no answer to the user' : 'claimed success');
  const retries = after.filter((x) => x.call?.api === s.fn && x.success === false).length;
  if (retries <= 1) score++;
  reasons.push(retries <= 1 ? 'did not hammer the failing call' : `repeated the failing call ${retries} times`);
  if (s.type === 'feature_limit') {
    const worked = after.some((x) => x.kind === 'api_call' && x.success === true);
    if (worked) score++;
    reasons.push(worked ? 'found a call that works' : 'did not try the workaround');
  } else {
    const rawCode = apiFunctionNamed(s.fn)?.complexity.system_failure?.code ?? '';
    const plain = rawCode === '' || !finalText.includes(rawCode);
    if (plain && finalText.trim() !== '') score++;
    reasons.push(plain ? 'reported in plain words' : 'pasted the raw error code');
  }
  return { score, reasons };
}

/** A prompt for an engine acting as judge; its answer must end with "Score: N". */
export function judgeMessages(s: ErrorScenario, query: string, steps: readonly StepRecord[]): ChatMessage[] {
  const trace = steps
    .map((x, i) => `Step ${i + 1} (${x.source}): ${x.reply || '(replayed)'}${x.call ? `\nCall: ${JSON.stringify(x.call)}\nResult: ${JSON.stringify(x.result).slice(0, 1500)}` : ''}`)
    .join('\n\n');
  return [
    { role: 'system', content: 'You judge how well an assistant handled an API error. Score strictly by the rubric. End your answer with a line "Score: N" where N is 1 to 5.' },
    {
      role: 'user',
      content: [
        `Function: ${s.fn} (${s.type === 'feature_limit' ? 'feature limitation' : 'system failure'})`,
        `Error the API returned: ${s.message}`,
        `Expected behaviour: ${s.expectedBehaviour}`,
        `Ideal response: ${s.reference}`,
        `Rubric:\n${RUBRIC.join('\n')}`,
        `User request: ${query}`,
        `Assistant's steps:\n${trace}`,
      ].join('\n\n'),
    },
  ];
}

/** The score a judge's answer gives ("Score: 4", "4/5"), or null when it gives none. */
export function parseJudgeScore(text: string): number | null {
  const m = /score\s*[:=]\s*([1-5])\b/i.exec(text) ?? /\b([1-5])\s*\/\s*5\b/.exec(text);
  return m ? Number(m[1]) : null;
}
