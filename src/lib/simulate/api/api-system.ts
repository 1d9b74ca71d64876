/**
 * What an API-complexity episode runs against: the built-in home-assistant system, or a system
 * simulated from a user's own tool schemas. The episode, the suite and the scorer see only this.
 */
import { hashString, Rng } from '../../core/random';
import type { Json, JsonObject, ToolSchema } from '../../core/types';
import type { ApiCallRecord, ApiScoringRules } from '../../scoring/api-accuracy';
import type { ComplexityConfig, ComplexityType, FunctionComplexity } from './complexity';

export interface CallOutcome {
  /** the result as the agent sees it */
  result: JsonObject;
  /** WildAgtEval's success flag: `success` when present, else true */
  success: boolean;
  /** the complexity types that changed this result */
  injected: ComplexityType[];
}

/** One conversation's state: calls run against it (and may change it). */
export interface ApiWorld {
  invoke(call: ApiCallRecord, config: ComplexityConfig): CallOutcome;
}

export interface ApiSystem {
  /** every function's schema, as a sample lists its tools */
  tools: readonly ToolSchema[];
  /** the system prompt's first paragraph: who the agent works for */
  intro: string;
  /** the system prompt shows a worked exchange (it names the built-in system's functions) */
  example: boolean;
  /** which functions carry which complexity (the assign-and-inject table) */
  assignments: ReadonlyMap<string, FunctionComplexity>;
  rules: ApiScoringRules;
  /** the API reference the agent reads under a configuration */
  reference(config: ComplexityConfig): string;
  /** a fresh state for a conversation */
  open(worldSeed: number): ApiWorld;
  /** an expected call as this configuration wants it (ad-hoc parameters in the API's own format) */
  expectedCall(call: ApiCallRecord, config: ComplexityConfig, worldSeed: number): ApiCallRecord;
  /** the one call the oracle makes for an expected call */
  concreteCall(expected: ApiCallRecord): ApiCallRecord;
  /** a complexity type changes something at this call when switched on (an ad-hoc rule whose value it formats…) */
  actsOn(type: ComplexityType, call: ApiCallRecord): boolean;
}

/** The system prompt's first paragraph for an agent in `role`. */
export const agentIntro = (role: string): string =>
  `You are ${role}. You act by calling the APIs below, one call per reply, and you see each result before you decide the next step. Current time: 2025-07-17 12:00 UTC.`;

export const notFoundMessage = (name: string): string => `Tool '${name}' not found in any environment`;

export const failure = (message: string, injected: ComplexityType[] = [], extra: JsonObject = {}): CallOutcome => ({ result: { success: false, message, ...extra }, success: false, injected });

/** A parameter as the reference states it: `name?: type (description one of a|b; note)`. */
function paramLine(schema: ToolSchema, notes: Readonly<Record<string, string>>): string {
  const required = new Set(schema.parameters.required ?? []);
  return Object.entries(schema.parameters.properties)
    .map(([k, p]) => {
      const type = p.type === 'array' ? `${p.items?.type ?? 'string'}[]` : p.type === 'float' ? 'number' : p.type;
      const values = p.enum ? ` one of ${p.enum.join('|')}` : '';
      const note = notes[k] ? `; ${notes[k]}` : '';
      return `${k}${required.has(k) ? '' : '?'}: ${type} (${p.description ?? ''}${values}${note})`;
    })
    .join(', ');
}

/** One function's line of the reference: signature, description, then its notes (rules, prerequisites). */
export function referenceLine(schema: ToolSchema, description: string, paramNotes: Readonly<Record<string, string>> = {}, notes: readonly string[] = []): string {
  return `- ${schema.name}(${paramLine(schema, paramNotes)}): ${description}${notes.length ? ` ${notes.join(' ')}` : ''}`;
}

/** Mixes extra entries into a list at positions that depend only on the list and the entries. */
export function mixIn(list: Json[], entries: readonly JsonObject[], salt: string): Json[] {
  const out = [...list];
  const rng = new Rng(hashString(`irrelevant|${salt}|${out.length}`));
  for (const e of entries) out.splice(rng.int(out.length + 1), 0, e);
  return out;
}
