/**
 * Evaluates a constant Python expression as BFCL does (it hands the unparsed node to Python's evaluator),
 * for the expressions BFCL's decoder evaluates (arithmetic in argument values,
 * `n=4 + 1`). Only literals and operators: names, calls, attribute access and
 * anything else that could run code are refused with DecodeFailure.
 */
import { isDict, newDict, numericValue, PyFloat, pyEquals, PyTuple, type PyValue } from '../../core/pyvalue';
import { DecodeFailure } from '../calls';
import type { Node } from './ast';

const MAX_SEQUENCE = 1_000_000;

const unsupported = (what: string): never => {
  throw new DecodeFailure('unsupported', `cannot evaluate ${what}`);
};
const typeError = (msg: string): never => {
  throw new DecodeFailure('unsupported', `TypeError: ${msg}`);
};

const isInt = (v: PyValue): v is number | boolean => typeof v === 'number' || typeof v === 'boolean';
const asInt = (v: number | boolean): number => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

export function truthy(v: PyValue): boolean {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v.length > 0;
  if (v instanceof PyFloat) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyTuple) return v.items.length > 0;
  if (isDict(v)) return Object.keys(v).length > 0;
  return true;
}

export function evalConstant(node: Node): PyValue {
  switch (node.k) {
    case 'Constant':
      if (node.ellipsis) return unsupported('Ellipsis');
      return node.value;
    case 'UnaryOp':
      return unary(node.op, evalConstant(node.operand));
    case 'BinOp':
      return binary(node.op, evalConstant(node.left), evalConstant(node.right));
    case 'BoolOp': {
      let v: PyValue = null;
      for (const part of node.values) {
        v = evalConstant(part);
        if (node.op === 'and' ? !truthy(v) : truthy(v)) return v;
      }
      return v;
    }
    case 'Compare': {
      let left = evalConstant(node.left);
      for (let i = 0; i < node.ops.length; i++) {
        const right = evalConstant(node.comparators[i] as Node);
        if (!compare(node.ops[i] as string, left, right)) return false;
        left = right;
      }
      return true;
    }
    case 'IfExp':
      return truthy(evalConstant(node.test)) ? evalConstant(node.body) : evalConstant(node.orelse);
    case 'List':
      return node.elts.map(evalConstant);
    case 'Tuple':
      return new PyTuple(node.elts.map(evalConstant));
    case 'Dict': {
      const d = newDict();
      node.keys.forEach((k, i) => {
        if (k === null) return unsupported('dict unpacking');
        const key = evalConstant(k);
        if (typeof key !== 'string') return unsupported('a non-string dict key');
        d[key] = evalConstant(node.values[i] as Node);
      });
      return d;
    }
    default:
      return unsupported(node.k);
  }
}

function unary(op: string, v: PyValue): PyValue {
  if (op === 'not') return !truthy(v);
  if (isInt(v)) {
    const n = asInt(v);
    return op === '-' ? -n || 0 : op === '+' ? n : ~n;
  }
  if (v instanceof PyFloat && op !== '~') return new PyFloat(op === '-' ? -v.value : v.value);
  return typeError(`bad operand type for unary ${op}`);
}

function checkedInt(n: number): number {
  if (!Number.isFinite(n)) return unsupported('an integer too large');
  return n;
}

function repeat<T>(items: T[], times: number): T[] {
  if (items.length * Math.max(times, 0) > MAX_SEQUENCE) unsupported('a sequence that large');
  const out: T[] = [];
  for (let i = 0; i < times; i++) out.push(...items);
  return out;
}

function binary(op: string, a: PyValue, b: PyValue): PyValue {
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== null && nb !== null) {
    const ints = isInt(a) && isInt(b);
    return ints ? intOp(op, na, nb) : floatOp(op, na, nb);
  }
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') {
      if (a.length + b.length > MAX_SEQUENCE) unsupported('a string that large');
      return a + b;
    }
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (a instanceof PyTuple && b instanceof PyTuple) return new PyTuple([...a.items, ...b.items]);
  }
  if (op === '*') {
    const [seq, times] = isInt(b) ? [a, asInt(b)] : isInt(a) ? [b, asInt(a)] : [null, 0];
    if (typeof seq === 'string') {
      if (seq.length * Math.max(times, 0) > MAX_SEQUENCE) unsupported('a string that large');
      return times > 0 ? seq.repeat(times) : '';
    }
    if (Array.isArray(seq)) return repeat(seq, times);
    if (seq instanceof PyTuple) return new PyTuple(repeat(seq.items, times));
  }
  return typeError(`unsupported operand type(s) for ${op}`);
}

