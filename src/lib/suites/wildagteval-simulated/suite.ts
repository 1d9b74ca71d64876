/**
 * The API-complexity suite (WildAgtEval on our own compact API system): samples are episodes.
 * Isolated: for each chosen complexity type, each target point of each conversation, off and
 * on (paired: same conversation, same target). Cumulative: each conversation at each rung of
 * the ladder.
 */
import { type EpisodeContext, type EpisodeOutcome, planSource, type PlannedSource } from '../../core/sample-source';
import type { ApiEpisodeScore, ApiExpectation, Sample, Score, ToolSchema } from '../../core/types';
import { messagesTokens, type TokenCounter } from '../../context/token-counter';
import { episodeErrorType } from '../../scoring/api-accuracy';
import type { ApiSystem } from '../../simulate/api/api-system';
import { ComplexityConfig, type ComplexityType, COMPLEXITY_TYPES } from '../../simulate/api/complexity';
import { apiFunctionNamed, BUILTIN_API_SYSTEM } from '../../simulate/api/home-system';
import { toolsApiSystem } from '../../simulate/api/tools-system';
import { createWorld } from '../../simulate/api/world';
import { agentCalls, episodeText, type EvalMode, goldTurns, isErrorType, queryOf, runEpisode, type TurnRecord } from './episode';
import type { OwnApiSetup } from './request-conversations';
import { type WildSimulatedConfig, WILD_SIMULATED_SUITE } from './config';
import { type PlannedEpisode, planWildSimulated } from './plan';
import { DETERMINISTIC_JUDGE, errorScenario, judgeMessages, parseJudgeScore, rubricJudge } from './error-handling';
import { type CallFormat, humanLine, MAX_STEPS_PER_TURN, STOP_SEQUENCES, systemPrompt } from '../../prompts/episode-protocol';

/** The ideal handling of an error target switched on: the hinted workaround and the reference response. */
function scenarioOf(p: Pick<PlannedEpisode, 'conversation' | 'config' | 'target'>, gold: ApiExpectation['gold']): ApiExpectation['errorScenario'] {
  const t = p.target;
  if (!t || !isErrorType(t.type) || !p.config.has(t.type, t.fn)) return undefined;
  const scenario = errorScenario(t.fn, t.type);
  if (!scenario) return undefined;
  const failed = gold[t.turn]?.[t.step];
  const limit = t.type === 'feature_limit' ? apiFunctionNamed(t.fn)?.complexity.feature_limit : undefined;
  const workaround = limit && failed ? limit.workaround(failed.params, createWorld(p.conversation.worldSeed)) : null;
  return { workaround, reference: scenario.reference };
}

function expectationOf(
  p: Pick<PlannedEpisode, 'conversation' | 'wording' | 'config' | 'target'>,
  mode: EvalMode,
  maxSteps = MAX_STEPS_PER_TURN,
  judge: ApiExpectation['judge'] = 'rubric',
  callFormat: CallFormat = 'api-call',
  system: ApiSystem = BUILTIN_API_SYSTEM,
): ApiExpectation {
  const gold = goldTurns(system, p.conversation, p.config).map((turn) => turn.map((c) => system.concreteCall(c)));
  const errorScenario = system === BUILTIN_API_SYSTEM ? scenarioOf(p, gold) : undefined;
  return {
    kind: 'api',
    mode,
    wording: p.wording,
    conversation: p.conversation,
    ...(system === BUILTIN_API_SYSTEM ? {} : { system: 'tools' as const }),
    configName: p.config.name,
    maxSteps,
    judge,
    ...(callFormat !== 'api-call' ? { callFormat } : {}),
    switches: p.config.switches.map(([t, f]) => [t, f]),
    ...(p.target ? { target: { ...p.target } } : {}),
    gold,
    ...(errorScenario ? { errorScenario } : {}),
  };
}

/** The system an episode runs against: the built-in one, or the one simulated from the sample's tools. */
function apiSystemOf(e: ApiExpectation, tools: readonly ToolSchema[]): ApiSystem {
  return e.system === 'tools' ? toolsApiSystem(tools) : BUILTIN_API_SYSTEM;
}

/** The system, configuration, conversation and target of a stored expectation. */
function episodeSpecOf(e: ApiExpectation, system: ApiSystem = BUILTIN_API_SYSTEM) {
  const switches = e.switches.filter((s): s is [ComplexityType, string] => COMPLEXITY_TYPES.includes(s[0] as ComplexityType));
  const target = e.target && COMPLEXITY_TYPES.includes(e.target.type as ComplexityType) ? { ...e.target, type: e.target.type as ComplexityType } : undefined;
  return {
    system,
    conversation: e.conversation,
    wording: e.wording,
    config: new ComplexityConfig(e.configName, switches),
    mode: e.mode,
    ...(target ? { target } : {}),
    callFormat: e.callFormat ?? 'api-call',
  };
}

