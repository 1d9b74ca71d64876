/**
 * WildAgtEval's complexity switches: its uncertainty configs list, per type, the functions whose
 * behaviour changes (the evaluator sets `ENABLE__<TYPE>__<FUNCTION>` around each call of a listed
 * function); the tools read them. Here a state carries the set of switched (type, function) pairs.
 */
import type { PyDict } from '../../../core/pyvalue';
import { parseJsonValue } from '../../../parsing/json-value';
import { isoNaive, type WildState } from './state';
import { SYSTEM_FAILURE_PAYLOADS } from './system-failures';
import { asDict } from './values';

export const SWITCH_TYPES = ['ADHOC', 'FEATURE_LIMITATION_ERROR', 'PARTIALLY_IRRELEVANT_INFORMATION', 'INFORMATIONAL_NOTICE', 'SYSTEM_FAILURE_ERROR'] as const;
export type SwitchType = (typeof SWITCH_TYPES)[number];

export const switchKey = (type: SwitchType, fn: string): string => `${type}:${fn}`;
export const switchOn = (s: WildState, type: SwitchType, fn: string): boolean => s.switches.has(switchKey(type, fn));

/** The fixed infrastructure error of `fn` when its system-failure switch is on, else null. */
export function systemFailure(s: WildState, fn: string): PyDict | null {
  if (!switchOn(s, 'SYSTEM_FAILURE_ERROR', fn)) return null;
  const text = SYSTEM_FAILURE_PAYLOADS[fn];
  const payload = text === undefined ? null : asDict(parseJsonValue(text));
  if (!payload) return null;
  // datetime.now(timezone.utc).isoformat()
  if (fn === 'stock_price') payload.timestamp = `${isoNaive(s.now)}+00:00`;
  return payload;
}

/** The companion-functions sentence several notices end with (its `\\n` is Python's: a backslash and an n, two characters). */
export const COMPANION_FUNCTIONS =
  'Companion functions: play() for comfortable ambiance query: "Play relaxing music" <API_CALL>\\n{"api": "play", "params": {...}}\\n</API_CALL>, brightness_adjust() for optimal lighting query: "Adjust room brightness" <API_CALL>\\n{"api": "brightness_adjust", "params": {...}}\\n</API_CALL>, make_call() for HVAC service query: "Call heating technician" <API_CALL>\\n{"api": "make_call", "params": {...}}\\n</API_CALL>, volume_adjust() for quiet environment query: "Lower volume for comfort" <API_CALL>\\n{"api": "volume_adjust", "params": {...}}\\n</API_CALL>.';
