/**
 * Evaluates a constant Python expression as BFCL does (it hands the unparsed node to Python's evaluator),
 * for the expressions BFCL's decoder evaluates (arithmetic in argument values,
 * `n=4 + 1`). Only literals and operators: names, calls, attribute access and
 * anything else that could run code are refused with DecodeFailure.
 */
import { intValue, isDict, isPyInt, newDict, numericValue, PyFloat, pyEquals, PyTuple, truthy, type PyInt, type PyValue } from '../../core/pyvalue';
import { MAX_INT_BITS, MAX_INT_DIGITS, tooLarge, type ValueBudget } from '../budget';
import { DecodeFailure } from '../parse-result';
import type { Node } from './ast';

const unsupported = (what: string): never => {
  throw new DecodeFailure('unsupported', `cannot evaluate ${what}`);
};
const typeError = (msg: string): never => {
  throw new DecodeFailure('unsupported', `TypeError: ${msg}`);
};

const isInt = (v: PyValue): v is PyInt | boolean => isPyInt(v) || typeof v === 'boolean';
const asBig = (v: PyInt | boolean): bigint => (typeof v === 'bigint' ? v : BigInt(typeof v === 'boolean' ? Number(v) : v));

/** Bits of |n| (0 for 0). */
function bitLength(n: bigint): number {
  return n === 0n ? 0 : (n < 0n ? -n : n).toString(16).length * 4;
}

function checkedInt(n: bigint): PyInt {
  if (bitLength(n) > MAX_INT_BITS + 4) tooLarge(`an integer of more than ${MAX_INT_DIGITS} digits`);
  return intValue(n);
}

/** Evaluates within `budget` (shared by every value of one output). */
export function evalConstant(node: Node, budget: ValueBudget): PyValue {
  const ev = (n: Node) => evalConstant(n, budget);
  switch (node.k) {
    case 'Constant':
      if (node.ellipsis) return unsupported('Ellipsis');
      return node.value;
    case 'UnaryOp':
      return unary(node.op, ev(node.operand));
    case 'BinOp':
      return binary(node.op, ev(node.left), ev(node.right), budget);
    case 'BoolOp': {
      let v: PyValue = null;
      for (const part of node.values) {
        v = ev(part);
        if (node.op === 'and' ? !truthy(v) : truthy(v)) return v;
      }
      return v;
    }
    case 'Compare': {
      let left = ev(node.left);
      for (let i = 0; i < node.ops.length; i++) {
        const right = ev(node.comparators[i] as Node);
        if (!compare(node.ops[i] as string, left, right)) return false;
        left = right;
      }
      return true;
    }
    case 'IfExp':
      return truthy(ev(node.test)) ? ev(node.body) : ev(node.orelse);
    case 'List':
      return node.elts.map(ev);
    case 'Tuple':
      return new PyTuple(node.elts.map(ev));
    case 'Dict': {
      const d = newDict();
      node.keys.forEach((k, i) => {
        if (k === null) return unsupported('dict unpacking');
        const key = ev(k);
        if (typeof key !== 'string') return unsupported('a non-string dict key');
        d[key] = ev(node.values[i] as Node);
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
    if (typeof v === 'number' && op !== '~') return op === '-' ? -v || 0 : v;
    const n = asBig(v);
    return intValue(op === '-' ? -n : op === '+' ? n : ~n);
  }
  if (v instanceof PyFloat && op !== '~') return new PyFloat(op === '-' ? -v.value : v.value);
  return typeError(`bad operand type for unary ${op}`);
}

function repeat<T>(items: T[], times: number, budget: ValueBudget): T[] {
  const count = times > 0 && items.length > 0 ? times : 0;
  budget.spend(items.length * count);
  const out: T[] = [];
  for (let i = 0; i < count; i++) for (const x of items) out.push(x);
  return out;
}

function binary(op: string, a: PyValue, b: PyValue, budget: ValueBudget): PyValue {
  if (isInt(a) && isInt(b)) return intOp(op, a, b);
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== null && nb !== null) {
    if (!Number.isFinite(na) && isPyInt(a)) return unsupported('an int too large to convert to float');
    if (!Number.isFinite(nb) && isPyInt(b)) return unsupported('an int too large to convert to float');
    return floatOp(op, na, nb);
  }
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') {
      budget.spend(a.length + b.length);
      return a + b;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      budget.spend(a.length + b.length);
      return a.concat(b);
    }
    if (a instanceof PyTuple && b instanceof PyTuple) {
      budget.spend(a.items.length + b.items.length);
      return new PyTuple(a.items.concat(b.items));
    }
  }
  if (op === '*') {
    const [seq, count] = isInt(b) ? [a, b] : isInt(a) ? [b, a] : [null, 0];
    const times = typeof count === 'bigint' ? (count > 0n ? Infinity : 0) : Number(count);
    if (typeof seq === 'string') {
      if (seq === '' || !(times > 0)) return '';
      budget.spend(seq.length * times);
      return seq.repeat(times);
    }
    if (Array.isArray(seq)) return repeat(seq, times, budget);
    if (seq instanceof PyTuple) return new PyTuple(repeat(seq.items, times, budget));
  }
  return typeError(`unsupported operand type(s) for ${op}`);
}

