/**
 * The API-complexity suite (WildAgtEval on our own compact API system): samples are episodes.
 * Isolated: for each chosen complexity type, each target point of each conversation, off and
 * on (paired: same conversation, same target). Cumulative: each conversation at each rung of
 * the ladder.
 */
import { hashString, Rng } from '../../core/random';
import { type EpisodeContext, type EpisodeOutcome, type PlannedSample, planSource, type PlannedSource } from '../../core/sample-source';
import type { ApiEpisodeScore, ApiExpectation, Sample, Score, ToolSchema } from '../../core/types';
import { messagesTokens, type TokenCounter } from '../../context/token-counter';
import { type ApiCallRecord, episodeErrorType } from '../../scoring/api-accuracy';
import type { ApiSystem } from '../../simulate/api/api-system';
import { BASE_TYPES, ComplexityConfig, type ComplexityType, COMPLEXITY_TYPES, CUMULATIVE_LADDER, type FunctionComplexity, NO_COMPLEXITY, switchesOf } from '../../simulate/api/complexity';
import { apiFunctionNamed, ASSIGNMENTS, BUILTIN_API_SYSTEM } from '../../simulate/api/home-system';
import { toolsApiSystem } from '../../simulate/api/tools-system';
import { createWorld } from '../../simulate/api/world';
import { builtinConversations, type Conversation, type Wording } from './conversations';
import { agentCalls, episodeText, type EvalMode, goldTurns, isErrorType, queryOf, runEpisode, targetPoints, type TargetPoint, type TurnRecord } from './episode';
import type { OwnApiSetup } from './request-conversations';
import { DETERMINISTIC_JUDGE, errorScenario, judgeMessages, parseJudgeScore, rubricJudge } from './error-handling';
import { type CallFormat, humanLine, MAX_STEPS_PER_TURN, STOP_SEQUENCES, systemPrompt } from '../../prompts/episode-protocol';

const API_COMPLEXITY_SUITE = 'api-complexity';

export interface ApiComplexityConfig {
  mode: EvalMode;
  /** isolated: the types evaluated, each off and on */
  types: ComplexityType[];
  /** cumulative: the rungs of the ladder (by name) */
  ladder: string[];
  wordings: Wording[];
  /** the first N built-in conversations; 0 = all */
  conversations: number;
  /** isolated: at most this many target points per type (seeded choice); 0 = all */
  perType: number;
  /** replies allowed per turn (the paper: 15; fewer keeps a slow device's run short) */
  maxSteps?: number;
  /** error handling judged by the rubric checks (default) or by the engine under test given the rubric (the paper: a strong LLM) */
  judge?: 'rubric' | 'engine';
  /** how replies write calls (default WildAgtEval's `<API_CALL>`) */
  callFormat?: CallFormat;
  /** the user's own tools and requests (a "yours" pack) instead of the built-in system and conversations */
  packId?: string;
  seed: number;
}

/** Table 3's four API-accuracy types, plus the two error types (judged) — the paper's isolated setting. */
export const DEFAULT_API_COMPLEXITY: ApiComplexityConfig = {
  mode: 'isolated',
  types: ['ad_hoc', 'unclear', 'notice', 'irrelevant', 'feature_limit', 'system_failure'],
  ladder: CUMULATIVE_LADDER.map((r) => r.name),
  wordings: ['coref'],
  conversations: 0,
  perType: 0,
  seed: 7,
  maxSteps: MAX_STEPS_PER_TURN,
  judge: 'rubric',
  callFormat: 'api-call',
};

const SWITCH_OFF = 'off';
const SWITCH_ON = 'on';

/**
 * The two sides of an isolated experiment. A type of the paper's base environment is measured
 * against no complexity; any other against the base, with every function carrying it switched on.
 */
function isolatedPair(type: ComplexityType, assignments: ReadonlyMap<string, FunctionComplexity> = ASSIGNMENTS): { off: ComplexityConfig; on: ComplexityConfig } {
  if (BASE_TYPES.includes(type)) return { off: NO_COMPLEXITY, on: new ComplexityConfig(type, switchesOf(assignments, [type])) };
  return { off: new ComplexityConfig('base', switchesOf(assignments, BASE_TYPES)), on: new ComplexityConfig(`base+${type}`, switchesOf(assignments, [...BASE_TYPES, type])) };
}

