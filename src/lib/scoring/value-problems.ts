/** What is wrong with a call's values against its tool's parameter schemas: types, enums, unknown and missing parameters. */
import { isDict, type PyDict, pyIn, pyRepr, pyType, type PyValue } from '../core/pyvalue';
import type { ToolSchema } from '../core/types';
import type { ParamSchema } from '../core/schema';

/** The allowed values an argument states: one value, or a list of alternatives. */
export function allowedValues(value: PyValue, param: ParamSchema | undefined): PyValue[] {
  if (!Array.isArray(value)) return [value];
  const isList = param && (param.type === 'array' || param.type === 'tuple');
  if (!isList) return value;
  // a list parameter: a list of lists (or "") lists alternatives; a flat list is the value
  return value.length > 0 && value.every((v) => Array.isArray(v) || v === '') ? value : [value];
}

function typeProblem(v: PyValue, p: ParamSchema, at: string, depth = 0): string | null {
  if (depth > 32) return null;
  const t = pyType(v);
  switch (p.type) {
    case 'string':
      return t === 'str' ? null : `expected a string, found ${pyRepr(v)}`;
    case 'integer':
      return t === 'int' ? null : `expected an integer, found ${pyRepr(v)}`;
    case 'float':
      return t === 'int' || t === 'float' ? null : `expected a number, found ${pyRepr(v)}`;
    case 'boolean':
      return t === 'bool' ? null : `expected true or false, found ${pyRepr(v)}`;
    case 'array':
    case 'tuple': {
      if (!Array.isArray(v)) return `expected a list, found ${pyRepr(v)}`;
      const items = p.items as ParamSchema | undefined;
      if (!items) return null;
      for (const [i, x] of v.entries()) {
        const bad = typeProblem(x, items, `${at}[${i}]`, depth + 1);
        if (bad) return `[${i}]: ${bad}`;
      }
      return null;
    }
    case 'dict': {
      if (t !== 'dict') return `expected an object, found ${pyRepr(v)}`;
      const props = p.properties;
      if (!props) return null;
      for (const [k, x] of Object.entries(v as PyDict)) {
        const q = props[k];
        if (!q) return `.${k}: not a field of this object (${Object.keys(props).join(', ') || 'none'})`;
        // a field lists its allowed values as an argument does (BFCL checks one level of fields)
        for (const option of depth === 0 ? allowedValues(x, q) : [x]) {
          const bad = option === '' ? null : typeProblem(option, q, `${at}.${k}`, depth + 1);
          if (bad) return `.${k}: ${bad}`;
        }
      }
      return null;
    }
    default:
      return null;
  }
}

/** What is wrong with one value of a parameter: its type, or a value outside the parameter's enum. */
export function valueProblem(v: PyValue, p: ParamSchema, at: string, depth = 0): string | null {
  const bad = typeProblem(v, p, at, depth);
  if (bad) return bad;
  return p.enum && !pyIn(v, p.enum) ? `${pyRepr(v)} is not one of ${p.enum.map(pyRepr).join(', ')}` : null;
}

/** What is wrong with the arguments of a call a model made (not a list of allowed values), or null. */
export function argumentProblem(tool: ToolSchema, args: PyValue): string | null {
  if (args === null || !isDict(args)) return 'arguments must be an object';
  const props = tool.parameters.properties;
  for (const [arg, value] of Object.entries(args)) {
    const param = props[arg];
    if (!param) return `unknown parameter '${arg}'; expected ${Object.keys(props).join(', ') || 'none'}`;
    // from depth 1: a model's value is one value, never a list of allowed ones
    const bad = valueProblem(value, param, arg, 1);
    if (bad) return `parameter '${arg}': ${bad}`;
  }
  const missing = (tool.parameters.required ?? []).find((r) => !Object.hasOwn(args, r));
  return missing ? `missing required parameter '${missing}'` : null;
}
