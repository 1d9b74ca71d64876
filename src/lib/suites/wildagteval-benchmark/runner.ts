/**
 * WildAgtEval's runner: a target point (isolated, turn-level teacher forcing) or a whole
 * conversation (cumulative) run against an engine on the re-implemented API system, written as
 * its result logs (`query_results[].steps[]`), which its analyzer — and ours — score.
 */
import { pyJsonDumps } from '../../core/py-json';
import type { PyValue } from '../../core/pyvalue';
import type { WildConversation } from './benchmark-files';
import { invokeWildTool } from './world/registry';
import type { GoldCall } from './world/gold-replay';
import { createWildState, type Databases, type WildState } from './world/state';
import { dict } from './world/values';
import { isTargetReplayed, runsCrossTurn, switchSet, type WildExperiment } from './experiments';
import { expectedFrom, goldHistory, parseWildReply, type TargetPoint, WILD_MAX_STEPS, WILD_STOP_SEQUENCES, type WildEntry, wildPrompt } from './protocol';

/** What an engine is told besides the prompt: only an oracle (which answers the gold) reads `expected`. */
interface WildTurnContext {
  /** the gold calls of the turn from where the agent starts, and how many of its calls the agent has made */
  expected: readonly GoldCall[];
  callsMade: number;
}

export type WildGenerate = (prompt: string, stop: readonly string[], context: WildTurnContext) => Promise<string>;

/** One step of a result log, in its field names (what the analyzer reads: api_call, api_success, api_result). */
interface WildLogStep {
  step_number: number;
  llm_response: string;
  parsed_action: { type: 'gt_execution' | 'api_call' | 'completion' | 'thinking' };
  api_call: { api: string; params: unknown } | null;
  api_result: string | null;
  api_success: boolean | null;
  ground_truth_api: { api: string; params: unknown } | null;
  prediction_correct: boolean | null;
}

interface WildQueryResult {
  query: string;
  expected_api_sequence: { api: string; params: unknown }[];
  steps: WildLogStep[];
  target_function?: string;
  target_location?: string;
  cross_turn_evaluation?: boolean;
}

export interface WildResultLog {
  evaluation_type: 'turn_level_teacher_forcing' | 'step_by_step';
  filename: string;
  user_id: string;
  model: string;
  uncertainty_config: string;
  query_results: WildQueryResult[];
}

/** a call as the log records it: its parameters kept as Python values (28.0 stays a float when the log is written) */
const plainCall = (c: GoldCall) => ({ api: c.api, params: c.params ?? dict({}) });
const sameCall = (a: GoldCall, b: GoldCall | undefined): boolean => b !== undefined && a.api === b.api && pyJsonDumps(a.params ?? {}) === pyJsonDumps(b.params ?? {});

interface TurnRun {
  steps: WildLogStep[];
  history: WildEntry[];
}

/**
 * The agent's loop for one turn (`execute_step_by_step_inference`): up to 15 replies; a call is
 * executed and kept in the history with its result, compared with the gold call at the same position;
 * a completion ends the turn; a reply that is neither is recorded but not kept.
 */
async function agentTurn(state: WildState, system: string, history: WildEntry[], gold: readonly GoldCall[], goldBefore: number, firstStep: number, generate: WildGenerate): Promise<TurnRun> {
  const steps: WildLogStep[] = [];
  let position = goldBefore;
  for (let i = 0; i < WILD_MAX_STEPS; i++) {
    const reply = await generate(wildPrompt(system, history), WILD_STOP_SEQUENCES, { expected: gold.slice(goldBefore), callsMade: position - goldBefore });
    const parsed = parseWildReply(reply);
    const truth = gold[position];
    const step: WildLogStep = {
      step_number: firstStep + steps.length,
      llm_response: reply,
      parsed_action: { type: parsed.kind === 'unknown' ? 'thinking' : parsed.kind },
      api_call: null,
      api_result: null,
      api_success: null,
      ground_truth_api: truth ? plainCall(truth) : null,
      prediction_correct: null,
    };
    steps.push(step);
    if (parsed.kind === 'completion') break;
    if (parsed.kind === 'unknown') continue;
    const outcome = invokeWildTool(state, parsed.call.api, parsed.call.params);
    step.api_call = plainCall(parsed.call);
    step.api_result = outcome.text;
    step.api_success = outcome.success;
    step.prediction_correct = truth ? sameCall(parsed.call, truth) : null;
    history.push({ kind: 'assistant', text: reply }, { kind: 'api_response', result: outcome.text });
    position++;
  }
  return { steps, history };
}

