/**
 * Values as Python sees them. Reference scorers (BFCL, CompToolBench) are Python
 * programs whose verdicts depend on Python types: `5` (int) is not `5.0` (float),
 * a tuple is not a list, `True == 1`. JavaScript loses all of that, so every
 * reader of model output or benchmark data produces these values instead.
 *
 * - int: a plain JS number when it is a safe integer (the common case stays cheap), a bigint
 *   beyond ±(2^53 − 1), so every digit is kept (`intValue` picks; nothing else makes ints);
 * - float: a PyFloat box;
 * - tuple: a PyTuple box; list: a JS array;
 * - dict: a null-prototype object (keys are strings; a non-string Python key is
 *   stored as its repr behind NON_STRING_KEY so it can never equal a string key);
 * - bytes/complex (rare literals): a PyOpaque carrying type name and repr.
 */

export class PyFloat {
  constructor(readonly value: number) {}
}

export class PyTuple {
  constructor(readonly items: PyValue[]) {}
}

export class PyOpaque {
  constructor(
    readonly typeName: 'bytes' | 'complex',
    readonly repr: string,
  ) {}
}

export interface PyDict {
  [key: string]: PyValue;
}

export type PyInt = number | bigint;

export type PyValue = null | boolean | PyInt | string | PyFloat | PyTuple | PyOpaque | PyValue[] | PyDict;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The one representation of an integer: a number when safe, a bigint beyond. */
export function intValue(n: bigint): PyInt {
  return n <= MAX_SAFE && n >= -MAX_SAFE ? Number(n) : n;
}

export const isPyInt = (v: PyValue): v is PyInt => typeof v === 'number' || typeof v === 'bigint';

/** Prefix of a dict key that was not a string in Python. */
export const NON_STRING_KEY = '\u0000';

export type PyTypeName = 'NoneType' | 'bool' | 'int' | 'float' | 'str' | 'list' | 'tuple' | 'dict' | 'bytes' | 'complex';

/**
 * Dict instances inherit from a prototype that itself has no prototype: no
 * `__proto__` setter, no `toString` key, yet (unlike `Object.create(null)`,
 * which V8 keeps in slow dictionary mode) ordinary fast property access.
 */
const DictBase = function DictBase(this: object) {} as unknown as new () => PyDict;
DictBase.prototype = Object.create(null) as PyDict;

export function newDict(): PyDict {
  return new DictBase();
}

export function isDict(v: PyValue): v is PyDict {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof PyFloat) && !(v instanceof PyTuple) && !(v instanceof PyOpaque);
}

export function pyType(v: PyValue): PyTypeName {
  switch (typeof v) {
    case 'string':
      return 'str';
    case 'number':
    case 'bigint':
      return 'int';
    case 'boolean':
      return 'bool';
  }
  if (v === null) return 'NoneType';
  if (Array.isArray(v)) return 'list';
  if (v instanceof PyFloat) return 'float';
  if (v instanceof PyTuple) return 'tuple';
  if (v instanceof PyOpaque) return v.typeName;
  return 'dict';
}

/** Numeric value of int, float or bool (Python treats bool as an int); null otherwise. Beyond 2^53 it is the nearest double. */
export function numericValue(v: PyValue): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof PyFloat) return v.value;
  return null;
}

/** Python truthiness (`bool(v)`). */
export function truthy(v: PyValue): boolean {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'bigint') return v !== 0n;
  if (typeof v === 'string') return v.length > 0;
  if (v instanceof PyFloat) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyTuple) return v.items.length > 0;
  if (isDict(v)) return Object.keys(v).length > 0;
  return true;
}

/** Python `a == b`. */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  if (typeof a === 'string' || typeof b === 'string') return false;
  if (typeof a === 'bigint') return bigintEquals(a, b);
  if (typeof b === 'bigint') return bigintEquals(b, a);
  const na = numericValue(a);
  if (na !== null) {
    const nb = numericValue(b);
    return nb !== null && na === nb;
  }
  if (a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && sequenceEquals(a, b);
  if (a instanceof PyTuple) return b instanceof PyTuple && sequenceEquals(a.items, b.items);
  if (a instanceof PyOpaque) return b instanceof PyOpaque && a.typeName === b.typeName && a.repr === b.repr;
  if (Array.isArray(b) || b instanceof PyTuple || b instanceof PyOpaque || typeof b !== 'object' || typeof a !== 'object') return false;
  if (b instanceof PyFloat || a instanceof PyFloat) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!(k in b) || !pyEquals(a[k] as PyValue, b[k] as PyValue)) return false;
  }
  return true;
}

/** Exact, as Python compares ints and floats; equal bigints were caught by `===` and a bigint never equals a safe int (intValue). */
function bigintEquals(big: bigint, other: PyValue): boolean {
  return other instanceof PyFloat && Number.isInteger(other.value) && BigInt(other.value) === big;
}

function sequenceEquals(a: PyValue[], b: PyValue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!pyEquals(a[i] as PyValue, b[i] as PyValue)) return false;
  return true;
}

/** Python `value in list`. */
export function pyIn(value: PyValue, list: readonly PyValue[]): boolean {
  for (const item of list) if (pyEquals(value, item)) return true;
  return false;
}

