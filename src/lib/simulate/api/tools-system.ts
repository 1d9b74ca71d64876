/**
 * An API system simulated from the user's own tool schemas (a "yours" pack), so the
 * API-complexity suite can switch WildAgtEval's complexity types on their functions.
 *
 * A call is checked against the schema and answered by a stand-in result (we have schemas, not
 * implementations): `{"success": true, "message": …}`, or for a function that looks up data,
 * `{"success": true, "results": [the call's arguments as a record]}`. The types that apply:
 *
 * - ad-hoc rules, derived from a parameter's name and description: a date → DD.MM.YYYY, an
 *   identifier → the function's prefix (`AGP-…`), an amount → whole cents; stated in the
 *   reference, enforced by the stand-in, and applied to the expected values;
 * - informational notices on every function (companion functions of the same set);
 * - partially irrelevant information: sponsored records mixed into a look-up's results.
 *
 * Expected calls keep BFCL's allowed values (`{"param": [v1, v2, ""]}`) and are matched with
 * BFCL's checker, not by key-parameter equality.
 */
import { fromPlain, newDict, type PyDict, type PyValue, toPlain } from '../../core/pyvalue';
import type { Json, JsonObject, ToolSchema } from '../../core/types';
import { argumentProblem } from '../../scoring/value-problems';
import { type ApiScoringRules, resultSaysNotFound } from '../../scoring/api-accuracy';
import { canonicalCalls, checkCall } from '../../scoring/bfcl-ast';
import { type ParamSchema, type PossibleAnswer } from '../../core/schema';
import { agentIntro, type ApiSystem, type CallOutcome, failure, mixIn, notFoundMessage, referenceLine } from './api-system';
import type { AdHocRule, ComplexityConfig, ComplexityType, FunctionComplexity } from './complexity';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DOTTED_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const LOOKUP_WORDS = new Set(['get', 'list', 'search', 'find', 'fetch', 'query', 'lookup', 'read', 'show', 'retrieve', 'view', 'describe', 'check']);
const LOOKUP_DESCRIPTION = /^(gets?|lists?|search(es)?|finds?|fetch(es)?|retrieves?|returns?|looks? up|shows?|reads?)\b/i;

/** The words of a function name (snake_case, camelCase, dotted). */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** A function that looks data up (its results are where sponsored entries go). */
export function isLookup(tool: ToolSchema): boolean {
  return (
    nameWords(tool.name)
      .slice(0, 3)
      .some((w) => LOOKUP_WORDS.has(w)) || LOOKUP_DESCRIPTION.test((tool.description ?? '').trim())
  );
}

/** The function's own prefix for identifiers: the initials of its name, e.g. acme_get_payslip → AGP. */
function prefixOf(name: string): string {
  return (
    nameWords(name)
      .map((w) => w[0] as string)
      .join('')
      .slice(0, 4)
      .toUpperCase() || 'API'
  );
}

function dateRule(param: string): PlainRule {
  return {
    param,
    rule: `${param} must be written DD.MM.YYYY, the legacy system's date format (e.g. '17.07.2025' for 2025-07-17)`,
    format: (v) => (typeof v === 'string' && ISO_DATE.test(v) ? v.replace(ISO_DATE, '$3.$2.$1') : v),
    parse: (v) => (typeof v === 'string' && DOTTED_DATE.test(v) ? v.replace(DOTTED_DATE, '$3-$2-$1') : null),
    message: `Invalid ${param}: dates are written DD.MM.YYYY`,
  };
}

function prefixRule(param: string, prefix: string): PlainRule {
  return {
    param,
    rule: `${param} must carry the system prefix: '${prefix}-' followed by the identifier (e.g. '${prefix}-12345' for 12345)`,
    format: (v) => (typeof v === 'string' ? `${prefix}-${v}` : v),
    parse: (v) => (typeof v === 'string' && v.startsWith(`${prefix}-`) && v.length > prefix.length + 1 ? v.slice(prefix.length + 1) : null),
    message: `Invalid ${param}: identifiers start with '${prefix}-'`,
  };
}

