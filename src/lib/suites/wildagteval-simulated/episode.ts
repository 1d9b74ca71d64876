/**
 * One evaluation episode on the API system, engine-agnostic: `ask` is any function from messages
 * to a reply. Two modes (PROTOCOL.md §3–4):
 *
 * - isolated: a target point of the conversation; a fresh world, earlier turns replayed from gold
 *   (only their results are shown, as WildAgtEval does), the target turn's gold replayed up to the
 *   target (and the target call itself when its complexity acts on execution), then the agent
 *   finishes the turn — and the next turn too when the target was its turn's last call;
 * - cumulative: every turn by the agent, its own calls, results and replies kept for later turns.
 */
import type { ChatMessage, JsonObject } from '../../core/types';
import { type ApiCallRecord, type ApiScoringRules, type ApiStep, scoreApiTurn, type TurnVerdict } from '../../scoring/api-accuracy';
import type { ApiSystem, ApiWorld } from '../../simulate/api/api-system';
import { COMPLEXITY_LAYER, type ComplexityConfig, type ComplexityType, ERROR_TYPES } from '../../simulate/api/complexity';
import type { Conversation, Wording } from './conversations';
import { assistantLine, type CallFormat, humanLine, MAX_STEPS_PER_TURN, parseReply, responseBlock, systemPrompt } from '../../prompts/episode-protocol';

export type EvalMode = 'isolated' | 'cumulative';
export const EVAL_MODES: readonly EvalMode[] = ['isolated', 'cumulative'];

export interface TargetPoint {
  turn: number;
  step: number;
  fn: string;
  type: ComplexityType;
}

export interface StepRecord {
  /** gold: replayed from the ground truth; agent: the model's reply */
  source: 'gold' | 'agent';
  reply: string;
  kind: 'api_call' | 'completion' | 'unknown';
  call: ApiCallRecord | null;
  result: JsonObject | null;
  success: boolean | null;
  injected: ComplexityType[];
}

export interface TurnRecord {
  turn: number;
  query: string;
  /** the gold calls this turn is scored against (from the target step on, in isolated mode) */
  expected: ApiCallRecord[];
  steps: StepRecord[];
  verdict: Omit<TurnVerdict, 'counted'>;
  /** the turn ended at the step limit, or because a reply could not change (greedy decoding) */
  endedBy: 'completion' | 'step_limit' | 'unknown_reply' | 'aborted';
}

export interface EpisodeSpec {
  system: ApiSystem;
  conversation: Conversation;
  wording: Wording;
  config: ComplexityConfig;
  mode: EvalMode;
  target?: TargetPoint;
  callFormat?: CallFormat;
}

interface AgentReply {
  text: string;
  /** the engine was interrupted: the episode stops */
  aborted?: boolean;
}

export type Ask = (messages: ChatMessage[]) => Promise<AgentReply>;

export interface EpisodeOptions {
  maxSteps?: number;
  /** greedy decoding: a reply that is neither a call nor an end asks again with the same prompt, so the answer cannot change — end the turn */
  deterministic?: boolean;
}

export const isErrorType = (t: ComplexityType): boolean => ERROR_TYPES.includes(t);

/** Where the agent takes over in the target turn, and whether the target call itself is replayed (its complexity acts on execution). */
function takeover(target: TargetPoint): { from: number; replayTarget: boolean } {
  // a prerequisite comes before the function that needs it: the agent does the whole turn
  if (target.type === 'dependency') return { from: 0, replayTarget: false };
  const replayTarget = COMPLEXITY_LAYER[target.type] === 'execution';
  return { from: target.step, replayTarget };
}

export const queryOf = (c: Conversation, turn: number, wording: Wording): string => (c.turns[turn] as Conversation['turns'][number])[wording];

/** Expected calls of every turn in the configuration's formats. */
export function goldTurns(system: ApiSystem, c: Conversation, config: ComplexityConfig): ApiCallRecord[][] {
  return c.turns.map((t) => t.calls.map((call) => system.expectedCall(call, config, c.worldSeed)));
}

class Session {
  readonly world: ApiWorld;
  readonly history: string[] = [];
  readonly system: string;
  constructor(
    readonly spec: EpisodeSpec,
    readonly ask: Ask,
    readonly opts: Required<EpisodeOptions>,
  ) {
    this.world = spec.system.open(spec.conversation.worldSeed);
    this.system = systemPrompt(spec.system.reference(spec.config), spec.system.intro, spec.callFormat, spec.system.example);
  }

  messages(): ChatMessage[] {
    return [
      { role: 'system', content: this.system },
      { role: 'user', content: this.history.join('\n\n') },
    ];
  }

  replay(expected: ApiCallRecord): StepRecord {
    const call = this.spec.system.concreteCall(expected);
    const out = this.world.invoke(call, this.spec.config);
    this.history.push(responseBlock(out.result));
    return { source: 'gold', reply: '', kind: 'api_call', call, result: out.result, success: out.success, injected: out.injected };
  }