/** Floor division and modulo as Python rounds them (towards negative infinity). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
function floorMod(a: bigint, b: bigint): bigint {
  const r = a % b;
  return r !== 0n && r < 0n !== b < 0n ? r + b : r;
}

function intOp(op: string, ia: PyInt | boolean, ib: PyInt | boolean): PyValue {
  // the common case: small ints, exact in doubles
  if (typeof ia === 'number' && typeof ib === 'number' && (op === '+' || op === '-' || op === '*')) {
    const r = op === '+' ? ia + ib : op === '-' ? ia - ib : ia * ib;
    if (Number.isSafeInteger(r)) return r || 0;
  }
  const a = asBig(ia);
  const b = asBig(ib);
  switch (op) {
    case '+':
      return checkedInt(a + b);
    case '-':
      return checkedInt(a - b);
    case '*':
      if (bitLength(a) + bitLength(b) > MAX_INT_BITS + 8) return tooLarge(`an integer of more than ${MAX_INT_DIGITS} digits`);
      return checkedInt(a * b);
    case '/': {
      if (b === 0n) return unsupported('division by zero');
      const x = Number(a);
      const y = Number(b);
      if (!Number.isFinite(x) || !Number.isFinite(y)) return unsupported('an int too large to convert to float');
      return new PyFloat(x / y);
    }
    case '//':
      if (b === 0n) return unsupported('division by zero');
      return intValue(floorDiv(a, b));
    case '%':
      if (b === 0n) return unsupported('modulo by zero');
      return intValue(floorMod(a, b));
    case '**':
      if (b < 0n) {
        if (a === 0n) return unsupported('zero to a negative power');
        return new PyFloat(Number(a) ** Number(b));
      }
      if (a === 0n || a === 1n) return intValue(b === 0n ? 1n : a);
      if (a === -1n) return intValue(b % 2n === 0n ? 1n : -1n);
      if (b > BigInt(MAX_INT_BITS) || Number(b) * (bitLength(a) - 1) > MAX_INT_BITS + 8) return tooLarge(`an integer of more than ${MAX_INT_DIGITS} digits`);
      return checkedInt(a ** b);
    case '<<':
      if (b < 0n) return unsupported('negative shift count');
      if (a === 0n) return 0;
      if (b > BigInt(MAX_INT_BITS) || bitLength(a) + Number(b) > MAX_INT_BITS + 8) return tooLarge(`an integer of more than ${MAX_INT_DIGITS} digits`);
      return checkedInt(a << b);
    case '>>':
      if (b < 0n) return unsupported('negative shift count');
      if (b > BigInt(MAX_INT_BITS + 8)) return a < 0n ? -1 : 0;
      return intValue(a >> b);
    case '&':
      return intValue(a & b);
    case '|':
      return intValue(a | b);
    case '^':
      return intValue(a ^ b);
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
  if (isInt(a) && isInt(b)) {
    const x = asBig(a);
    const y = asBig(b);
    c = x < y ? -1 : x > y ? 1 : 0;
  } else if (na !== null && nb !== null) c = na < nb ? -1 : na > nb ? 1 : na === nb ? 0 : NaN;
  else if (typeof a === 'string' && typeof b === 'string') c = a < b ? -1 : a > b ? 1 : 0;
  else return typeError(`'${op}' not supported between these types`);
  if (Number.isNaN(c)) return false;
  return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
}
