/**
 * WildAgtEval's runner protocol as its code implements it (../shared/reference/wildagteval/PROTOCOL.md §2–3):
 * one text prompt per step — the system file with the step-by-step suffix, then the whole history
 * as `Human:` / `Assistant:` / `<API_RESPONSE>` blocks separated by blank lines; replies parsed
 * End of Turn first, then the first well-formed `<API_CALL>`; isolated target points replayed from gold.
 */
import { isDict, type PyValue } from '../../core/pyvalue';
import type { WildConversation } from './benchmark-files';
import { tagBodies } from '../../parsing/json-calls';
import { JsonError, parseJsonValue } from '../../parsing/json-value';
import { invokeWildTool, type WildCallOutcome } from './world/registry';
import type { GoldCall } from './world/gold-replay';
import type { WildState } from './world/state';
import { STEP_BY_STEP_SUFFIX } from './step-by-step-suffix';

export const WILD_STOP_SEQUENCES = ['<API_RESPONSE>', '<USER_QUERY>', 'H:'] as const;
export const WILD_MAX_STEPS = 15;
const END_OF_TURN = '<end of turn>';
/** a reply is read up to this many characters (a model that never stops cannot make parsing slow) */
const MAX_REPLY_CHARS = 40_000;

export type WildEntry = { kind: 'human'; text: string } | { kind: 'assistant'; text: string } | { kind: 'api_response'; result: string };

/** The system text: the imported prompt file with the evaluator's sequential-execution instructions appended. */
export const wildSystemText = (promptFile: string): string => promptFile + STEP_BY_STEP_SUFFIX;

function entryText(e: WildEntry): string {
  if (e.kind === 'human') return `Human: ${e.text}`;
  if (e.kind === 'assistant') return `Assistant: ${e.text}`;
  return `<API_RESPONSE>\nAPI Result: ${e.result}\n</API_RESPONSE>`;
}

/** `ConversationHistory.get_full_prompt`: the system text and every entry, blank lines between; sent as one user message. */
export function wildPrompt(system: string, history: readonly WildEntry[]): string {
  return [system, ...history.map(entryText)].join('\n\n');
}

export type WildReply = { kind: 'completion' } | { kind: 'api_call'; call: GoldCall } | { kind: 'unknown' };

/** `parse_llm_response`: `<End of Turn>` in any case first; then the first `<API_CALL>` whose body is JSON with `api` and `params`; then the old `TASK_COMPLETED:` forms. */
export function parseWildReply(text: string): WildReply {
  const t = text.slice(0, MAX_REPLY_CHARS);
  if (t.toLowerCase().includes(END_OF_TURN)) return { kind: 'completion' };
  for (const body of tagBodies(t, '<API_CALL>', '</API_CALL>')) {
    let v: PyValue;
    try {
      v = parseJsonValue(body.trim());
    } catch (e) {
      if (e instanceof JsonError) continue;
      throw e;
    }
    if (v !== null && isDict(v) && typeof v.api === 'string' && 'params' in v) return { kind: 'api_call', call: { api: v.api, params: v.params ?? null } };
  }
  if (/TASK_COMPLETED:|Task completed:/.test(t)) return { kind: 'completion' };
  return { kind: 'unknown' };
}

export interface TargetPoint {
  /** 0-based turn and step within the turn's gold calls */
  turn: number;
  step: number;
  fn: string;
}

export interface TargetLimits {
  /** at most this many points per function and conversation (`target_functions_unclear.yaml`: 4) */
  perFunction?: number;
}

/**
 * `find_target_points`: every gold position of a target function; `get_user_inventory` only at
 * its first occurrence in the conversation; with limits, at most `perFunction` of any other.
 */
export function findTargetPoints(conversation: WildConversation, targets: ReadonlySet<string>, limits: TargetLimits = {}): TargetPoint[] {
  const points: TargetPoint[] = [];
  const seen = new Map<string, number>();
  conversation.turns.forEach((turn, t) =>
    turn.gold.forEach((call, s) => {
      if (!targets.has(call.api)) return;
      const n = seen.get(call.api) ?? 0;
      const max = call.api === 'get_user_inventory' ? 1 : (limits.perFunction ?? Infinity);
      if (n >= max) return;
      seen.set(call.api, n + 1);
      points.push({ turn: t, step: s, fn: call.api });
    }),
  );
  return points;
}

interface ReplayedStep {
  call: GoldCall;
  outcome: WildCallOutcome;
}

export interface GoldHistory {
  history: WildEntry[];
  /** the target turn's replayed gold steps (what a result log records as `[GT_EXECUTION]`) */
  targetTurnSteps: ReplayedStep[];
}

/**
 * The history the agent sees at a target point (teacher forcing): earlier turns replayed from
 * gold — each query, then each gold call's result only (no assistant message) — then the target
 * turn's query and its gold calls before the target; the target call itself too when
 * `replayTarget` (the function is under complexity: the agent is judged on what it does with that result).
 */
export function goldHistory(state: WildState, conversation: WildConversation, point: TargetPoint, replayTarget: boolean): GoldHistory {
  const history: WildEntry[] = [];
  const targetTurnSteps: ReplayedStep[] = [];
  const replay = (call: GoldCall, record: boolean): void => {
    const outcome = invokeWildTool(state, call.api, call.params);
    history.push({ kind: 'api_response', result: outcome.text });
    if (record) targetTurnSteps.push({ call, outcome });
  };
  conversation.turns.slice(0, point.turn + 1).forEach((turn, t) => {
    history.push({ kind: 'human', text: turn.query });
    const upto = t < point.turn ? turn.gold.length : point.step + (replayTarget ? 1 : 0);
    for (const call of turn.gold.slice(0, upto)) replay(call, t === point.turn);
  });
  return { history, targetTurnSteps };
}

/** The gold calls from the target step on: what the agent is compared with (`expected_api_sequence`). */
export const expectedFrom = (conversation: WildConversation, point: TargetPoint): GoldCall[] => conversation.turns[point.turn]?.gold.slice(point.step) ?? [];
