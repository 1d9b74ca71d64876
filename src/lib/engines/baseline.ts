/**
 * An honest non-LLM baseline. For calls: picks the offered tool whose name, description
 * and parameter names best match the request (BM25), then fills parameters
 * with values found in the request by simple patterns (quoted text, ids,
 * dates, numbers, enum words). It shows what surface matching alone achieves. For questions about a tool
 * response: looks a value up by its key (lookupAnswer).
 */
import { newDict, PyFloat, type PyValue } from '../core/pyvalue';
import type { GenerateRequest, GenerateResult, Sample, ScriptedEngine, ToolSchema } from '../core/types';
import type { Call } from '../core/calls';
import { formatPythonCalls } from '../parsing/format-calls';
import { DONE_MESSAGE, scriptedResult, turnIndex } from './turns';
import type { ParamSchema } from '../core/schema';
import { bm25, terms, toolText } from '../core/text-similarity';
import { toPlain } from '../core/pyvalue';
import type { JsonObject } from '../core/types';
import { type CallFormat, callText, currentQuery, END_OF_TURN, episodePosition } from '../prompts/episode-protocol';
import type { EngineFactory } from './host';

interface Found {
  quoted: string[];
  ids: string[];
  dates: string[];
  emails: string[];
  numbers: string[];
}

function extract(q: string): Found {
  return {
    quoted: [...q.matchAll(/"([^"]+)"|'([^']+)'/g)].map((m) => (m[1] ?? m[2]) as string),
    emails: q.match(/[\w.+-]+@[\w-]+\.[\w.]+/g) ?? [],
    dates: q.match(/\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?|\b\d{2}:\d{2}\b/g) ?? [],
    ids: q.match(/\b(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+\b|\b[A-Z]{2,}\d+[A-Z0-9]*\b|\bi-[0-9a-f]{6,}\b/g) ?? [],
    numbers: q.match(/(?<![\w-])\d+(?:\.\d+)?(?![\w-])/g) ?? [],
  };
}

function fill(name: string, p: ParamSchema, q: string, found: Found, used: Set<string>): PyValue | undefined {
  const take = (list: string[]) => list.find((v) => !used.has(v));
  const lname = name.toLowerCase();
  if (p.enum && p.enum.length) {
    const hit = p.enum.find((e) => typeof e === 'string' && new RegExp(`\\b${e.replace(/_/g, '[ _]')}\\b`, 'i').test(q));
    return hit ?? undefined;
  }
  switch (p.type) {
    case 'boolean':
      return terms(name).every((w) => q.toLowerCase().includes(w)) ? true : undefined;
    case 'integer': {
      const v = take(found.numbers.filter((n) => !n.includes('.')));
      return v === undefined ? undefined : Number(v);
    }
    case 'float': {
      const v = take(found.numbers);
      return v === undefined ? undefined : new PyFloat(Number(v));
    }
    case 'string': {
      if (/email|address/.test(lname) && found.emails.length) return take(found.emails);
      if (/date|time|slot|start|publish|expire|check_in/.test(lname) && found.dates.length) return take(found.dates);
      if (/_id$|^id$|number|serial|code|plate|card|iban/.test(lname) && found.ids.length) return take(found.ids);
      if (found.quoted.length) return take(found.quoted);
      return undefined;
    }
  }
  return undefined;
}

function baselineAnswer(question: string, tools: readonly ToolSchema[]): string {
  const call = baselineCall(question, tools);
  return formatPythonCalls(call ? [call] : []);
}

/**
 * A request of several steps: one call per clause ("…, then …", "… and …",
 * "…; …"), each chosen and filled as a single request would be.
 */
function baselinePlan(request: string, tools: readonly ToolSchema[]): string {
  const calls = clausesOf(request)
    .slice(0, 6)
    .map((c) => baselineCall(c, tools))
    .filter((c): c is Call => c !== null);
  return formatPythonCalls(calls);
}

/** The request split at ";", ", then", ", and", ", " and sentence ends, never inside quotes. */
function clausesOf(request: string): string[] {
  const quoted: string[] = [];
  const masked = request.replace(/"[^"]*"/g, (q) => `\u0000${quoted.push(q) - 1}\u0000`);
  return masked
    .split(/;|,? then |, and |\. (?=[A-Z])|, /)
    .map((c) => c.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => quoted[Number(i)] ?? '').trim())
    .filter((c) => c.length > 3);
}

