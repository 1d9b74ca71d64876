/**
 * How a simulated tool is declared — once, for every suite that simulates tools:
 * its JSON-schema parameters and an implementation over a context (a seed for
 * CompToolBench's stateless tools; the world, clock and complexity switches of
 * the API system). `runToolWith` validates the arguments against the schema
 * first and turns every failure (bad arguments, unknown records, arithmetic
 * errors) into a structured error result: a simulated tool never throws.
 */
import { canonicalJson } from '../core/canonical-json';
import { isObject } from '../core/objects';
import { hashString, Rng } from '../core/random';
import type { Json, JsonObject, ToolSchema } from '../core/types';
import type { ParamSchema } from '../core/schema';

type ParamType = 'string' | 'integer' | 'float' | 'boolean' | 'array' | 'dict';

export interface ParamDef {
  type: ParamType;
  description: string;
  enum?: string[];
  /** element type of an array */
  items?: 'string' | 'float' | 'integer' | 'dict';
  optional?: boolean;
}

export type ToolErrorType = 'invalid_arguments' | 'not_found' | 'execution_error';
export type ToolResult = { ok: true; output: Json } | { ok: false; error: { type: ToolErrorType; message: string } };

/** Thrown inside an implementation; `runTool` turns it into a structured error. */
class ToolError extends Error {
  constructor(
    readonly type: ToolErrorType,
    message: string,
  ) {
    super(message);
  }
}

/** Typed reads of validated arguments. */
export class Args {
  constructor(private readonly a: JsonObject) {}
  has(k: string): boolean {
    return this.a[k] !== undefined && this.a[k] !== null;
  }
  str(k: string, fallback = ''): string {
    return this.has(k) ? (this.a[k] as string) : fallback;
  }
  num(k: string, fallback = 0): number {
    return this.has(k) ? (this.a[k] as number) : fallback;
  }
  bool(k: string, fallback = false): boolean {
    return this.has(k) ? (this.a[k] as boolean) : fallback;
  }
  list(k: string): Json[] {
    return this.has(k) ? (this.a[k] as Json[]) : [];
  }
  numbers(k: string): number[] {
    return this.list(k) as number[];
  }
  strings(k: string): string[] {
    return this.list(k) as string[];
  }
  obj(k: string): JsonObject {
    return this.has(k) ? (this.a[k] as JsonObject) : {};
  }
  records(k: string): JsonObject[] {
    return this.list(k) as JsonObject[];
  }
}

export interface SimTool<Ctx = Rng, Category extends string = string> {
  name: string;
  category: Category;
  schema: ToolSchema;
  params: Record<string, ParamDef>;
  /** the output's main fields, as the description tells the model */
  returns: string;
  /** simulates an external service (output from a seeded hash), rather than computing */
  external: boolean;
  impl(args: Args, ctx: Ctx): Json;
}

export function defineTool<Ctx = Rng, Category extends string = string>(spec: {
  name: string;
  category: Category;
  description: string;
  params: Record<string, ParamDef>;
  returns: string;
  external?: boolean;
  impl: (a: Args, ctx: Ctx) => Json;
}): SimTool<Ctx, Category> {
  const properties: Record<string, ParamSchema> = {};
  for (const [k, p] of Object.entries(spec.params)) {
    const s: ParamSchema = { type: p.type, description: p.description };
    if (p.enum) s.enum = p.enum;
    if (p.items) s.items = { type: p.items };
    properties[k] = s;
  }
  const required = Object.entries(spec.params)
    .filter(([, p]) => !p.optional)
    .map(([k]) => k);
  return {
    name: spec.name,
    category: spec.category,
    params: spec.params,
    returns: spec.returns,
    external: spec.external ?? false,
    impl: spec.impl,
    schema: { name: spec.name, description: `${spec.description} Returns ${spec.returns}.`, parameters: { type: 'dict', properties, required } },
  };
}

function typeOk(type: ParamDef['type'] | NonNullable<ParamDef['items']>, v: Json): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'float':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'dict':
      return isObject(v);
  }
}

export function validateArgs(tool: Pick<SimTool<unknown>, 'params'>, args: Json): string | null {
  if (!isObject(args)) return 'arguments must be an object';
  for (const k of Object.keys(args)) if (!(k in tool.params)) return `unknown parameter '${k}'; expected ${Object.keys(tool.params).join(', ') || 'none'}`;
  for (const [k, p] of Object.entries(tool.params)) {
    const v = args[k];
    if (v === undefined || v === null) {
      if (!p.optional) return `missing required parameter '${k}'`;
      continue;
    }
    if (!typeOk(p.type, v)) return `parameter '${k}' must be of type ${p.type}`;
    if (p.enum && !p.enum.includes(v as string)) return `parameter '${k}' must be one of ${p.enum.join(', ')}`;
    if (p.items && !(v as Json[]).every((x) => typeOk(p.items as NonNullable<ParamDef['items']>, x))) return `every item of '${k}' must be of type ${p.items}`;
  }
  return null;
}

/** Runs a stateless tool with a seed of its name and arguments: the same call always gives the same output. */
export function runTool<Category extends string>(tool: SimTool<Rng, Category>, args: Json): ToolResult {
  return runToolWith(tool, args, new Rng(hashString(`${tool.name}|${canonicalJson(args)}`)));
}

export function runToolWith<Ctx>(tool: SimTool<Ctx, string>, args: Json, ctx: Ctx): ToolResult {
  const invalid = validateArgs(tool, args);
  if (invalid) return { ok: false, error: { type: 'invalid_arguments', message: invalid } };
  try {
    return { ok: true, output: tool.impl(new Args(args as JsonObject), ctx) };
  } catch (e) {
    if (e instanceof ToolError) return { ok: false, error: { type: e.type, message: e.message } };
    return { ok: false, error: { type: 'execution_error', message: e instanceof Error ? e.message : String(e) } };
  }
}

/** A seeded value that depends only on `key` (the same city always has the same climate). */
export function keyed(key: string, salt: string): Rng {
  return new Rng(`${salt}|${key.trim().toLowerCase()}`);
}

export const round = (x: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

export function fail(type: ToolErrorType, message: string): never {
  throw new ToolError(type, message);
}
