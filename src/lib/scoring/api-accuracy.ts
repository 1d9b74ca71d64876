/**
 * WildAgtEval's per-turn API call accuracy, with the rules of its analyzer
 * (`unified_analyzer.py --ad_hoc`, ../shared/reference/wildagteval/PROTOCOL.md §5.1):
 *
 * - side-effect calls count only when they succeeded; each expected one needs an unused counted call with the same
 *   name and equal key parameters (unmatched expected: missing, a failure; unmatched actual: extra, reported only);
 * - core queries need some call with the same name and equal key parameters, succeeded or not;
 * - supporting (and unclassified) queries only need the name, and a miss is a warning;
 * - a call to a function the system does not have is invalid and fails the turn;
 * - ad-hoc-format functions: none called → missing; the first two calls both failed → incorrect;
 *   else a successful call with equal key parameters is required → else missing.
 *
 * A function without a key-parameter entry is matched by name only.
 */
import { canonicalJson } from '../core/canonical-json';
import type { Json, JsonObject } from '../core/types';

export type ApiClass = 'side_effect' | 'core' | 'support';

export interface ApiCallRecord {
  api: string;
  params: JsonObject;
}

/** One step of a turn: the call it made (null: a text reply), whether it succeeded, and the raw result text. */
export interface ApiStep {
  call: ApiCallRecord | null;
  success: boolean | null;
  result: string | null;
}

export interface ApiScoringRules {
  classOf(api: string): ApiClass;
  /** null or []: matched by name only */
  keyParams(api: string): readonly string[] | null;
  /** functions whose parameters follow an ad-hoc format rule */
  adHoc: ReadonlySet<string>;
  /** parameters compared case-insensitively with spaces as underscores (WildAgtEval: weather locations) */
  looseParams?: Readonly<Record<string, readonly string[]>>;
  /** the result text of a call to a function that does not exist */
  isInvalidCall(step: ApiStep): boolean;
  /** replaces key-parameter equality (a system whose expected calls list allowed values) */
  matches?(expected: ApiCallRecord, actual: ApiCallRecord): boolean;
}

export interface TurnVerdict {
  success: boolean;
  failureReason: string;
  missingSideEffects: string[];
  incorrectSideEffects: string[];
  extraSideEffects: string[];
  missingCoreQueries: string[];
  supportingQueryWarnings: string[];
  invalidApiCalls: string[];
  /** the calls that count: every call but the failed side-effect ones */
  counted: ApiCallRecord[];
}

/** A parameter's value for comparison: a missing one equals null, as Python's `dict.get` gives None. */
const plain = (v: Json | undefined): string => canonicalJson(v ?? null);

function loosen(v: Json | undefined): Json | undefined {
  return typeof v === 'string' ? v.toLowerCase().replaceAll(' ', '_') : v;
}

function keyParamsEqual(rules: ApiScoringRules, expected: ApiCallRecord, actual: ApiCallRecord): boolean {
  if (expected.api !== actual.api) return false;
  if (rules.matches) return rules.matches(expected, actual);
  const keys = rules.keyParams(expected.api) ?? [];
  const loose = new Set(rules.looseParams?.[expected.api] ?? []);
  return keys.every((k) => (loose.has(k) ? plain(loosen(expected.params[k])) === plain(loosen(actual.params[k])) : plain(expected.params[k]) === plain(actual.params[k])));
}

/** The ad-hoc rule's finding for one expected call, or null when it passes. */
function adHocFinding(rules: ApiScoringRules, expected: ApiCallRecord, steps: readonly ApiStep[]): 'missing' | 'incorrect' | null {
  const calls = steps.filter((s) => s.call?.api === expected.api);
  if (calls.length === 0) return 'missing';
  if (calls.length >= 2 && calls[0]?.success === false && calls[1]?.success === false) return 'incorrect';
  return calls.some((s) => s.success === true && s.call && keyParamsEqual(rules, expected, s.call)) ? null : 'missing';
}

