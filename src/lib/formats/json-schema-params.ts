/**
 * JSON Schema (as tool declarations and OpenAPI documents write parameters) → the BFCL parameter
 * schemas our prompts, grammars and scorers read: `object` → `dict`, `number` → `float`, enums
 * (also `const` and `oneOf` of consts) → `enum`, nullable unions → their one type. What BFCL's
 * types cannot say is reported as a warning naming the place, never dropped silently.
 */
import { isObject, type UnknownObject as Schema } from '../core/objects';
import { fromPlain, type PyValue } from '../core/pyvalue';
import type { ToolSchema } from '../core/types';
import type { ParamSchema } from '../core/schema';
import { FormatError } from './jsonl';

const MAX_DEPTH = 12;
const MAX_PROPERTIES = 500;
const MAX_ENUM = 1000;

const BFCL_TYPES: Record<string, string> = { string: 'string', integer: 'integer', number: 'float', boolean: 'boolean', array: 'array', object: 'dict' };

export interface ConversionContext {
  /** where the schema sits, for messages: 'createPet' or 'tools[3] (createPet)' */
  where: string;
  /** the document `#/…` references point into (tool declarations carry `$defs` beside their parameters) */
  root: Schema;
  warnings: string[];
}

/** Resolves a local `#/a/b` reference inside the root; other references cannot be followed offline. */
function resolve(ref: string, ctx: ConversionContext, at: string): Schema {
  if (!ref.startsWith('#/')) throw new FormatError(ctx.where, at, `the reference ${ref} points outside this file; only local references (#/…) can be followed`);
  let node: unknown = ctx.root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    if (node === undefined) throw new FormatError(ctx.where, at, `the reference ${ref} does not resolve`);
  }
  if (!isObject(node)) throw new FormatError(ctx.where, at, `the reference ${ref} is not a schema`);
  return node;
}

/** The schema without `$ref` indirection and nullable wrappers. */
function unwrap(s: Schema, ctx: ConversionContext, at: string): Schema {
  let cur = s;
  for (let hops = 0; typeof cur.$ref === 'string'; hops++) {
    if (hops > 32) throw new FormatError(ctx.where, at, 'references loop without a schema');
    const target = resolve(cur.$ref, ctx, at);
    const { $ref: _, ...rest } = cur;
    cur = { ...target, ...rest };
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alts = cur[key];
    if (!Array.isArray(alts)) continue;
    const real = alts.filter((a) => !(isObject(a) && a.type === 'null'));
    if (real.length === 1 && isObject(real[0])) {
      const { [key]: _, ...rest } = cur;
      return unwrap({ ...rest, ...real[0] }, ctx, at);
    }
  }
  return cur;
}

function enumOf(s: Schema): unknown[] | null {
  if (Array.isArray(s.enum)) return s.enum.filter((v) => v !== null);
  if ('const' in s) return [s.const];
  const alts = s.oneOf ?? s.anyOf;
  if (Array.isArray(alts) && alts.length > 0 && alts.every((a) => isObject(a) && ('const' in a || a.type === 'null'))) {
    return alts.filter((a) => (a as Schema).type !== 'null').map((a) => (a as Schema).const);
  }
  return null;
}

function typeOf(s: Schema, values: unknown[] | null, ctx: ConversionContext, at: string): string {
  let t = s.type;
  // a type that is neither a name nor a list of names says something, but not what: refused, not read as "no type"
  if (t !== undefined && typeof t !== 'string' && !(Array.isArray(t) && t.length > 0 && t.every((x) => typeof x === 'string')))
    throw new FormatError(ctx.where, `${at}.type`, `expected a JSON Schema type name or a list of them, got ${JSON.stringify(t)?.slice(0, 40)}`);
  if (Array.isArray(t)) {
    const real = t.filter((x) => x !== 'null');
    if (real.length > 1) ctx.warnings.push(`${ctx.where}: ${at}: the types ${real.join(' | ')} are taken as ${String(real[0])} (a BFCL parameter has one type)`);
    t = real[0];
  }
  if (typeof t === 'string') {
    const bfcl = BFCL_TYPES[t.toLowerCase()];
    if (!bfcl) throw new FormatError(ctx.where, `${at}.type`, `"${t}" is not a JSON Schema type`);
    return bfcl;
  }
  if (values && values.length > 0) {
    const kinds = new Set(values.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'float') : typeof v)));
    if (kinds.size === 1) {
      const k = [...kinds][0] as string;
      return k === 'string' || k === 'integer' || k === 'float' || k === 'boolean' ? k : 'any';
    }
  }
  if (isObject(s.properties)) return 'dict';
  if (s.items !== undefined) return 'array';
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts) && alts.length > 0) {
    const first = alts.find(isObject);
    const firstType = first ? typeOf(unwrap(first, ctx, at), enumOf(first), ctx, at) : 'any';
    ctx.warnings.push(`${ctx.where}: ${at}: a union of ${alts.length} schemas is taken as its first (${firstType})`);
    return firstType;
  }
  ctx.warnings.push(`${ctx.where}: ${at}: no type given; taken as any value`);
  return 'any';
}