function centsRule(param: string): PlainRule {
  return {
    param,
    rule: `${param} must be given in cents, as a whole number (e.g. 1250 for 12.50)`,
    format: (v) => (typeof v === 'number' ? Math.round(v * 100) : v),
    parse: (v) => (typeof v === 'number' && Number.isInteger(v) ? v / 100 : null),
    message: `Invalid ${param}: amounts are whole cents`,
  };
}

/** The ad-hoc rule one of the function's parameters suggests by its name and description, if any. */
export function adHocRuleOf(tool: ToolSchema): PlainRule | undefined {
  const props = tool.parameters.properties;
  const required = tool.parameters.required ?? [];
  const names = [...required.filter((n) => Object.hasOwn(props, n)), ...Object.keys(props).filter((n) => !required.includes(n))];
  for (const name of names) {
    const p = props[name] as ParamSchema;
    if (p.enum) continue;
    const text = `${name} ${p.description ?? ''}`;
    if (p.type === 'string' && /date|birthday|YYYY-MM-DD/i.test(text)) return dateRule(name);
    if (p.type === 'string' && (/(^|_)(id|code|ref|number)$/i.test(name) || /[a-z](Id|ID|Code|Number)$/.test(name) || /\b(identifier|ID)\b/.test(p.description ?? '')))
      return prefixRule(name, prefixOf(tool.name));
    if ((p.type === 'float' || p.type === 'integer') && /amount|price|cost|salary|total|fee|budget|bonus|payment/i.test(text)) return centsRule(name);
  }
  return undefined;
}

function companionNotice(tools: readonly ToolSchema[], index: number): string | undefined {
  const others = [1, 2, 3].map((k) => tools[(index + k) % tools.length] as ToolSchema).filter((t, i, all) => t !== tools[index] && all.indexOf(t) === i);
  if (others.length === 0) return undefined;
  return `Frequently used operations: ${others.map((t) => `${t.name}()`).join(', ')}. Use them together with ${(tools[index] as ToolSchema).name}() for the best results.`;
}

function sponsoredEntries(tool: ToolSchema, args: JsonObject): JsonObject[] {
  const words = nameWords(tool.name).filter((w) => !LOOKUP_WORDS.has(w));
  const title = words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join(' ') || tool.name;
  const altered = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? `${v}-PROMO` : v]));
  return [
    { id: 'AD-1', sponsored: true, title: `Sponsored: ${title} Premium, 30 days free`, ...altered },
    { id: 'AD-2', sponsored: true, title: `Partner offer: ${title} Express` },
  ];
}

const RESULTS_FIELD = 'results';

/** Allowed values stated as JSON (`toPlain` of a possible answer) back in BFCL's form. */
function asPossibleAnswer(api: string, params: JsonObject): PossibleAnswer {
  const answer = newDict() as unknown as PossibleAnswer;
  answer[api] = fromPlain(params) as unknown as Record<string, PyValue[]>;
  return answer;
}

/** A rule of ours: it needs no world (the built-in system's rules read device names from theirs). */
type PlainRule = AdHocRule & { format(plain: Json): Json; parse(value: Json): Json | null };

