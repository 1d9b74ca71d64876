/**
 * One call of WildAgtEval's API system as its evaluator makes it: fresh databases, the user made
 * current, the frozen clock, setup calls first with every switch off, then the call with exactly the
 * listed switches on. The output is the string the tool registry hands the agent.
 */
import { isDict, type PyValue } from '../../../core/pyvalue';
import { invokeWildTool } from './registry';
import { createWildState, type Databases } from './state';
import { SWITCH_TYPES, switchKey } from './switches';

export interface WildCallCase {
  id: string;
  user: string;
  api: string;
  params: PyValue;
  /** environment variable names, `ENABLE__<TYPE>__<FUNCTION>` */
  switches: readonly string[];
  variant: 'complexity' | 'no_complexity';
  setup: readonly { api: string; params: PyValue }[];
}

/** `ENABLE__INFORMATIONAL_NOTICE__MAKE_CALL` → the switch key of (INFORMATIONAL_NOTICE, make_call); null for another name. */
function switchOfVariable(name: string): string | null {
  const m = /^ENABLE__(.+)$/.exec(name);
  if (!m?.[1]) return null;
  const rest = m[1];
  for (const type of SWITCH_TYPES) {
    if (rest.startsWith(`${type}__`) && rest.length > type.length + 2) return switchKey(type, rest.slice(type.length + 2).toLowerCase());
  }
  return null;
}

const MAX_SETUP_CALLS = 100;

/** Reads one case line's fields (already parsed as Python values); throws naming the field that is wrong. */
export function readWildCallCase(v: PyValue): WildCallCase {
  if (v === null || !isDict(v)) throw new Error('a case is a JSON object');
  const text = (k: string): string => {
    const x = v[k];
    if (typeof x !== 'string' || x === '') throw new Error(`"${k}" must be a non-empty string`);
    return x;
  };
  const switches = v.switches ?? [];
  if (!Array.isArray(switches) || !switches.every((s) => typeof s === 'string')) throw new Error('"switches" must be a list of ENABLE__… names');
  for (const s of switches as string[]) if (!switchOfVariable(s)) throw new Error(`"switches": ${s} is not ENABLE__<TYPE>__<FUNCTION> with a known type (${SWITCH_TYPES.join(', ')})`);
  const variant = v.variant ?? 'complexity';
  if (variant !== 'complexity' && variant !== 'no_complexity') throw new Error('"variant" must be "complexity" or "no_complexity"');
  const setupValue = v.setup ?? [];
  if (!Array.isArray(setupValue)) throw new Error('"setup" must be a list of {"api", "params"}');
  if (setupValue.length > MAX_SETUP_CALLS) throw new Error(`"setup" holds more than ${MAX_SETUP_CALLS} calls`);
  const setup = setupValue.map((c, i) => {
    if (c === null || !isDict(c) || typeof c.api !== 'string') throw new Error(`"setup"[${i}] must be {"api": name, "params": {…}}`);
    return { api: c.api, params: c.params ?? null };
  });
  const params = v.params ?? null;
  if (params !== null && !isDict(params)) throw new Error('"params" must be an object of keyword arguments');
  return { id: text('id'), user: text('user'), api: text('api'), params, switches: switches as string[], variant, setup };
}

/** The string the registry returns for the case's call. */
export function runWildCallCase(databases: Databases, c: WildCallCase): string {
  const state = createWildState(databases, c.user, undefined, new Set(), c.variant);
  for (const call of c.setup) invokeWildTool(state, call.api, call.params);
  state.switches = new Set(c.switches.map((s) => switchOfVariable(s) as string));
  return invokeWildTool(state, c.api, c.params).text;
}