export function scoreApiTurn(expected: readonly ApiCallRecord[], steps: readonly ApiStep[], rules: ApiScoringRules): TurnVerdict {
  const withCalls = steps.filter((s): s is ApiStep & { call: ApiCallRecord } => s.call !== null);
  const invalidApiCalls = withCalls.filter((s) => rules.isInvalidCall(s)).map((s) => s.call.api);
  const counted = withCalls.filter((s) => rules.classOf(s.call.api) !== 'side_effect' || s.success === true).map((s) => s.call);

  const missingSideEffects: string[] = [];
  const incorrectSideEffects: string[] = [];
  const missingCoreQueries: string[] = [];
  const supportingQueryWarnings: string[] = [];
  const usedActual = new Set<number>();
  const countedSideEffects = counted.map((c, i) => ({ c, i })).filter(({ c }) => rules.classOf(c.api) === 'side_effect');
  for (const e of expected) {
    const cls = rules.classOf(e.api);
    if (cls === 'side_effect') {
      const match = countedSideEffects.find(({ c, i }) => !usedActual.has(i) && keyParamsEqual(rules, e, c));
      if (match) usedActual.add(match.i);
      else missingSideEffects.push(e.api);
    } else if (cls === 'core') {
      if (!counted.some((c) => keyParamsEqual(rules, e, c))) missingCoreQueries.push(e.api);
    } else if (!counted.some((c) => c.api === e.api)) supportingQueryWarnings.push(`Missing supporting query: ${e.api}`);
  }
  const extraSideEffects = countedSideEffects.filter(({ i }) => !usedActual.has(i)).map(({ c }) => c.api);

  for (const e of expected) {
    if (!rules.adHoc.has(e.api)) continue;
    const finding = adHocFinding(rules, e, steps);
    if (finding === 'incorrect') incorrectSideEffects.push(`${e.api} (ad-hoc: 2 consecutive failures)`);
    else if (finding === 'missing') (rules.classOf(e.api) === 'side_effect' ? missingSideEffects : missingCoreQueries).push(e.api);
  }

  const reasons: string[] = [];
  if (invalidApiCalls.length) reasons.push(`Invalid API calls (non-existent): ${invalidApiCalls.join(', ')}`);
  if (missingSideEffects.length) reasons.push(`Missing side-effect APIs: ${missingSideEffects.join(', ')}`);
  if (incorrectSideEffects.length) reasons.push(`Incorrect side-effect APIs: ${incorrectSideEffects.join(', ')}`);
  if (missingCoreQueries.length) reasons.push(`Missing core queries: ${missingCoreQueries.join(', ')}`);
  const success = reasons.length === 0;
  if (!success && extraSideEffects.length) reasons.push(`Extra side-effect APIs: ${extraSideEffects.join(', ')}`);
  return { success, failureReason: reasons.join('; '), missingSideEffects, incorrectSideEffects, extraSideEffects, missingCoreQueries, supportingQueryWarnings, invalidApiCalls, counted };
}

/** Rules from plain tables: every function's class, key parameters and ad-hoc functions; unlisted → supporting. */
export interface ApiScoringTable {
  sideEffect: readonly string[];
  core: readonly string[];
  support: readonly string[];
  keyParams: Readonly<Record<string, readonly string[]>>;
  adHoc: readonly string[];
  looseParams?: Readonly<Record<string, readonly string[]>>;
}

/** WildAgtEval's test for a call to a function that does not exist: its result says the tool was not found. */
export function resultSaysNotFound(step: ApiStep): boolean {
  const r = step.result ?? '';
  return r.includes('not found in any environment') || (r.includes('Tool') && r.includes('not found'));
}

export function rulesFromTable(table: ApiScoringTable, isInvalidCall: (step: ApiStep) => boolean = resultSaysNotFound): ApiScoringRules {
  const sideEffect = new Set(table.sideEffect);
  const core = new Set(table.core);
  return {
    classOf: (api) => (sideEffect.has(api) ? 'side_effect' : core.has(api) ? 'core' : 'support'),
    keyParams: (api) => table.keyParams[api] ?? null,
    adHoc: new Set(table.adHoc),
    ...(table.looseParams ? { looseParams: table.looseParams } : {}),
    isInvalidCall,
  };
}

/** The error type of an episode, from its first failed turn (null when every turn succeeded). */
export function episodeErrorType(verdicts: readonly Omit<TurnVerdict, 'counted'>[]): string | null {
  if (verdicts.length === 0) return 'api:no_turn';
  const first = verdicts.find((v) => !v.success);
  if (!first) return null;
  return first.invalidApiCalls.length
    ? 'api:invalid_call'
    : first.incorrectSideEffects.length
      ? 'api:ad_hoc_format'
      : first.missingSideEffects.length
        ? 'api:missing_side_effect'
        : 'api:missing_core_query';
}
