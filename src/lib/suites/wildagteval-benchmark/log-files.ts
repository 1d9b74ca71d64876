/**
 * WildAgtEval's files: the scorer's tables (`scoring_config.json`, converted from its
 * `configs/*.yaml`) and the runner's result logs (one JSON per conversation or target point).
 */
import { isObject } from '../../core/objects';
import type { Json } from '../../core/types';
import type { ApiCallRecord, ApiScoringTable, ApiStep } from '../../scoring/api-accuracy';
import { FormatError } from '../../formats/jsonl';

const WEATHER_LOCATION = { weather_current: ['location'], weather_forecast: ['location'], weather_alerts: ['location'] } as const;

/** Every name in the lists of a `{domain: [names]}` object (YAML's empty items are nulls, skipped). */
function names(v: Json | undefined, source: string, field: string): string[] {
  if (!isObject(v)) throw new FormatError(source, field, 'expected an object of lists by domain');
  return Object.entries(v).flatMap(([domain, list]) => {
    if (!Array.isArray(list)) throw new FormatError(source, `${field}.${domain}`, 'expected a list');
    return list.filter((x): x is string => typeof x === 'string');
  });
}

export function readWildAgtEvalScoring(v: Json, source = 'scoring_config.json'): ApiScoringTable {
  if (!isObject(v)) throw new FormatError(source, '(file)', 'expected an object');
  const cls = v.api_classification_yaml;
  if (!isObject(cls)) throw new FormatError(source, 'api_classification_yaml', 'expected an object');
  const keyField = Object.keys(v).find((k) => k.startsWith('key_params'));
  const keys = keyField ? v[keyField] : undefined;
  if (!isObject(keys)) throw new FormatError(source, 'key_params', 'expected an object of parameter lists');
  const keyParams: Record<string, string[]> = {};
  for (const [api, list] of Object.entries(keys)) {
    if (!Array.isArray(list) || list.some((x) => typeof x !== 'string')) throw new FormatError(source, `key_params.${api}`, 'expected a list of names');
    keyParams[api] = list as string[];
  }
  const adHocField = Object.keys(v).find((k) => k.startsWith('ad_hoc_apis'));
  const adHoc = adHocField ? v[adHocField] : [];
  if (!Array.isArray(adHoc) || adHoc.some((x) => typeof x !== 'string')) throw new FormatError(source, 'ad_hoc_apis', 'expected a list of names');
  return {
    sideEffect: names(cls.side_effect_apis, source, 'side_effect_apis'),
    core: names(cls.core_queries, source, 'core_queries'),
    support: names(cls.supporting_queries, source, 'supporting_queries'),
    keyParams,
    adHoc: adHoc as string[],
    looseParams: WEATHER_LOCATION,
  };
}

export interface WildAgtEvalTurn {
  query: string;
  expected: ApiCallRecord[];
  steps: ApiStep[];
}

function readCall(v: Json | undefined, source: string, field: string): ApiCallRecord | null {
  if (v === undefined || v === null) return null;
  if (!isObject(v) || typeof v.api !== 'string') throw new FormatError(source, field, 'expected {"api": name, "params": {...}}');
  const params = v.params ?? {};
  if (!isObject(params)) throw new FormatError(source, `${field}.params`, 'expected an object');
  return { api: v.api, params };
}

/** The turns of one result log (`query_results`), each with its gold calls and every step the runner recorded. */
export function readWildAgtEvalResult(v: Json, source: string): WildAgtEvalTurn[] {
  if (!isObject(v) || !Array.isArray(v.query_results)) throw new FormatError(source, 'query_results', 'expected a list');
  return v.query_results.map((q, i) => {
    const where = `query_results[${i}]`;
    if (!isObject(q)) throw new FormatError(source, where, 'expected an object');
    if (!Array.isArray(q.expected_api_sequence)) throw new FormatError(source, `${where}.expected_api_sequence`, 'expected a list');
    if (!Array.isArray(q.steps)) throw new FormatError(source, `${where}.steps`, 'expected a list');
    const expected = q.expected_api_sequence.map((c, j) => readCall(c, source, `${where}.expected_api_sequence[${j}]`) as ApiCallRecord);
    if (expected.some((c) => c === null)) throw new FormatError(source, `${where}.expected_api_sequence`, 'holds an empty call');
    const steps = q.steps.map((s, j): ApiStep => {
      if (!isObject(s)) throw new FormatError(source, `${where}.steps[${j}]`, 'expected an object');
      const result = s.api_result;
      return {
        call: readCall(s.api_call, source, `${where}.steps[${j}].api_call`),
        success: typeof s.api_success === 'boolean' ? s.api_success : null,
        result: typeof result === 'string' ? result : result === null || result === undefined ? null : JSON.stringify(result),
      };
    });
    return { query: typeof q.query === 'string' ? q.query : '', expected, steps };
  });
}