/** One parameter's schema; `at` names it for messages (e.g. `parameters.owner.email`). */
export function paramFromJsonSchema(raw: unknown, ctx: ConversionContext, at: string, depth = 0, seen: Set<Schema> = new Set()): ParamSchema {
  if (!isObject(raw)) {
    if (raw === true) return { type: 'any' };
    if (raw === undefined) {
      ctx.warnings.push(`${ctx.where}: ${at}: no schema given; taken as any value`);
      return { type: 'any' };
    }
    throw new FormatError(ctx.where, at, 'expected a schema object');
  }
  const s = unwrap(raw, ctx, at);
  if (s.properties !== undefined && !isObject(s.properties)) throw new FormatError(ctx.where, `${at}.properties`, 'expected an object of named schemas (a list has no names)');
  const values = enumOf(s);
  const type = typeOf(s, values, ctx, at);
  const out: ParamSchema = { type };
  const description = [s.description, s.title].find((d) => typeof d === 'string' && d.trim() !== '');
  if (typeof description === 'string') out.description = description.trim();
  if (values) {
    if (values.length > MAX_ENUM) throw new FormatError(ctx.where, `${at}.enum`, `${values.length} values; at most ${MAX_ENUM}`);
    out.enum = values.map((v) => fromPlain(v));
  }
  if (s.default !== undefined && s.default !== null) out.default = fromPlain(s.default) as PyValue;
  if (type === 'array' && s.items !== undefined) {
    if (depth >= MAX_DEPTH || seen.has(s)) {
      ctx.warnings.push(`${ctx.where}: ${at}.items: nested deeper than ${MAX_DEPTH} levels or recursive; its items are taken as any value`);
      out.items = { type: 'any' };
    } else {
      const item = paramFromJsonSchema(s.items, ctx, `${at}[]`, depth + 1, new Set([...seen, s]));
      out.items = item as ParamSchema['items'];
    }
  }
  if (type === 'dict' && isObject(s.properties)) {
    if (depth >= MAX_DEPTH || seen.has(s)) {
      ctx.warnings.push(`${ctx.where}: ${at}: nested deeper than ${MAX_DEPTH} levels or recursive; its fields are taken as any object`);
    } else {
      out.properties = propertiesOf(s, ctx, at, depth + 1, new Set([...seen, s]));
    }
  }
  return out;
}

/** What a parameter name may hold: letters, digits and `_ - . $ @ [ ] :` (`page[size]`, `$filter`), no space, quote or markup. */
const PARAMETER_NAME = /^[\p{L}\p{N}_\-.$@[\]:]{1,128}$/u;

/** Refuses a parameter name that is not a name (markup, quotes, spaces…), naming it. */
export function checkParameterName(name: string, ctx: ConversionContext, at: string): void {
  if (!PARAMETER_NAME.test(name)) throw new FormatError(ctx.where, at, `${JSON.stringify(name.slice(0, 60))} is not a parameter name: letters, digits and _ - . $ @ [ ] : only, up to 128`);
}

function propertiesOf(s: Schema, ctx: ConversionContext, at: string, depth: number, seen: Set<Schema>): Record<string, ParamSchema> {
  const props = s.properties as Schema;
  const names = Object.keys(props);
  if (names.length > MAX_PROPERTIES) throw new FormatError(ctx.where, `${at}.properties`, `${names.length} properties; at most ${MAX_PROPERTIES}`);
  for (const name of names) checkParameterName(name, ctx, `${at}.properties`);
  const out: Record<string, ParamSchema> = Object.create(null) as Record<string, ParamSchema>;
  for (const name of names) out[name] = paramFromJsonSchema(props[name], ctx, `${at}.${name}`, depth, seen);
  return out;
}

/** A function's `parameters` object schema → our tool's parameters (properties and required). */
export function parametersFromJsonSchema(raw: unknown, ctx: ConversionContext): ToolSchema['parameters'] {
  if (raw === undefined || raw === null) return { type: 'dict', properties: {}, required: [] };
  if (!isObject(raw)) throw new FormatError(ctx.where, 'parameters', 'expected an object schema');
  const s = unwrap(raw, ctx, 'parameters');
  const t = typeof s.type === 'string' ? s.type.toLowerCase() : undefined;
  if (t !== undefined && t !== 'object') throw new FormatError(ctx.where, 'parameters.type', `expected "object", found "${String(s.type)}"`);
  const properties = isObject(s.properties) ? propertiesOf(s, ctx, 'parameters', 0, new Set([s])) : {};
  const required = s.required ?? [];
  if (!Array.isArray(required) || required.some((r) => typeof r !== 'string')) throw new FormatError(ctx.where, 'parameters.required', 'expected a list of names');
  for (const r of required as string[]) if (!Object.hasOwn(properties, r)) throw new FormatError(ctx.where, 'parameters.required', `names "${r}", which is not among the properties`);
  return { type: 'dict', properties, required: required as string[] };
}

/** Function names our call formats can write: a Python-style identifier, dots allowed between parts. */
export const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
