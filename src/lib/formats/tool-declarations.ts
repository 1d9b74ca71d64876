/**
 * Tool declarations as the ecosystem writes them, read into our tool schemas:
 * OpenAI's `tools` array (`{type: "function", function: {name, description, parameters}}`),
 * bare function declarations (`{name, description, parameters}`, also Gemini's
 * `{functionDeclarations: […]}` with upper-case types), Anthropic's `{name, description, input_schema}`.
 * A file may be the array itself or an object holding it under `tools` / `functions`.
 */
import { isObject, type UnknownObject as Obj } from '../core/objects';
import type { ToolSchema } from '../core/types';
import { type ConversionContext, FUNCTION_NAME, parametersFromJsonSchema } from './json-schema-params';
import { FormatError } from './jsonl';

export const MAX_TOOLS = 5000;

export interface ConvertedTools {
  tools: ToolSchema[];
  /** what BFCL's types could not say exactly, place by place */
  warnings: string[];
  /** the shape the file was read as, for the preview */
  shape: string;
}

/** The declarations of a file, flattened: Gemini nests them one level down. */
function declarationsOf(doc: unknown, source: string): { list: unknown[]; shape: string } {
  if (Array.isArray(doc)) {
    const nested = doc.filter(isObject).flatMap((d) => (Array.isArray(d.functionDeclarations) ? d.functionDeclarations : Array.isArray(d.function_declarations) ? d.function_declarations : []));
    if (nested.length > 0) return { list: nested, shape: 'Gemini function declarations' };
    return { list: doc, shape: 'a list of tool declarations' };
  }
  if (isObject(doc)) {
    for (const key of ['tools', 'functions', 'functionDeclarations', 'function_declarations']) {
      const v = doc[key];
      if (Array.isArray(v)) return declarationsOf(v, source);
    }
    if (typeof doc.name === 'string') return { list: [doc], shape: 'one tool declaration' };
  }
  throw new FormatError(source, '(file)', 'expected a list of tool declarations, or an object with a "tools" or "functions" list');
}

/** Lower-cases Gemini's `STRING` / `OBJECT` type names, everywhere in a schema. */
function lowerTypes(v: unknown, depth = 0): unknown {
  if (depth > 64) return v;
  if (Array.isArray(v)) return v.map((x) => lowerTypes(x, depth + 1));
  if (!isObject(v)) return v;
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) out[k] = k === 'type' && typeof x === 'string' ? x.toLowerCase() : lowerTypes(x, depth + 1);
  return out;
}

function readDeclaration(raw: unknown, where: string, warnings: string[]): ToolSchema {
  if (!isObject(raw)) throw new FormatError(where, '(declaration)', 'expected an object');
  const fn = raw.type === 'function' && isObject(raw.function) ? raw.function : raw;
  const name = fn.name;
  if (typeof name !== 'string' || name === '') throw new FormatError(where, 'name', 'expected a non-empty string');
  const named = `${where} (${name})`;
  if (!FUNCTION_NAME.test(name)) throw new FormatError(named, 'name', 'a function name must be an identifier (letters, digits, _; dots between parts) so every call format can write it');
  const schema = fn.parameters ?? fn.input_schema ?? fn.inputSchema;
  const ctx: ConversionContext = { where: named, root: isObject(schema) ? (lowerTypes(schema) as Obj) : {}, warnings };
  const parameters = parametersFromJsonSchema(isObject(schema) ? ctx.root : schema, ctx);
  const description = typeof fn.description === 'string' ? fn.description.trim() : '';
  return { name, ...(description ? { description } : {}), parameters };
}

/** Reads a tools file (already parsed JSON); throws FormatError naming the declaration and field. */
export function readToolDeclarations(doc: unknown, source: string): ConvertedTools {
  const { list, shape } = declarationsOf(doc, source);
  if (list.length === 0) throw new FormatError(source, '(file)', 'no tool declarations');
  if (list.length > MAX_TOOLS) throw new FormatError(source, '(file)', `${list.length} declarations; at most ${MAX_TOOLS}`);
  const warnings: string[] = [];
  const tools = list.map((d, i) => readDeclaration(d, `${source} tools[${i}]`, warnings));
  refuseDuplicateNames(tools, (i) => `${source} tools[${i}]`);
  return { tools, warnings, shape };
}

export function refuseDuplicateNames(tools: readonly ToolSchema[], where: (index: number) => string): void {
  const first = new Map<string, number>();
  tools.forEach((t, i) => {
    const j = first.get(t.name);
    if (j !== undefined) throw new FormatError(where(i), 'name', `"${t.name}" is also the name of ${where(j)}: function names must be unique`);
    first.set(t.name, i);
  });
}
