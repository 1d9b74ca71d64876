/**
 * Requests with expected calls, for tools the user brings:
 * `{"id"?: …, "query": "…", "expected": [{"name": "…", "arguments": {…}}]}` per line.
 *
 * An argument is the value expected, or a BFCL-style list of allowed values where several are
 * acceptable (for a list parameter: a list of lists). `""` among the allowed values means the
 * argument may be left out; an argument not named at all must be left out, as in BFCL.
 * `"expected": []` means no call is right (an irrelevance request). Every expected call is checked
 * against the tools: unknown function, unknown or missing argument, wrong type, value outside an enum.
 */
import { isDict, newDict, type PyDict, PyFloat, type PyValue } from '../core/pyvalue';
import type { PackItem, ToolSchema } from '../core/types';
import type { ParamSchema, PossibleAnswer } from '../core/schema';
import { allowedValues, valueProblem } from '../scoring/value-problems';
import { FormatError, readRecords } from './jsonl';

const MAX_REQUESTS = 20000;
const MAX_QUERY = 20000;

export interface RequestProblem {
  /** e.g. `expected[0].arguments.city` */
  at: string;
  message: string;
}

export interface ToolRequest {
  id: string;
  query: string;
  expected: PyValue[];
}

/** The problems of one expected call against the tools (an empty list when it is right). */
function callProblems(call: PyValue, tools: readonly ToolSchema[], at: string): RequestProblem[] {
  if (call === null || !isDict(call)) return [{ at, message: 'expected {"name": …, "arguments": {…}}' }];
  const extra = Object.keys(call).filter((k) => k !== 'name' && k !== 'arguments');
  if (extra.length) return [{ at, message: `unknown field ${extra.map((k) => `"${k}"`).join(', ')} (a call has "name" and "arguments")` }];
  const name = call.name;
  if (typeof name !== 'string') return [{ at: `${at}.name`, message: 'expected a function name' }];
  const tool = tools.find((t) => t.name === name);
  if (!tool) return [{ at: `${at}.name`, message: `"${name}" is not one of the tools` }];
  const args = call.arguments ?? newDict();
  if (args === null || !isDict(args)) return [{ at: `${at}.arguments`, message: 'expected an object of argument values' }];
  const problems: RequestProblem[] = [];
  const props = tool.parameters.properties;
  for (const [arg, value] of Object.entries(args)) {
    const param = props[arg];
    const where = `${at}.arguments.${arg}`;
    if (!param) {
      problems.push({ at: where, message: `${name} has no argument "${arg}" (${Object.keys(props).join(', ') || 'none'})` });
      continue;
    }
    const allowed = allowedValues(value, param);
    if (allowed.length === 0) problems.push({ at: where, message: 'an empty list of allowed values' });
    for (const [i, v] of allowed.entries()) {
      const place = allowed.length > 1 ? `${where}[${i}]` : where;
      if (v === '') {
        if ((tool.parameters.required ?? []).includes(arg)) problems.push({ at: place, message: '"" would let a required argument be left out' });
        continue;
      }
      const bad = valueProblem(v, param, place);
      if (bad) problems.push({ at: place, message: bad });
    }
  }
  for (const r of tool.parameters.required ?? []) {
    if (!Object.hasOwn(args, r)) problems.push({ at: `${at}.arguments`, message: `the required argument "${r}" is missing` });
  }
  return problems;
}

/** The problems of a whole `expected` value. */
export function expectedProblems(expected: PyValue, tools: readonly ToolSchema[]): RequestProblem[] {
  if (!Array.isArray(expected)) return [{ at: 'expected', message: 'expected a list of calls ([] when no call is right)' }];
  return expected.flatMap((c, i) => callProblems(c, tools, `expected[${i}]`));
}

const asFloat = (v: PyValue, p: ParamSchema | undefined): PyValue => (p?.type === 'float' && typeof v === 'number' ? new PyFloat(v) : v);

/** One allowed value in BFCL's form: an object's fields list their allowed values (`{"city": ["Paris"]}`). */
function bfclOption(v: PyValue, p: ParamSchema | undefined): PyValue {
  if (p?.type === 'dict' && v !== null && isDict(v)) {
    const out = newDict();
    for (const [k, x] of Object.entries(v)) out[k] = allowedValues(x, p.properties?.[k]).map((o) => asFloat(o, p.properties?.[k]));
    return out;
  }
  const items = p?.items as ParamSchema | undefined;
  if ((p?.type === 'array' || p?.type === 'tuple') && items?.type === 'dict' && Array.isArray(v)) return v.map((d) => bfclOption(d, items));
  return asFloat(v, p);
}