export interface WildSimulatedSourceOptions {
  config: WildSimulatedConfig;
  counter: TokenCounter;
  /** a system and conversations of the user's own (absent: the built-in ones) */
  own?: OwnApiSetup;
}

const BUILTIN_API_PACK = 'api-system';

export function wildSimulatedSource(opts: WildSimulatedSourceOptions): PlannedSource {
  const system = opts.own?.system ?? BUILTIN_API_SYSTEM;
  const tools = [...system.tools];
  const build = (p: PlannedEpisode): Sample => {
    const first = p.target ? p.target.turn : 0;
    // the prompt as the agent first sees it (earlier turns' results are added at run time)
    const messages = [
      { role: 'system' as const, content: systemPrompt(system.reference(p.config), system.intro, opts.config.callFormat, system.example) },
      { role: 'user' as const, content: humanLine(queryOf(p.conversation, first, p.wording)) },
    ];
    return {
      id: p.id,
      suite: WILD_SIMULATED_SUITE,
      packId: opts.own?.packId ?? BUILTIN_API_PACK,
      itemId: p.target ? `${p.conversation.id}:${p.target.turn}:${p.target.step}` : p.conversation.id,
      cell: p.cell,
      messages,
      tools,
      needleIndexes: [],
      expected: expectationOf(p, opts.config.mode, opts.config.maxSteps, opts.config.judge, opts.config.callFormat, system),
      promptTokens: messagesTokens(opts.counter, messages),
      facets: p.facets,
    };
  };
  return { ...planSource(planWildSimulated(opts.config, opts.own?.conversations, system), build), episode: apiEpisode };
}

/** Runs one episode on the simulated API system, every reply asked of the engine, scored turn by turn (and judged where the engine judges). */
async function apiEpisode(sample: Sample, { ask, model, deterministic }: EpisodeContext): Promise<EpisodeOutcome> {
  const e = sample.expected;
  if (e.kind !== 'api') throw new Error(`sample ${sample.id} is not an episode on the API system`);
  const turns = await runEpisode(episodeSpecOf(e, apiSystemOf(e, sample.tools)), async (messages) => ({ text: await ask({ messages, stop: STOP_SEQUENCES }) }), {
    deterministic,
    maxSteps: e.maxSteps,
  });
  const scenario = judgedScenario(e);
  let judgement: EngineJudgement | undefined;
  if (scenario && e.judge === 'engine') {
    // a verdict needs room whatever the run's answer limit
    const text = await ask({ messages: judgeMessages(scenario, turns[0]?.query ?? '', turns[0]?.steps ?? []), stop: [], minTokens: 256 });
    judgement = { judge: `${model} (the engine under test, given the rubric)`, score: parseJudgeScore(text), text };
  }
  return { score: episodeScore(e, turns, judgement), text: episodeText(turns), calls: agentCalls(turns) };
}

/** The error scenario an episode is judged on, if it is one. */
function judgedScenario(e: ApiExpectation) {
  return e.target && e.errorScenario ? errorScenario(e.target.fn, e.target.type as ComplexityType) : null;
}

/** A verdict of an engine acting as judge: its score (0 when it gave none, as WildAgtEval averages it) and its text. */
interface EngineJudgement {
  judge: string;
  score: number | null;
  text: string;
}

function episodeScore(e: ApiExpectation, turns: readonly TurnRecord[], engineJudgement?: EngineJudgement): Score {
  const api: ApiEpisodeScore = {
    turns: turns.map((t) => ({ turn: t.turn, query: t.query, expected: t.expected, steps: t.steps, success: t.verdict.success, failureReason: t.verdict.failureReason, endedBy: t.endedBy })),
  };
  const scenario = judgedScenario(e);
  if (scenario) {
    const judged = engineJudgement
      ? {
          score: engineJudgement.score ?? 0,
          reasons: [engineJudgement.score === null ? 'the judge gave no score (counted 0, as WildAgtEval does)' : `the judge's answer: ${engineJudgement.text.trim().slice(0, 600)}`],
        }
      : rubricJudge(scenario, turns[0]?.steps ?? []);
    api.errorHandling = { score: judged.score, judge: engineJudgement?.judge ?? DETERMINISTIC_JUDGE, reasons: judged.reasons };
    return { correct: judged.score >= 4, value: (judged.score - 1) / 4, errorType: judged.score >= 4 ? null : 'api:poor_error_handling', errorClass: null, api };
  }
  const passed = turns.filter((t) => t.verdict.success).length;
  const correct = turns.length > 0 && passed === turns.length;
  return { correct, value: turns.length ? passed / turns.length : 0, errorType: episodeErrorType(turns.map((t) => t.verdict)), errorClass: null, api };
}
