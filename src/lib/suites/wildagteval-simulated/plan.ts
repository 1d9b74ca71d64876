/** The API-complexity suite's plan: each episode a run asks (a conversation under a complexity setting), without building prompts. */
import { hashString, Rng } from '../../core/random';
import type { PlannedSample } from '../../core/sample-source';
import type { ApiCallRecord } from '../../scoring/api-accuracy';
import type { ApiSystem } from '../../simulate/api/api-system';
import { BASE_TYPES, ComplexityConfig, type ComplexityType, COMPLEXITY_TYPES, CUMULATIVE_LADDER, type FunctionComplexity, NO_COMPLEXITY, switchesOf } from '../../simulate/api/complexity';
import { ASSIGNMENTS, BUILTIN_API_SYSTEM } from '../../simulate/api/home-system';
import { type WildSimulatedConfig, SAMPLE_IDS_HASHED_AS } from './config';
import { builtinConversations, type Conversation, type Wording } from './conversations';
import { targetPoints, type TargetPoint } from './episode';

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

export interface PlannedEpisode extends PlannedSample {
  conversation: Conversation;
  wording: Wording;
  config: ComplexityConfig;
  target?: TargetPoint;
  facets: Record<string, string | number>;
}

export function planWildSimulated(config: WildSimulatedConfig, conversations: readonly Conversation[] = builtinConversations(), system: ApiSystem = BUILTIN_API_SYSTEM): PlannedEpisode[] {
  const convs = config.conversations > 0 ? conversations.slice(0, config.conversations) : [...conversations];
  const plan: PlannedEpisode[] = [];
  const id = (...parts: (string | number)[]) => hashString([SAMPLE_IDS_HASHED_AS, config.mode, config.seed, ...parts].join('|'));
  if (config.mode === 'cumulative') {
    for (const rung of config.ladder) {
      const cfg = ladderConfig(rung, system.assignments);
      for (const c of convs)
        for (const wording of config.wordings) {
          const sid = id(rung, c.id, wording);
          plan.push({
            id: sid,
            cell: { length: 0, variant: rung },
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
            cell: { length: 0, variant: side },
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
