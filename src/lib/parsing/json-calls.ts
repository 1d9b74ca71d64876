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
import { type Call, failure, type ParseResult } from './calls';
import { JsonError, parseJsonValue } from './json-value';

const NAME_KEYS = ['name', 'function', 'tool', 'tool_name'] as const;
const ARG_KEYS = ['arguments', 'parameters', 'args', 'input'] as const;

/** Removes one surrounding markdown code fence (``` or ```json …), if the text is fenced. */
export function stripFence(text: string): string {
  const t = text.trim();
  const m = /^```[\w-]*[ \t]*\r?\n?([\s\S]*?)\r?\n?```$/.exec(t);
  return m ? (m[1] as string) : t;
}

function asDict(v: PyValue | undefined): PyDict | null {
  return v !== undefined && v !== null && isDict(v) ? v : null;
}

/** One call from a JSON object, or an explanation of why it is not one. */
export function callFromObject(v: PyValue): Call | string {
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

const TOOL_CALL_BLOCK = /<tool_call>([\s\S]*?)<\/tool_call>/g;

/** Every `<tool_call>…</tool_call>` block; each holds one JSON call (or a list). */
export function parseToolCallTags(text: string): ParseResult {
  const calls: Call[] = [];
  let found = false;
  for (const m of text.matchAll(TOOL_CALL_BLOCK)) {
    found = true;
    const r = parseJsonCalls(m[1] as string);
    if (!r.ok) return r;
    calls.push(...r.calls);
  }
  if (!found) return failure('not_calls', 'no <tool_call> block');
  return { ok: true, calls };
}