export interface WildRunInput {
  /** the copy the experiment's code reads (see databasesFor) */
  databases: Databases;
  conversation: WildConversation;
  experiment: WildExperiment;
  /** the system text (prompt file + suffix) of the experiment's prompt variant */
  system: string;
  generate: WildGenerate;
  model: string;
}

/** One isolated target point: gold history up to the target, then the agent; the next turn too when the target ends its turn. */
export async function runTargetPoint(input: WildRunInput, point: TargetPoint): Promise<WildResultLog> {
  const { conversation, experiment } = input;
  const state = createWildState(input.databases, conversation.user, undefined, switchSet(experiment.switches), experiment.code);
  const replayTarget = isTargetReplayed(experiment, point.fn);
  const { history, targetTurnSteps } = goldHistory(state, conversation, point, replayTarget);
  const gold = conversation.turns[point.turn]?.gold ?? [];
  const goldSteps: WildLogStep[] = targetTurnSteps.map((s, i) => ({
    step_number: i + 1,
    llm_response: '[GT_EXECUTION]',
    parsed_action: { type: 'gt_execution' },
    api_call: plainCall(s.call),
    api_result: s.outcome.text,
    api_success: s.outcome.success,
    ground_truth_api: null,
    prediction_correct: null,
  }));
  const agent = await agentTurn(state, input.system, history, gold, point.step + (replayTarget ? 1 : 0), goldSteps.length + 1, input.generate);
  const results: WildQueryResult[] = [
    {
      query: conversation.turns[point.turn]?.query ?? '',
      expected_api_sequence: expectedFrom(conversation, point).map(plainCall),
      steps: [...goldSteps, ...agent.steps],
      target_function: point.fn,
      target_location: `Turn ${point.turn}, Step ${point.step}`,
    },
  ];
  const next = conversation.turns[point.turn + 1];
  if (point.step === gold.length - 1 && next && runsCrossTurn(experiment, point.fn)) {
    // as in the repository, the next query is appended twice (once by the cross-turn code, once by the loop)
    agent.history.push({ kind: 'human', text: next.query }, { kind: 'human', text: next.query });
    const cross = await agentTurn(state, input.system, agent.history, next.gold, 0, 1, input.generate);
    results.push({ query: next.query, expected_api_sequence: next.gold.map(plainCall), steps: cross.steps, cross_turn_evaluation: true });
  }
  return {
    evaluation_type: 'turn_level_teacher_forcing',
    filename: `${conversation.name.replace(/\.jsonl$/, '')}_TurnLevelTF_Turn${point.turn}_Step${point.step}_${point.fn}.json`,
    user_id: conversation.user,
    model: input.model,
    uncertainty_config: experiment.configFile,
    query_results: results,
  };
}

/** A whole conversation, the agent's own calls and results kept across turns; nothing reset to gold. */
export async function runConversation(input: WildRunInput): Promise<WildResultLog> {
  const { conversation, experiment } = input;
  const state = createWildState(input.databases, conversation.user, undefined, switchSet(experiment.switches), experiment.code);
  let history: WildEntry[] = [];
  const results: WildQueryResult[] = [];
  for (const turn of conversation.turns) {
    history.push({ kind: 'human', text: turn.query });
    const run = await agentTurn(state, input.system, history, turn.gold, 0, 1, input.generate);
    history = run.history;
    results.push({ query: turn.query, expected_api_sequence: turn.gold.map(plainCall), steps: run.steps });
  }
  return {
    evaluation_type: 'step_by_step',
    filename: `${conversation.name.replace(/\.jsonl$/, '')}.json`,
    user_id: conversation.user,
    model: input.model,
    uncertainty_config: experiment.configFile,
    query_results: results,
  };
}

/** A result log as WildAgtEval's runner writes it (Python's `json.dumps`: ints and floats kept apart, keys in order). */
export function wildLogText(log: WildResultLog): string {
  return pyJsonDumps(log as unknown as PyValue);
}

/** The oracle: answers each turn's gold calls in order, then ends the turn. It is an oracle, not a model. */
export const wildOracle: WildGenerate = async (_prompt, _stop, { expected, callsMade }) => {
  const next = expected[callsMade];
  return next ? `<API_CALL>${pyJsonDumps(dict({ api: next.api, params: next.params ?? dict({}) }))}</API_CALL>` : 'Done. <End of Turn>';
};