function intOp(op: string, a: number, b: number): PyValue {
  switch (op) {
    case '+':
      return checkedInt(a + b);
    case '-':
      return checkedInt(a - b);
    case '*':
      return checkedInt(a * b);
    case '/':
      if (b === 0) return unsupported('division by zero');
      return new PyFloat(a / b);
    case '//':
      if (b === 0) return unsupported('division by zero');
      return Math.floor(a / b);
    case '%':
      if (b === 0) return unsupported('modulo by zero');
      return ((a % b) + b) % b || 0;
    case '**':
      if (b < 0) {
        if (a === 0) return unsupported('zero to a negative power');
        return new PyFloat(a ** b);
      }
      return checkedInt(a ** b);
    case '<<':
      if (b < 0) return unsupported('negative shift count');
      return checkedInt(Number(BigInt(a) << BigInt(b)));
    case '>>':
      if (b < 0) return unsupported('negative shift count');
      return Number(BigInt(a) >> BigInt(b));
    case '&':
      return Number(BigInt(a) & BigInt(b));
    case '|':
      return Number(BigInt(a) | BigInt(b));
    case '^':
      return Number(BigInt(a) ^ BigInt(b));
  }
  return typeError(`unsupported operand for ${op}`);
}

function floatOp(op: string, a: number, b: number): PyValue {
  switch (op) {
    case '+':
      return new PyFloat(a + b);
    case '-':
      return new PyFloat(a - b);
    case '*':
      return new PyFloat(a * b);
    case '/':
      if (b === 0) return unsupported('division by zero');
      return new PyFloat(a / b);
    case '//':
      if (b === 0) return unsupported('division by zero');
      return new PyFloat(Math.floor(a / b));
    case '%': {
      if (b === 0) return unsupported('modulo by zero');
      const m = a % b;
      return new PyFloat(m !== 0 && m < 0 !== b < 0 ? m + b : m);
    }
    case '**': {
      if (a === 0 && b < 0) return unsupported('zero to a negative power');
      const r = a ** b;
      if (Number.isNaN(r)) return unsupported('a complex result');
      if (!Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b)) return unsupported('float overflow');
      return new PyFloat(r);
    }
  }
  return typeError(`unsupported operand type(s) for ${op}: float`);
}

function compare(op: string, a: PyValue, b: PyValue): boolean {
  switch (op) {
    case '==':
      return pyEquals(a, b);
    case '!=':
      return !pyEquals(a, b);
    case 'is':
    case 'is not': {
      const same = a === b || (a === null && b === null);
      return op === 'is' ? same : !same;
    }
    case 'in':
    case 'not in': {
      let found: boolean;
      if (typeof b === 'string') {
        if (typeof a !== 'string') return typeError("'in <string>' requires string as left operand");
        found = b.includes(a);
      } else if (Array.isArray(b)) found = b.some((x) => pyEquals(a, x));
      else if (b instanceof PyTuple) found = b.items.some((x) => pyEquals(a, x));
      else if (b !== null && isDict(b) && typeof a === 'string') found = a in b;
      else return typeError('argument is not iterable');
      return op === 'in' ? found : !found;
    }
  }
  const na = numericValue(a);
  const nb = numericValue(b);
  let c: number;
  if (na !== null && nb !== null) c = na < nb ? -1 : na > nb ? 1 : na === nb ? 0 : NaN;
  else if (typeof a === 'string' && typeof b === 'string') c = a < b ? -1 : a > b ? 1 : 0;
  else return typeError(`'${op}' not supported between these types`);
  if (Number.isNaN(c)) return false;
  return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
}
