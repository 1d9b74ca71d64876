/**
 * Tokenizer for Python 3.11 expression source (what `ast.parse(s, mode="eval")`
 * accepts). Bounded: one pass over the input, no backtracking.
 */
import { floatRepr, intValue, PyFloat, PyOpaque, type PyInt, type PyValue } from '../../core/pyvalue';
import { MAX_INT_BITS, MAX_INT_DIGITS } from '../budget';

/**
 * Thrown for source Python would reject. Deliberately not an Error subclass:
 * it is thrown for every malformed model output, and capturing a stack trace
 * each time dominated the decoder's cost. It never leaves the parsing module.
 */
export class PySyntaxError {
  readonly message: string;
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    this.message = `${reason} (offset ${offset})`;
  }
}

export type Token =
  | { t: 'name'; v: string; start: number; end: number }
  | { t: 'num'; v: PyValue; start: number; end: number }
  | { t: 'str'; v: StringPiece; start: number; end: number }
  | { t: 'op'; v: string; start: number; end: number }
  | { t: 'newline'; v: null; start: number; end: number }
  | { t: 'end'; v: null; start: number; end: number };

export interface StringPiece {
  kind: 'str' | 'bytes' | 'fstring';
  /** decoded text (bytes: one char per byte, code 0..255); for f-strings the source */
  text: string;
  uPrefix: boolean;
}

/** Operators by first character, longest first. */
const OPERATORS_BY_CHAR = new Map<string, string[]>();
for (const op of [
  '**=',
  '//=',
  '>>=',
  '<<=',
  '...',
  '!=',
  '%=',
  '&=',
  '**',
  '*=',
  '+=',
  '-=',
  '->',
  '//',
  '/=',
  ':=',
  '<<',
  '<=',
  '==',
  '>=',
  '>>',
  '@=',
  '^=',
  '|=',
  '%',
  '&',
  '(',
  ')',
  '*',
  '+',
  ',',
  '-',
  '.',
  '/',
  ':',
  ';',
  '<',
  '=',
  '>',
  '@',
  '[',
  ']',
  '^',
  '{',
  '|',
  '}',
  '~',
]) {
  const list = OPERATORS_BY_CHAR.get(op[0] as string) ?? [];
  list.push(op);
  OPERATORS_BY_CHAR.set(op[0] as string, list);
}

const KEYWORDS_AFTER_NUMBER = ['and', 'else', 'for', 'if', 'in', 'is', 'not', 'or'];

function isIdStart(c: number, ch: string): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
  return /[\p{ID_Start}\u2118\u212e\u309b\u309c]/u.test(ch);
}

function isIdContinue(c: number, ch: string): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57);
  return /[\p{ID_Continue}\u00b7\u0387\u1369-\u1371\u19da\u2118\u212e\u309b\u309c]/u.test(ch);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAsciiIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isAsciiIdContinue(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57);
}

function isIdStartAt(src: string, i: number): boolean {
  const cp = src.codePointAt(i) as number;
  return isIdStart(cp, String.fromCodePoint(cp));
}

const STRING_PREFIX = /^(?:r|u|f|b|br|rb|fr|rf)$/i;

function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function isOctDigit(c: number): boolean {
  return c >= 48 && c <= 55;
}

function isBinDigit(c: number): boolean {
  return c === 48 || c === 49;
}