function ladderConfig(name: string, assignments: ReadonlyMap<string, FunctionComplexity> = ASSIGNMENTS): ComplexityConfig {
  const rung = CUMULATIVE_LADDER.find((r) => r.name === name);
  if (!rung) throw new Error(`no rung '${name}' on the cumulative ladder (${CUMULATIVE_LADDER.map((r) => r.name).join(', ')})`);
  return new ComplexityConfig(rung.name, switchesOf(assignments, rung.types));
}

interface PlannedEpisode extends PlannedSample {
  conversation: Conversation;
  wording: Wording;
  config: ComplexityConfig;
  target?: TargetPoint;
  facets: Record<string, string | number>;
}

export function planApiComplexity(config: ApiComplexityConfig, conversations: readonly Conversation[] = builtinConversations(), system: ApiSystem = BUILTIN_API_SYSTEM): PlannedEpisode[] {
  const convs = config.conversations > 0 ? conversations.slice(0, config.conversations) : [...conversations];
  const plan: PlannedEpisode[] = [];
  const id = (...parts: (string | number)[]) => hashString([API_COMPLEXITY_SUITE, config.mode, config.seed, ...parts].join('|'));
  if (config.mode === 'cumulative') {
    for (const rung of config.ladder) {
      const cfg = ladderConfig(rung, system.assignments);
      for (const c of convs)
        for (const wording of config.wordings) {
          const sid = id(rung, c.id, wording);
          plan.push({
            id: sid,
            cell: { length: 0, position: 0, variant: rung },
            group: `${c.id}|${wording}`,
            rank: [config.ladder.indexOf(rung)],
            conversation: c,
            wording,
            config: cfg,
            facets: { mode: 'cumulative', rung, conversation: c.id, flows: c.flows, wording, turns: c.turns.length },
          });
        }
    }
    return plan;
  }
  for (const type of config.types) {
    if (!COMPLEXITY_TYPES.includes(type)) throw new Error(`unknown complexity type '${type}' (${COMPLEXITY_TYPES.join(', ')})`);
    const { off, on } = isolatedPair(type, system.assignments);
    const actsOn = (call: ApiCallRecord) => on.has(type, call.api) && system.actsOn(type, call);
    let points = convs.flatMap((c) => targetPoints(c, type, actsOn).map((t) => ({ c, t })));
    if (config.perType > 0) points = new Rng(`api-targets:${config.seed}:${type}`).sample(points, Math.min(config.perType, points.length)).sort((a, b) => points.indexOf(a) - points.indexOf(b));
    for (const { c, t } of points)
      for (const wording of config.wordings)
        for (const side of [SWITCH_OFF, SWITCH_ON]) {
          const sid = id(type, c.id, t.turn, t.step, side, wording);
          const facets = { mode: 'isolated', type, switch: side, fn: t.fn, conversation: c.id, flows: c.flows, wording, target: `${c.id} turn ${t.turn + 1} step ${t.step + 1}` };
          plan.push({
            id: sid,
            cell: { length: 0, position: 0, variant: side },
            group: `${type}|${c.id}|${t.turn}|${t.step}|${wording}`,
            rank: [side === SWITCH_OFF ? 0 : 1],
            conversation: c,
            wording,
            config: side === SWITCH_ON ? on : off,
            target: t,
            facets,
          });
        }
  }
  return plan;
}

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

export interface ApiComplexitySourceOptions {
  config: ApiComplexityConfig;
  counter: TokenCounter;
  /** a system and conversations of the user's own (absent: the built-in ones) */
  own?: OwnApiSetup;
}

const BUILTIN_API_PACK = 'api-system';

export function apiComplexitySource(opts: ApiComplexitySourceOptions): PlannedSource {
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
      suite: API_COMPLEXITY_SUITE,
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
  return { ...planSource(planApiComplexity(opts.config, opts.own?.conversations, system), build), episode: apiEpisode };
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
