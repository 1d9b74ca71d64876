/**
 * The API system: every function, one entry point that runs a call against a world under a
 * complexity configuration, and the reference text the agent reads.
 *
 * A call's result is always a JSON object with `success` (absent when an informational notice
 * replaced it, as in WildAgtEval, where a missing `success` counts as true).
 */
import type { Json, JsonObject } from '../../core/types';
import { type ApiCallRecord, type ApiScoringTable, rulesFromTable } from '../../scoring/api-accuracy';
import { runToolWith, validateArgs } from '../define';
import { agentIntro, type ApiSystem, type CallOutcome, failure, mixIn, notFoundMessage, referenceLine } from './api-system';
import { type ComplexityConfig, type ComplexityType, type FunctionComplexity } from './complexity';
import { type ApiFunction, DOMAIN_LABELS, DOMAINS } from './define';
import { COMMS_FUNCTIONS } from './functions/comms';
import { HOME_FUNCTIONS } from './functions/home';
import { INFO_FUNCTIONS } from './functions/info';
import { MEDIA_FUNCTIONS } from './functions/media';
import { SHOP_FUNCTIONS } from './functions/shop';
import { TIME_FUNCTIONS } from './functions/time';
import { createWorld, type World } from './world';

export const API_FUNCTIONS: readonly ApiFunction[] = [...HOME_FUNCTIONS, ...INFO_FUNCTIONS, ...MEDIA_FUNCTIONS, ...SHOP_FUNCTIONS, ...COMMS_FUNCTIONS, ...TIME_FUNCTIONS];

const BY_NAME = new Map(API_FUNCTIONS.map((f) => [f.name, f]));

export function apiFunctionNamed(name: string): ApiFunction | undefined {
  return BY_NAME.get(name);
}

/** Which functions carry which complexity (the system's assign-and-inject table). */
export const ASSIGNMENTS: ReadonlyMap<string, FunctionComplexity> = new Map(API_FUNCTIONS.filter((f) => Object.keys(f.complexity).length > 0).map((f) => [f.name, f.complexity]));

/** The scorer's tables for this system. */
export const API_SCORING: ApiScoringTable = {
  sideEffect: API_FUNCTIONS.filter((f) => f.cls === 'side_effect').map((f) => f.name),
  core: API_FUNCTIONS.filter((f) => f.cls === 'core').map((f) => f.name),
  support: API_FUNCTIONS.filter((f) => f.cls === 'support').map((f) => f.name),
  keyParams: Object.fromEntries(API_FUNCTIONS.map((f) => [f.name, [...f.keyParams]])),
  adHoc: API_FUNCTIONS.filter((f) => f.complexity.ad_hoc).map((f) => f.name),
  looseParams: { weather_current: ['location'], weather_forecast: ['location'], weather_alerts: ['location'] },
};

export function invokeApi(world: World, call: ApiCallRecord, config: ComplexityConfig): CallOutcome {
  const fn = BY_NAME.get(call.api);
  if (!fn) return failure(notFoundMessage(call.api));
  const c = fn.complexity;
  const on = (t: ComplexityType): boolean => c[t] !== undefined && config.has(t, fn.name);
  if (on('system_failure') && c.system_failure) return failure(c.system_failure.message, ['system_failure'], { error: c.system_failure.code });
  const invalid = validateArgs(fn.tool, call.params);
  if (invalid) return failure(invalid);
  let params = call.params;
  if (on('ad_hoc') && c.ad_hoc) {
    const plain = c.ad_hoc.parse(params[c.ad_hoc.param] ?? null, world);
    if (plain === null) return failure(c.ad_hoc.message, ['ad_hoc']);
    params = { ...params, [c.ad_hoc.param]: plain };
  }
  if (on('feature_limit') && c.feature_limit?.when(params)) return failure(c.feature_limit.message, ['feature_limit']);
  const ran = runToolWith(fn.tool, params, { world, on });
  if (!ran.ok) return failure(ran.error.message);
  let result: JsonObject = { success: true, ...(ran.output as JsonObject) };
  const injected: ComplexityType[] = [];
  if (on('irrelevant') && c.irrelevant && Array.isArray(result[c.irrelevant.field])) {
    result = { ...result, [c.irrelevant.field]: mixIn(result[c.irrelevant.field] as Json[], c.irrelevant.entries(world), fn.name) };
    injected.push('irrelevant');
  }
  if (on('notice') && c.notice) {
    const { success: _dropped, ...rest } = result;
    result = { notice: c.notice, ...rest };
    injected.push('notice');
  }
  return { result, success: result.success !== false, injected };
}

/** A gold call as the configuration wants it: ad-hoc parameters in the API's own format. */
export function goldCall(call: ApiCallRecord, config: ComplexityConfig, world: World): ApiCallRecord {
  const rule = BY_NAME.get(call.api)?.complexity.ad_hoc;
  if (!rule || !config.has('ad_hoc', call.api) || !(rule.param in call.params)) return call;
  return { api: call.api, params: { ...call.params, [rule.param]: rule.format(call.params[rule.param] as Json, world) } };
}

function functionLine(fn: ApiFunction, config: ComplexityConfig): string {
  const notes: string[] = [];
  const c = fn.complexity;
  if (c.ad_hoc && config.has('ad_hoc', fn.name)) notes.push(`Rule: ${c.ad_hoc.rule}.`);
  if (c.dependency && !config.has('dependency', fn.name)) notes.push(`Requires: ${c.dependency}`);
  const units = config.has('ambiguous', fn.name) ? {} : (c.ambiguous ?? {});
  return referenceLine(fn.tool.schema, fn.tool.schema.description ?? '', units, notes);
}

/** The API reference the agent reads: one line per function, by domain; look-alikes next to their originals when on. */
export function apiReference(config: ComplexityConfig): string {
  return DOMAINS.map((d) => {
    const lines = API_FUNCTIONS.filter((f) => f.domain === d).flatMap((f) => {
      const own = functionLine(f, config);
      const like = f.complexity.unclear;
      if (!like || !config.has('unclear', f.name)) return [own];
      const params = Object.entries(like.params)
        .map(([k, p]) => `${k}: ${p.type} (${p.description})`)
        .join(', ');
      return [own, `- ${like.name}(${params}): ${like.description}`];
    });
    return `## ${DOMAIN_LABELS[d]}\n${lines.join('\n')}`;
  }).join('\n\n');
}

/** The built-in home-assistant system (WildAgtEval's on our own functions). */
export const BUILTIN_API_SYSTEM: ApiSystem = {
  tools: API_FUNCTIONS.map((f) => f.tool.schema),
  intro: agentIntro(`a home assistant agent for ${createWorld(0).user.name} (home city: ${createWorld(0).user.home_city})`),
  example: true,
  assignments: ASSIGNMENTS,
  rules: rulesFromTable(API_SCORING),
  reference: apiReference,
  open(worldSeed) {
    const world = createWorld(worldSeed);
    return { invoke: (call, config) => invokeApi(world, call, config) };
  },
  expectedCall: (call, config, worldSeed) => goldCall(call, config, createWorld(worldSeed)),
  concreteCall: (expected) => expected,
  actsOn: (type, call) => BY_NAME.get(call.api)?.complexity[type] !== undefined,
};