function baselineCall(question: string, tools: readonly ToolSchema[]): Call | null {
  if (tools.length === 0) return null;
  const scores = bm25(
    terms(question),
    tools.map((t) => terms(toolText(t))),
  );
  let best = 0;
  scores.forEach((s, i) => {
    if (s > (scores[best] as number)) best = i;
  });
  const tool = tools[best] as ToolSchema;
  const found = extract(question);
  const used = new Set<string>();
  const args = newDict();
  const params = Object.entries(tool.parameters.properties);
  const required = new Set(tool.parameters.required ?? []);
  for (const [name, p] of [...params.filter(([n]) => required.has(n)), ...params.filter(([n]) => !required.has(n))]) {
    const v = fill(name, p, question, found, used);
    if (v === undefined) continue;
    args[name] = v;
    if (typeof v === 'string') used.add(v);
    else if (typeof v === 'number' || v instanceof PyFloat) used.add(String(v instanceof PyFloat ? v.value : v));
  }
  return { name: tool.name, args };
}

/** Leaves of a JSON value with the keys leading to them. */
function leaves(value: unknown, path: string[] = [], out: { path: string[]; value: string }[] = []): { path: string[]; value: string }[] {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, Array.isArray(value) ? path : [...path, k], out);
  } else if (value !== null && value !== undefined) out.push({ path, value: String(value) });
  return out;
}

/**
 * Tool-response QA without a model: the record the question names (by a quoted
 * or numeric id found in it), else the first; then the value whose key path
 * best matches the question's words (BM25). It can look a value up; it cannot
 * filter, count or compute.
 */
function lookupAnswer(prompt: string): string {
  const json = /```json\n([\s\S]*?)```/.exec(prompt)?.[1];
  const question = /Question: ([^\n]*)/.exec(prompt)?.[1] ?? prompt;
  if (!json) return '';
  let response: unknown;
  try {
    response = JSON.parse(json);
  } catch {
    return '';
  }
  const arrays: unknown[][] = [];
  const collect = (v: unknown) => {
    if (Array.isArray(v)) arrays.push(v);
    if (v !== null && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(response);
  // the records: the array that holds the most of the response (nested arrays of a record hold less)
  let records: unknown[] = [response];
  let largest = -1;
  for (const a of arrays) {
    const size = a.some((x) => x !== null && typeof x === 'object') ? JSON.stringify(a).length : -1;
    if (size > largest) [records, largest] = [a, size];
  }
  const mentioned = [...question.matchAll(/"([^"]+)"|\b(\d{4}-\d{2}-\d{2}|\d{5,})\b/g)].map((m) => m[1] ?? m[2]);
  const record = records.find((r) => mentioned.some((id) => id !== undefined && JSON.stringify(r).includes(id))) ?? records[0];
  const candidates = leaves(record);
  if (candidates.length === 0) return '';
  const scores = bm25(
    terms(question),
    candidates.map((c) => terms(c.path.join(' ').replace(/([a-z])([A-Z])/g, '$1 $2'))),
  );
  let best = 0;
  scores.forEach((s, i) => {
    if (s > (scores[best] as number)) best = i;
  });
  return (candidates[best] as { value: string }).value;
}

/** An API-system turn: one call chosen and filled from the query, then the end of the turn (it never reads a result). */
function baselineEpisodeStep(history: string, tools: readonly ToolSchema[], format?: CallFormat): string {
  if (episodePosition(history).callsThisTurn > 0) return `Done. ${END_OF_TURN}`;
  const call = baselineCall(currentQuery(history), tools);
  return call ? callText({ api: call.name, params: toPlain(call.args) as JsonObject }, format) : END_OF_TURN;
}

function lastUserMessage(request: GenerateRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) if (request.messages[i]?.role === 'user') return request.messages[i]?.content ?? '';
  return '';
}

export function createBaselineEngine(): ScriptedEngine {
  return {
    info: { id: 'baseline', kind: 'baseline', model: 'BM25 tool choice + pattern slot filling' },
    async answer(request: GenerateRequest, sample: Sample): Promise<GenerateResult> {
      const e = sample.expected;
      const text =
        e.kind === 'qa'
          ? lookupAnswer(lastUserMessage(request))
          : e.kind === 'dag'
            ? turnIndex(request, sample) > 0
              ? DONE_MESSAGE // it plans everything up front and never reads a result
              : baselinePlan(lastUserMessage(request), sample.tools)
            : e.kind === 'api'
              ? baselineEpisodeStep(lastUserMessage(request), sample.tools, e.callFormat)
              : baselineAnswer(lastUserMessage(request), sample.tools);
      return scriptedResult(text, sample);
    },
  };
}

export const openBaseline: EngineFactory = async (_order, host) => ({ engine: createBaselineEngine(), counter: await host.llama3(), counting: null });