/** The inverse of bfclOption, for the requests file and the editor. */
function plainOption(v: PyValue, p: ParamSchema | undefined): PyValue {
  if (p?.type === 'dict' && v !== null && isDict(v)) {
    const out = newDict();
    for (const [k, x] of Object.entries(v)) out[k] = Array.isArray(x) ? argumentValue(x, p.properties?.[k]) : x;
    return out;
  }
  const items = p?.items as ParamSchema | undefined;
  if ((p?.type === 'array' || p?.type === 'tuple') && items?.type === 'dict' && Array.isArray(v)) return v.map((d) => plainOption(d, items));
  return v;
}

/** BFCL's possible answer of checked calls; ints become floats where the parameter is a float. */
function possibleAnswerOf(expected: readonly PyValue[], tools: readonly ToolSchema[]): PossibleAnswer[] {
  return expected.map((c) => {
    const call = c as PyDict;
    const name = call.name as string;
    const props = tools.find((t) => t.name === name)?.parameters.properties ?? {};
    const args = (call.arguments ?? newDict()) as PyDict;
    const params = newDict() as unknown as Record<string, PyValue[]>;
    for (const [arg, value] of Object.entries(args)) params[arg] = allowedValues(value, props[arg]).map((v) => bfclOption(v, props[arg]));
    const out = newDict() as unknown as PossibleAnswer;
    out[name] = params;
    return out;
  });
}

/** The category BFCL's checker needs: one call, several (any order), or none. */
function requestCategory(expected: readonly PyValue[]): string {
  if (expected.length === 0) return 'irrelevance';
  if (expected.length === 1) return 'simple';
  const names = new Set(expected.map((c) => (c as PyDict).name));
  return names.size === 1 ? 'parallel' : 'parallel_multiple';
}

export function requestItem(req: ToolRequest, tools: readonly ToolSchema[]): PackItem {
  const names = new Set(req.expected.map((c) => (c as PyDict).name as string));
  return { id: req.id, category: requestCategory(req.expected), question: req.query, tools: tools.filter((t) => names.has(t.name)), possibleAnswer: possibleAnswerOf(req.expected, tools) };
}

/** Reads and checks a requests file against the tools; throws FormatError naming file, line and field. */
export function readToolRequests(text: string, source: string, tools: readonly ToolSchema[]): PackItem[] {
  const records = readRecords(text, source);
  if (records.length === 0) throw new FormatError(source, '(file)', 'no requests');
  if (records.length > MAX_REQUESTS) throw new FormatError(source, '(file)', `${records.length} requests; at most ${MAX_REQUESTS}`);
  const ids = new Set<string>();
  return records.map((r, i) => {
    const record = `${source} request ${i + 1}`;
    if (r === null || !isDict(r)) throw new FormatError(record, '(record)', 'expected {"query": …, "expected": […]}');
    const extra = Object.keys(r).filter((k) => k !== 'id' && k !== 'query' && k !== 'expected');
    if (extra.length) throw new FormatError(record, extra[0] as string, 'unknown field (a request has "id", "query" and "expected")');
    const id = r.id === undefined ? `request-${i + 1}` : r.id;
    if (typeof id !== 'string' || id === '') throw new FormatError(record, 'id', 'expected a non-empty string');
    if (ids.has(id)) throw new FormatError(record, 'id', `"${id}" is the id of an earlier request`);
    ids.add(id);
    if (typeof r.query !== 'string' || r.query.trim() === '') throw new FormatError(record, 'query', 'expected the request as a non-empty string');
    if (r.query.length > MAX_QUERY) throw new FormatError(record, 'query', `${r.query.length} characters; at most ${MAX_QUERY}`);
    const expected = r.expected as PyValue;
    const problems = expectedProblems(expected, tools);
    if (problems.length > 0) throw new FormatError(`${record} (${id})`, (problems[0] as RequestProblem).at, (problems[0] as RequestProblem).message);
    return requestItem({ id, query: r.query, expected: expected as PyValue[] }, tools);
  });
}

/** The argument as a requests file writes it: the value itself when only one is allowed. */
function argumentValue(allowed: readonly PyValue[], param: ParamSchema | undefined): PyValue {
  if (allowed.length !== 1) return [...allowed];
  const only = allowed[0] as PyValue;
  // a lone list value of a list parameter reads back as the value; a lone "" must stay a list
  return only === '' || (Array.isArray(only) && !(param?.type === 'array' || param?.type === 'tuple')) ? [only] : only;
}

/** A pack item back in the requests file's shape (what the editor shows and the export writes). */
export function itemRequest(item: PackItem, tools: readonly ToolSchema[]): ToolRequest {
  const expected: PyValue[] = item.possibleAnswer.map((answer) => {
    const [name, params] = Object.entries(answer)[0] as [string, Record<string, PyValue[]>];
    const props = tools.find((t) => t.name === name)?.parameters.properties ?? {};
    const args = newDict();
    for (const [arg, allowed] of Object.entries(params))
      args[arg] = argumentValue(
        allowed.map((v) => plainOption(v, props[arg])),
        props[arg],
      );
    const call = newDict();
    call.name = name;
    call.arguments = args;
    return call;
  });
  return { id: item.id, query: item.question, expected };
}