  /** The agent's steps until it ends the turn. */
  async agentTurn(steps: StepRecord[], keepCompletion: boolean): Promise<TurnRecord['endedBy']> {
    for (let i = 0; i < this.opts.maxSteps; i++) {
      const reply = await this.ask(this.messages());
      if (reply.aborted) return 'aborted';
      const parsed = parseReply(reply.text, this.spec.callFormat);
      if (parsed.kind === 'api_call') {
        const out = this.world.invoke(parsed.call, this.spec.config);
        steps.push({ source: 'agent', reply: reply.text, kind: 'api_call', call: parsed.call, result: out.result, success: out.success, injected: out.injected });
        this.history.push(assistantLine(reply.text), responseBlock(out.result));
        continue;
      }
      steps.push({ source: 'agent', reply: reply.text, kind: parsed.kind, call: null, result: null, success: null, injected: [] });
      if (parsed.kind === 'completion') {
        if (keepCompletion) this.history.push(assistantLine(reply.text));
        return 'completion';
      }
      if (this.opts.deterministic) return 'unknown_reply';
    }
    return 'step_limit';
  }
}

function turnRecord(rules: ApiScoringRules, turn: number, query: string, expected: ApiCallRecord[], steps: StepRecord[], endedBy: TurnRecord['endedBy']): TurnRecord {
  const asSteps: ApiStep[] = steps.map((s) => ({ call: s.call, success: s.success, result: s.result ? JSON.stringify(s.result) : null }));
  const { counted: _counted, ...verdict } = scoreApiTurn(expected, asSteps, rules);
  return { turn, query, expected, steps, verdict, endedBy };
}

export async function runEpisode(spec: EpisodeSpec, ask: Ask, options: EpisodeOptions = {}): Promise<TurnRecord[]> {
  const opts = { maxSteps: options.maxSteps ?? MAX_STEPS_PER_TURN, deterministic: options.deterministic ?? true };
  const s = new Session(spec, ask, opts);
  const gold = goldTurns(spec.system, spec.conversation, spec.config);
  const rules = spec.system.rules;
  const c = spec.conversation;
  const turns: TurnRecord[] = [];

  if (spec.mode === 'cumulative') {
    for (let t = 0; t < c.turns.length; t++) {
      const query = queryOf(c, t, spec.wording);
      s.history.push(humanLine(query));
      const steps: StepRecord[] = [];
      const endedBy = await s.agentTurn(steps, true);
      turns.push(turnRecord(rules, t, query, gold[t] as ApiCallRecord[], steps, endedBy));
      if (endedBy === 'aborted') break;
    }
    return turns;
  }

  const target = spec.target;
  if (!target) throw new Error(`isolated episode of ${c.id} has no target point`);
  for (let t = 0; t < target.turn; t++) {
    s.history.push(humanLine(queryOf(c, t, spec.wording)));
    for (const call of gold[t] as ApiCallRecord[]) s.replay(call);
  }
  const turnGold = gold[target.turn] as ApiCallRecord[];
  const { from, replayTarget } = takeover(target);
  const query = queryOf(c, target.turn, spec.wording);
  s.history.push(humanLine(query));
  const steps: StepRecord[] = [];
  for (let i = 0; i < from + (replayTarget ? 1 : 0); i++) steps.push(s.replay(turnGold[i] as ApiCallRecord));
  const endedBy = await s.agentTurn(steps, true);
  turns.push(turnRecord(rules, target.turn, query, turnGold.slice(from), steps, endedBy));

  const next = target.turn + 1;
  const crossTurn = endedBy !== 'aborted' && target.step === turnGold.length - 1 && next < c.turns.length && !isErrorType(target.type);
  if (crossTurn) {
    const q = queryOf(c, next, spec.wording);
    s.history.push(humanLine(q));
    const more: StepRecord[] = [];
    const ended = await s.agentTurn(more, true);
    turns.push(turnRecord(rules, next, q, gold[next] as ApiCallRecord[], more, ended));
  }
  return turns;
}

/** Every target point of a conversation for one complexity type: each gold call the type acts on. */
export function targetPoints(c: Conversation, type: ComplexityType, actsOn: (call: ApiCallRecord) => boolean): TargetPoint[] {
  const out: TargetPoint[] = [];
  c.turns.forEach((t, turn) => {
    t.calls.forEach((call, step) => {
      if (!actsOn(call)) return;
      // one target per (turn, function) for whole-turn takeovers: the same episode otherwise
      if (type === 'dependency' && out.some((p) => p.turn === turn)) return;
      out.push({ turn, step, fn: call.api, type });
    });
  });
  return out;
}

/** The episode as text: each turn's query, then every step (replayed gold marked), its call's result. */
export function episodeText(turns: readonly TurnRecord[]): string {
  return turns
    .map((t) => {
      const steps = t.steps.map((s) => {
        const head = s.source === 'gold' ? `[replayed] ${JSON.stringify(s.call)}` : `Assistant: ${s.reply.trim()}`;
        return s.result ? `${head}\n${responseBlock(s.result)}` : head;
      });
      return [humanLine(t.query), ...steps].join('\n\n');
    })
    .join('\n\n');
}

/** The calls the agent made (not the replayed ones), for display. */
export function agentCalls(turns: readonly TurnRecord[]): { name: string; args: unknown }[] {
  return turns.flatMap((t) => t.steps.filter((s) => s.source === 'agent' && s.call).map((s) => ({ name: (s.call as ApiCallRecord).api, args: (s.call as ApiCallRecord).params })));
}
