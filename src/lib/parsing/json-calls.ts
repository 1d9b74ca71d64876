/**
 * Function calls written as JSON, in the shapes models and APIs produce:
 * - `[{"name": f, "arguments"|"parameters"|"args": {...}}]` or a single object,
 *   also `{"function": f, "parameters": …}` (BFCL's JSON format) and `{"tool": f}`;
 * - `arguments` given as a JSON string (OpenAI style) is decoded;
 * - OpenAI `tool_calls`: `[{type: "function", function: {name, arguments}}]`,
 *   a message `{tool_calls: [...]}`, or a chat completion `{choices: [{message}]}`;
 * - `<tool_call>{…}</tool_call>` blocks (Hermes / Qwen templates), any number.
 * Markdown fences are removed first. Numbers keep int vs float.
 */
import { isDict, newDict, type PyDict, type PyValue } from '../core/pyvalue';
import { failure, type ParseResult } from './parse-result';
import { type Call } from '../core/calls';
import { outputTooLong } from './budget';
import { JsonError, parseJsonValue } from './json-value';

const NAME_KEYS = ['name', 'function', 'tool', 'tool_name'] as const;
const ARG_KEYS = ['arguments', 'parameters', 'args', 'input'] as const;

const FENCE = '```';
const isInfoChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;

/**
 * Removes one surrounding markdown code fence (``` or ```json …), if the text is fenced:
 * what /^```[\w-]*[ \t]*\r?\n?([\s\S]*?)\r?\n?```$/ captures, in one pass (that pattern
 * backtracks quadratically on a long unterminated fence).
 */
export function stripFence(text: string): string {
  const t = text.trim();
  if (t.length < 2 * FENCE.length || !t.startsWith(FENCE) || !t.endsWith(FENCE)) return t;
  let start = FENCE.length;
  while (start < t.length && isInfoChar(t.charCodeAt(start))) start++;
  while (t[start] === ' ' || t[start] === '\t') start++;
  if (t[start] === '\r') start++;
  if (t[start] === '\n') start++;
  let end = t.length - FENCE.length;
  if (t[end - 1] === '\n') end--;
  if (t[end - 1] === '\r') end--;
  return end > start ? t.slice(start, end) : '';
}

/** The text between each `open` and the next `close`, left to right (a lazy `open(.*?)close` match, in linear time). */
export function tagBodies(text: string, open: string, close: string): string[] {
  const bodies: string[] = [];
  let from = 0;
  for (;;) {
    const o = text.indexOf(open, from);
    if (o < 0) break;
    const c = text.indexOf(close, o + open.length);
    if (c < 0) break;
    bodies.push(text.slice(o + open.length, c));
    from = c + close.length;
  }
  return bodies;
}

function asDict(v: PyValue | undefined): PyDict | null {
  return v !== undefined && v !== null && isDict(v) ? v : null;
}

/** One call from a JSON object, or an explanation of why it is not one. */
function callFromObject(v: PyValue): Call | string {
  const d = asDict(v);
  if (!d) return 'a call must be a JSON object';
  // OpenAI tool call: {type: "function", function: {name, arguments}}
  const fn = asDict(d.function);
  if (fn && typeof fn.name === 'string') return callFromObject(fn);
  let name: string | undefined;
  for (const k of NAME_KEYS) {
    const n = d[k];
    if (typeof n === 'string') {
      name = n;
      break;
    }
  }
  if (name === undefined) return 'no "name" in call object';
  let args: PyValue = newDict();
  for (const k of ARG_KEYS) {
    if (k in d) {
      args = d[k] as PyValue;
      break;
    }
  }
  if (typeof args === 'string') {
    if (args.trim() === '') args = newDict();
    else {
      try {
        args = parseJsonValue(args);
      } catch {
        return `arguments of ${name} are not valid JSON`;
      }
    }
  }
  if (args === null) args = newDict();
  const argsDict = asDict(args);
  if (!argsDict) return `arguments of ${name} must be an object`;
  return { name, args: argsDict };
}

function callsFromValue(v: PyValue): ParseResult {
  let items: PyValue[];
  const d = asDict(v);
  if (Array.isArray(v)) items = v;
  else if (d && Array.isArray(d.tool_calls)) items = d.tool_calls;
  else if (d && Array.isArray(d.choices)) {
    const message = asDict(asDict(d.choices[0] ?? null)?.message);
    items = message && Array.isArray(message.tool_calls) ? message.tool_calls : [];
  } else items = [v];
  const calls: Call[] = [];
  for (const item of items) {
    const c = callFromObject(item);
    if (typeof c === 'string') return failure('not_calls', c);
    calls.push(c);
  }
  return { ok: true, calls };
}

/** JSON function calls, fenced or not. */
export function parseJsonCalls(text: string): ParseResult {
  const tooLong = outputTooLong(text);
  if (tooLong) return failure('too_large', tooLong);
  const body = stripFence(text);
  if (body.trim() === '') return failure('empty', 'empty output');
  let value: PyValue;
  try {
    value = parseJsonValue(body.trim());
  } catch (e) {
    if (e instanceof JsonError) return failure('syntax', e.message);
    throw e;
  }
  return callsFromValue(value);
}

/** Every `<tool_call>…</tool_call>` block; each holds one JSON call (or a list). */
export function parseToolCallTags(text: string): ParseResult {
  const tooLong = outputTooLong(text);
  if (tooLong) return failure('too_large', tooLong);
  const bodies = tagBodies(text, '<tool_call>', '</tool_call>');
  if (bodies.length === 0) return failure('not_calls', 'no <tool_call> block');
  const calls: Call[] = [];
  for (const body of bodies) {
    const r = parseJsonCalls(body);
    if (!r.ok) return r;
    calls.push(...r.calls);
  }
  return { ok: true, calls };
}