/** Digits with single underscores between them; returns the end offset. */
function skipDigits(src: string, i: number, test: (c: number) => boolean): number {
  if (!test(src.charCodeAt(i))) throw new PySyntaxError('invalid number literal', i);
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (test(c)) i++;
    else if (c === 95 && test(src.charCodeAt(i + 1))) i++;
    else break;
  }
  return i;
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  const n = src.length;
  let i = 0;
  let depth = 0;
  let atLineStart = true;
  let seenContent = false;
  while (i < n) {
    const c = src.charCodeAt(i);
    if (atLineStart) {
      // indentation at the start of a logical line is an error in eval input
      let j = i;
      while (j < n && (src[j] === ' ' || src[j] === '\t' || src[j] === '\f')) j++;
      const rest = src.charCodeAt(j);
      const blank = j >= n || rest === 10 || rest === 13 || rest === 35;
      if (!blank) {
        let indented = false;
        for (let k = i; k < j; k++) if (src[k] !== '\f') indented = true;
        // a form feed resets the column, so only what follows the last one counts
        const lastFf = src.lastIndexOf('\f', j - 1);
        if (lastFf >= i) indented = j > lastFf + 1;
        if (indented) throw new PySyntaxError('unexpected indent', i);
        if (seenContent) throw new PySyntaxError('invalid syntax', j);
      }
      atLineStart = false;
      i = j;
      continue;
    }
    if (c === 32 || c === 9 || c === 12) {
      i++;
      continue;
    }
    if (c === 35) {
      while (i < n && src[i] !== '\n' && src[i] !== '\r') i++;
      continue;
    }
    if (c === 10 || c === 13) {
      i += c === 13 && src[i + 1] === '\n' ? 2 : 1;
      if (depth === 0) {
        if (seenContent && tokens.length && tokens[tokens.length - 1]?.t !== 'newline') tokens.push({ t: 'newline', v: null, start: i - 1, end: i });
        atLineStart = true;
      }
      continue;
    }
    if (c === 92) {
      // explicit line joining
      if (src[i + 1] === '\n') i += 2;
      else if (src[i + 1] === '\r') i += src[i + 2] === '\n' ? 3 : 2;
      else throw new PySyntaxError('unexpected character after line continuation character', i);
      if (i >= n) throw new PySyntaxError('unexpected EOF', i);
      continue;
    }
    if (c === 0) throw new PySyntaxError('source code cannot contain null bytes', i);
    seenContent = true;
    const ch = src[i] as string;
    // string literal, possibly with a prefix
    if (c === 39 || c === 34) {
      i = readString(src, i, '', tokens);
      continue;
    }
    if (isAsciiIdStart(c) || (c >= 128 && isIdStartAt(src, i))) {
      const start = i;
      let ascii = c < 128;
      i += c < 128 ? 1 : String.fromCodePoint(src.codePointAt(i) as number).length;
      while (i < n) {
        const d = src.charCodeAt(i);
        if (d < 128) {
          if (!isAsciiIdContinue(d)) break;
          i++;
          continue;
        }
        const cp = src.codePointAt(i) as number;
        const s = String.fromCodePoint(cp);
        if (!isIdContinue(cp, s)) break;
        ascii = false;
        i += s.length;
      }
      const word = src.slice(start, i);
      const q = src.charCodeAt(i);
      if ((q === 39 || q === 34) && i - start <= 2 && STRING_PREFIX.test(word)) {
        i = readString(src, start, word.toLowerCase(), tokens);
        continue;
      }
      tokens.push({ t: 'name', v: ascii ? word : word.normalize('NFKC'), start, end: i });
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(i + 1)))) {
      i = readNumber(src, i, tokens);
      continue;
    }
    let op: string | undefined;
    const candidates = OPERATORS_BY_CHAR.get(ch);
    if (candidates) {
      if (candidates.length === 1) op = candidates[0];
      else
        for (const o of candidates)
          if (o.length === 1 || src.startsWith(o, i)) {
            op = o;
            break;
          }
    }
    if (!op) throw new PySyntaxError(`invalid character ${JSON.stringify(ch)}`, i);
    if (op === '(' || op === '[' || op === '{') {
      // Python's tokenizer refuses more than 200 open brackets
      if (++depth > 200) throw new PySyntaxError('too many nested parentheses', i);
    } else if (op === ')' || op === ']' || op === '}') {
      depth--;
      if (depth < 0) throw new PySyntaxError(`unmatched '${op}'`, i);
    }
    tokens.push({ t: 'op', v: op, start: i, end: i + op.length });
    i += op.length;
  }
  if (depth > 0) throw new PySyntaxError("'(' was never closed", n);
  tokens.push({ t: 'end', v: null, start: n, end: n });
  return tokens;
}

function readNumber(src: string, start: number, tokens: Token[]): number {
  let i = start;
  let value: PyValue;
  const c1 = src.charCodeAt(i + 1) | 0x20;
  if (src.charCodeAt(i) === 48 && (c1 === 120 || c1 === 111 || c1 === 98)) {
    i += 2;
    if (src[i] === '_') i++;
    const base = c1 === 120 ? 16 : c1 === 111 ? 8 : 2;
    const ds = i;
    i = skipDigits(src, i, base === 16 ? isHexDigit : base === 8 ? isOctDigit : isBinDigit);
    const digits = src.slice(ds, i).replace(/_/g, '');
    if (digits.length * Math.log2(base) > MAX_INT_BITS) throw new PySyntaxError(`an integer of more than ${MAX_INT_DIGITS} digits`, start);
    value = intValue(BigInt((base === 16 ? '0x' : base === 8 ? '0o' : '0b') + digits));
  } else {
    let isFloat = false;
    if (src.charCodeAt(i) !== 46) i = skipDigits(src, i, isDigit);
    const intEnd = i;
    if (src.charCodeAt(i) === 46) {
      isFloat = true;
      i++;
      if (isDigit(src.charCodeAt(i))) i = skipDigits(src, i, isDigit);
    }
    const e = src.charCodeAt(i) | 0x20;
    if (e === 101) {
      i++;
      if (src[i] === '+' || src[i] === '-') i++;
      if (!isDigit(src.charCodeAt(i))) throw new PySyntaxError('invalid decimal literal', i);
      i = skipDigits(src, i, isDigit);
      isFloat = true;
    }
    let text = src.slice(start, i);
    if (text.includes('_')) text = text.replace(/_/g, '');
    if ((src.charCodeAt(i) | 0x20) === 106) {
      i++;
      value = new PyOpaque('complex', `${floatReprForComplex(Number(text))}j`);
    } else if (isFloat) value = new PyFloat(Number(text));
    else {
      if (intEnd - start > 1 && src.charCodeAt(start) === 48 && /[1-9]/.test(src.slice(start, intEnd))) {
        throw new PySyntaxError('leading zeros in decimal integer literals are not permitted', start);
      }
      value = intLiteral(text, start);
    }
  }
  // Python rejects a number glued to a name, except before a few keywords
  const next = src.charCodeAt(i);
  if (i < src.length && (next < 128 ? isAsciiIdContinue(next) : isIdContinueAt(src, i))) {
    if (!KEYWORDS_AFTER_NUMBER.some((k) => src.startsWith(k, i) && !isIdContinueAt(src, i + k.length))) throw new PySyntaxError('invalid decimal literal', i);
  }
  tokens.push({ t: 'num', v: value, start, end: i });
  return i;
}