export function toolsApiSystem(tools: readonly ToolSchema[]): ApiSystem {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const lookups = new Set(tools.filter(isLookup).map((t) => t.name));
  const rules = new Map<string, PlainRule>();
  const assignments = new Map<string, FunctionComplexity>();
  tools.forEach((t, i) => {
    const c: FunctionComplexity = {};
    const rule = adHocRuleOf(t);
    if (rule) {
      c.ad_hoc = rule;
      rules.set(t.name, rule);
    }
    const notice = tools.length > 1 ? companionNotice(tools, i) : undefined;
    if (notice) c.notice = notice;
    // the assignment marks the carrier; the stand-in writes the sponsored records from each call's arguments
    if (lookups.has(t.name)) c.irrelevant = { field: RESULTS_FIELD, entries: () => [] };
    if (Object.keys(c).length > 0) assignments.set(t.name, c);
  });

  const scoring: ApiScoringRules = {
    // a stand-in cannot tell a query from a change: every expected call must succeed and match
    classOf: () => 'side_effect',
    keyParams: () => null,
    adHoc: new Set(rules.keys()),
    isInvalidCall: resultSaysNotFound,
    matches(expected, actual) {
      const tool = byName.get(expected.api);
      if (!tool || actual.api !== expected.api) return false;
      return checkCall(tool, { name: actual.api, args: fromPlain(actual.params) as PyDict }, asPossibleAnswer(expected.api, expected.params)).valid;
    },
  };

  const switchedOn = (config: ComplexityConfig, type: ComplexityType, fn: string): boolean => config.has(type, fn) && assignments.get(fn)?.[type] !== undefined;

  const invoke = (call: { api: string; params: JsonObject }, config: ComplexityConfig): CallOutcome => {
    const tool = byName.get(call.api);
    if (!tool) return failure(notFoundMessage(call.api));
    const problem = argumentProblem(tool, fromPlain(call.params));
    if (problem) return failure(problem);
    let params = call.params;
    const rule = rules.get(tool.name);
    if (rule && switchedOn(config, 'ad_hoc', tool.name) && Object.hasOwn(params, rule.param)) {
      const plain = rule.parse(params[rule.param] as Json);
      if (plain === null) return failure(rule.message, ['ad_hoc']);
      params = { ...params, [rule.param]: plain };
    }
    const injected: ComplexityType[] = [];
    let result: JsonObject = { success: true };
    if (lookups.has(tool.name)) {
      let records: Json[] = [{ id: `${prefixOf(tool.name)}-1`, ...params }];
      if (switchedOn(config, 'irrelevant', tool.name)) {
        records = mixIn(records, sponsoredEntries(tool, params), tool.name);
        injected.push('irrelevant');
      }
      result[RESULTS_FIELD] = records;
    } else result.message = `${tool.name} done`;
    const notice = assignments.get(tool.name)?.notice;
    if (notice && switchedOn(config, 'notice', tool.name)) {
      const { success: _dropped, ...rest } = result;
      result = { notice, ...rest };
      injected.push('notice');
    }
    return { result, success: result.success !== false, injected };
  };

  const formatted = (rule: PlainRule, allowed: Json): Json => (Array.isArray(allowed) ? allowed.map((v) => (v === '' ? v : rule.format(v))) : allowed);

  return {
    tools,
    intro: agentIntro('an assistant acting for the user through the APIs of their own system'),
    example: false,
    assignments,
    rules: scoring,
    reference(config) {
      return tools
        .map((t) => {
          const rule = rules.get(t.name);
          const notes = rule && switchedOn(config, 'ad_hoc', t.name) ? [`Rule: ${rule.rule}.`] : [];
          return referenceLine(t, t.description ?? '', {}, notes);
        })
        .join('\n');
    },
    open: () => ({ invoke }),
    expectedCall(call, config) {
      const rule = rules.get(call.api);
      if (!rule || !switchedOn(config, 'ad_hoc', call.api) || !Object.hasOwn(call.params, rule.param)) return call;
      return { api: call.api, params: { ...call.params, [rule.param]: formatted(rule, call.params[rule.param] as Json) } };
    },
    concreteCall(expected) {
      const [c] = canonicalCalls([asPossibleAnswer(expected.api, expected.params)], tools);
      return { api: expected.api, params: (c ? toPlain(c.args) : {}) as JsonObject };
    },
    actsOn(type, call) {
      const c = assignments.get(call.api);
      if (!c?.[type]) return false;
      if (type !== 'ad_hoc') return true;
      const rule = rules.get(call.api) as PlainRule;
      const allowed = call.params[rule.param];
      return Array.isArray(allowed) && allowed.some((v) => v !== '' && rule.format(v) !== v);
    },
  };
}
