/**
 * BFCL's decoder for python-call syntax (`default_decode_ast_prompting`):
 * strip backticks/newlines/spaces, wrap in [ ], parse as a Python expression,
 * then turn each call into {name, args} with BFCL's value rules:
 * keyword arguments only, bare names become strings, arithmetic is evaluated,
 * every unary operator negates, a call without keywords becomes its source text,
 * a tuple stays a tuple. Nothing is ever executed.
 */
import { intValue, isPyInt, NON_STRING_KEY, newDict, PyFloat, PyOpaque, PyTuple, pyRepr, type PyDict, type PyValue } from '../core/pyvalue';
import { pyStrip } from '../core/pystr';
import { DecodeFailure, failure, type ParseResult } from './parse-result';
import { type Call } from '../core/calls';
import { parsePythonExpression, type Node } from './python/ast';
import { outputTooLong, ValueBudget } from './budget';
import { evalConstant } from './python/const-eval';
import { PySyntaxError } from './python/tokens';
import { unparse } from './python/unparse';

/** Decode a raw model output exactly as BFCL's prompting decoder does. */
export function decodeBfclPython(raw: string): ParseResult {
  const tooLong = outputTooLong(raw);
  if (tooLong) return failure('too_large', tooLong);
  let text = pyStrip(raw, '`\n ');
  if (!text.startsWith('[')) text = '[' + text;
  if (!text.endsWith(']')) text = text + ']';
  return parsePythonCalls(pyStrip(pyStrip(text), "'"));
}

/** Parse Python source that should be one call or a list of calls. */
function parsePythonCalls(source: string): ParseResult {
  let body: Node;
  try {
    body = parsePythonExpression(source);
  } catch (e) {
    if (e instanceof PySyntaxError) return failure('syntax', e.message);
    if (e instanceof RangeError) return failure('unsupported', 'expression nested too deeply');
    throw e;
  }
  const budget = new ValueBudget();
  try {
    if (body.k === 'Call') return budgeted([resolveCall(body, budget)], budget);
    if (body.k !== 'List' && body.k !== 'Tuple' && body.k !== 'Set') return failure('not_calls', `expected a list of calls, got ${body.k}`);
    const calls: Call[] = [];
    for (const elt of body.elts) {
      if (elt.k !== 'Call') return failure('not_calls', `list item is ${elt.k}, not a call`);
      calls.push(resolveCall(elt, budget));
    }
    return budgeted(calls, budget);
  } catch (e) {
    if (e instanceof DecodeFailure) return failure(e.kind, e.message);
    throw e;
  }
}

function budgeted(calls: Call[], budget: ValueBudget): ParseResult {
  budget.check(calls.map((c) => c.args));
  return { ok: true, calls };
}

function callName(func: Node): string {
  const parts: string[] = [];
  let f = func;
  while (f.k === 'Attribute') {
    parts.push(f.attr);
    f = f.value;
  }
  if (f.k === 'Name') parts.push(f.id);
  return parts.reverse().join('.');
}

function resolveCall(node: Extract<Node, { k: 'Call' }>, budget: ValueBudget): Call {
  const args = newDict();
  for (const kw of node.keywords) args[kw.arg ?? NON_STRING_KEY + 'None'] = resolveValue(kw.value, budget);
  return { name: callName(node.func), args };
}

function resolveValue(node: Node, budget: ValueBudget): PyValue {
  const value = (n: Node) => resolveValue(n, budget);
  switch (node.k) {
    case 'Constant':
      return node.ellipsis ? '...' : node.value;
    case 'UnaryOp':
      return negateOperandValue(node.operand);
    case 'List':
      return node.elts.map(value);
    case 'Tuple':
      return new PyTuple(node.elts.map(value));
    case 'Dict': {
      const d = newDict();
      const seen = new Map<string, string>();
      node.keys.forEach((k, i) => {
        if (k === null) throw new DecodeFailure('unsupported', 'dict unpacking in a value');
        const key = dictKey(value(k));
        const slot = seen.get(key.identity) ?? key.stored;
        seen.set(key.identity, slot);
        d[slot] = value(node.values[i] as Node);
      });
      return d;
    }
    case 'BinOp':
      return evalConstant(node, budget);
    case 'Name':
      return node.id;
    case 'Call':
      if (node.keywords.length === 0) return unparse(node);
      return nestedCall(resolveCall(node, budget));
    case 'Subscript':
      return unparse(node.value) + '[' + unparse(node.slice) + ']';
    default:
      throw new DecodeFailure('unsupported', `unsupported value: ${node.k}`);
  }
}

/** BFCL computes `-operand.value` for every unary operator. */
function negateOperandValue(operand: Node): PyValue {
  if (operand.k !== 'Constant' || operand.ellipsis) throw new DecodeFailure('unsupported', `cannot negate ${operand.k}`);
  const v = operand.value;
  if (typeof v === 'boolean') return v ? -1 : 0;
  if (typeof v === 'number') return -v || 0;
  if (typeof v === 'bigint') return intValue(-v);
  if (v instanceof PyFloat) return new PyFloat(-v.value);
  if (v instanceof PyOpaque && v.typeName === 'complex') return new PyOpaque('complex', `(-0-${v.repr})`);
  throw new DecodeFailure('unsupported', 'bad operand type for unary -');
}

function nestedCall(call: Call): PyDict {
  const d = newDict();
  d[call.name] = call.args;
  return d;
}

/** Python dict keys: 1, 1.0 and True are the same key; unhashable keys fail. */
function dictKey(k: PyValue): { identity: string; stored: string } {
  if (typeof k === 'string') return { identity: 's' + k, stored: k };
  if (Array.isArray(k) || (k !== null && typeof k === 'object' && !(k instanceof PyFloat) && !(k instanceof PyTuple) && !(k instanceof PyOpaque))) {
    throw new DecodeFailure('unsupported', 'unhashable dict key');
  }
  return { identity: numberIdentity(k) ?? 'r' + pyRepr(k), stored: NON_STRING_KEY + pyRepr(k) };
}

/** The same text for numbers Python holds equal as dict keys (1, 1.0, True; 2**60 and 2.0**60). */
function numberIdentity(k: PyValue): string | null {
  if (typeof k === 'boolean') return k ? 'n1' : 'n0';
  if (isPyInt(k)) return 'n' + String(k);
  if (k instanceof PyFloat) return 'n' + (Number.isInteger(k.value) ? BigInt(k.value).toString() : String(k.value));
  return null;
}