// ---------------------------------------------------------------- repr / str

/** Python `repr(float)`: shortest round-trip digits, scientific outside 1e-4 <= |x| < 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const exp = x.toExponential(); // shortest digits that round-trip
  const e = exp.indexOf('e');
  let mantissa = exp.slice(0, e);
  const exponent = Number(exp.slice(e + 1));
  const negative = mantissa.startsWith('-');
  if (negative) mantissa = mantissa.slice(1);
  const digits = mantissa.replace('.', '');
  let out: string;
  if (exponent >= -5 + 1 && exponent < 16) {
    if (exponent >= 0) {
      const intPart = digits.length > exponent + 1 ? digits.slice(0, exponent + 1) : digits.padEnd(exponent + 1, '0');
      const frac = digits.slice(exponent + 1);
      out = `${intPart}.${frac || '0'}`;
    } else {
      out = `0.${'0'.repeat(-exponent - 1)}${digits}`;
    }
  } else {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const sign = exponent < 0 ? '-' : '+';
    const abs = Math.abs(exponent);
    out = `${m}e${sign}${abs < 10 ? '0' : ''}${abs}`;
  }
  return negative ? `-${out}` : out;
}

export function intRepr(n: PyInt): string {
  if (typeof n === 'bigint' || Number.isSafeInteger(n)) return String(n);
  return Number.isFinite(n) ? BigInt(n).toString() : String(n);
}

// Python's str.isprintable(): not Cc, Cf, Cs, Co, Cn, Zl, Zp, Zs (the ASCII space excepted).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const NEEDS_ESCAPE = /[\\'"\u0000-\u001f\u007f-\u00a0\u00ad\u0378-\uffff]/;

/** Python `repr(str)`. */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  if (!NEEDS_ESCAPE.test(s)) return quote + s + quote;
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (cp < 0x20 || cp === 0x7f) out += '\\x' + cp.toString(16).padStart(2, '0');
    else if (cp < 0x7f) out += ch;
    else if (ch !== ' ' && NON_PRINTABLE.test(ch)) {
      if (cp <= 0xff) out += '\\x' + cp.toString(16).padStart(2, '0');
      else if (cp <= 0xffff) out += '\\u' + cp.toString(16).padStart(4, '0');
      else out += '\\U' + cp.toString(16).padStart(8, '0');
    } else out += ch;
  }
  return out + quote;
}

/** Python `repr(bytes)`; `text` holds one char per byte. */
export function bytesRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = 'b' + quote;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const c = text.charCodeAt(i);
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c >= 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
    else out += ch;
  }
  return out + quote;
}

/** Python `repr(value)`. */
export function pyRepr(v: PyValue): string {
  switch (typeof v) {
    case 'string':
      return strRepr(v);
    case 'number':
    case 'bigint':
      return intRepr(v);
    case 'boolean':
      return v ? 'True' : 'False';
  }
  if (v === null) return 'None';
  if (Array.isArray(v)) return '[' + v.map(pyRepr).join(', ') + ']';
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (v instanceof PyTuple) return v.items.length === 1 ? `(${pyRepr(v.items[0] as PyValue)},)` : '(' + v.items.map(pyRepr).join(', ') + ')';
  if (v instanceof PyOpaque) return v.repr;
  const parts: string[] = [];
  for (const k of Object.keys(v)) parts.push(`${dictKeyRepr(k)}: ${pyRepr(v[k] as PyValue)}`);
  return '{' + parts.join(', ') + '}';
}

function dictKeyRepr(key: string): string {
  return key.startsWith(NON_STRING_KEY) ? key.slice(1) : strRepr(key);
}

/** Python `str(value)`. */
export function pyStr(v: PyValue): string {
  return typeof v === 'string' ? v : pyRepr(v);
}

/**
 * Plain view (floats become numbers, tuples arrays, every dict key an own property, `__proto__`
 * included). `ints: 'number'` (the default) gives JSON data for simulators and JSON text: an int
 * beyond 2^53 becomes the nearest double. `ints: 'exact'` keeps bigints, for what is stored and
 * shown (structured clone and IndexedDB keep them; `callsText` writes their digits).
 */
export function toPlain(v: PyValue, ints: 'number' | 'exact' = 'number'): unknown {
  if (typeof v === 'bigint') return ints === 'exact' ? v : Number(v);
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => toPlain(x, ints));
  if (v instanceof PyFloat) return Number.isFinite(v.value) ? v.value : String(v.value);
  if (v instanceof PyTuple) return v.items.map((x) => toPlain(x, ints));
  if (v instanceof PyOpaque) return v.repr;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) setOwn(out, k, toPlain(v[k] as PyValue, ints));
  return out;
}

/** `o[key] = value`, except that `__proto__` becomes an own property instead of the prototype. */
function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

/** The inverse of toPlain for data that came from JSON.parse: integral numbers become ints. */
export function fromPlain(v: unknown): PyValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? v : new PyFloat(v);
  if (typeof v === 'bigint') return intValue(v);
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(fromPlain);
  if (typeof v === 'object') {
    const d = newDict();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) d[k] = fromPlain(x);
    return d;
  }
  return String(v);
}