/** Python refuses decimal literals longer than its int digit limit (a SyntaxError in 3.11+). */
function intLiteral(digits: string, start: number): PyInt {
  if (digits.length <= 15) return Number(digits);
  if (digits.replace(/^0+/, '').length > MAX_INT_DIGITS) throw new PySyntaxError(`Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion`, start);
  return intValue(BigInt(digits));
}

function isIdContinueAt(src: string, i: number): boolean {
  const cp = src.codePointAt(i);
  return cp !== undefined && isIdContinue(cp, String.fromCodePoint(cp));
}

/** repr(2j) == '2j', repr(1.5j) == '1.5j', repr(1e20j) == '1e+20j' */
function floatReprForComplex(x: number): string {
  return floatRepr(x).replace(/\.0$/, '');
}

function readString(src: string, start: number, prefix: string, tokens: Token[]): number {
  let i = start + prefix.length;
  const q = src[i] as string;
  const triple = src.startsWith(q + q + q, i);
  const delim = triple ? q + q + q : q;
  i += delim.length;
  const raw = prefix.includes('r');
  const bytes = prefix.includes('b');
  const fstring = prefix.includes('f');
  const bodyStart = i;
  const quote = q.charCodeAt(0);
  for (;;) {
    if (i >= src.length) throw new PySyntaxError('unterminated string literal', start);
    const ch = src.charCodeAt(i);
    if (ch === 92) {
      i += 2;
      continue;
    }
    if (ch === quote && (!triple || src.startsWith(delim, i))) break;
    if (!triple && (ch === 10 || ch === 13)) throw new PySyntaxError('unterminated string literal', start);
    i++;
  }
  const body = src.slice(bodyStart, i);
  i += delim.length;
  let piece: StringPiece;
  if (fstring) piece = { kind: 'fstring', text: src.slice(start, i), uPrefix: false };
  else {
    if (bytes && /[^\x00-\x7f]/.test(body)) throw new PySyntaxError('bytes can only contain ASCII literal characters', start);
    const text = raw ? body.replace(/\r\n?/g, '\n') : decodeEscapes(body, bytes, start);
    piece = { kind: bytes ? 'bytes' : 'str', text, uPrefix: prefix === 'u' };
  }
  tokens.push({ t: 'str', v: piece, start, end: i });
  return i;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

function decodeEscapes(body: string, bytes: boolean, at: number): string {
  if (!body.includes('\\') && !body.includes('\r')) return body;
  let out = '';
  for (let i = 0; i < body.length;) {
    const ch = body[i] as string;
    if (ch === '\r') {
      out += '\n';
      i += body[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const e = body[i + 1] as string;
    if (e === '\n') {
      i += 2;
      continue;
    }
    if (e === '\r') {
      i += body[i + 2] === '\n' ? 3 : 2;
      continue;
    }
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      i += 2;
      continue;
    }
    if (e >= '0' && e <= '7') {
      let j = i + 1;
      while (j < i + 4 && body[j]! >= '0' && body[j]! <= '7') j++;
      const code = parseInt(body.slice(i + 1, j), 8);
      out += String.fromCharCode(bytes ? code & 0xff : code);
      i = j;
      continue;
    }
    const hexLen = e === 'x' ? 2 : !bytes && e === 'u' ? 4 : !bytes && e === 'U' ? 8 : 0;
    if (hexLen) {
      const hex = body.slice(i + 2, i + 2 + hexLen);
      if (hex.length !== hexLen || !/^[0-9a-fA-F]+$/.test(hex)) throw new PySyntaxError(`truncated \\${e} escape`, at);
      const cp = parseInt(hex, 16);
      if (cp > 0x10ffff) throw new PySyntaxError('illegal Unicode character', at);
      out += String.fromCodePoint(cp);
      i += 2 + hexLen;
      continue;
    }
    if (!bytes && e === 'N') throw new PySyntaxError('\\N{...} escapes are not supported', at);
    // unknown escape: Python keeps the backslash
    out += '\\';
    i++;
  }
  return out;
}
