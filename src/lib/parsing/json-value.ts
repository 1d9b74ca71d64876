/**
 * A JSON reader that keeps what JSON.parse throws away: whether a number was
 * written as an int (`5`) or a float (`5.0`, `1e3`), as Python's json module
 * does. It also accepts NaN / Infinity / -Infinity like Python's json.loads.
 * Errors are JsonError with an offset, never a generic exception.
 */
import { intValue, PyFloat, newDict, type PyDict, type PyValue } from '../core/pyvalue';
import { MAX_INT_DIGITS } from './budget';

export class JsonError extends Error {
  override name = 'JsonError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
  }
}

const MAX_DEPTH = 512;

export function parseJsonValue(text: string): PyValue {
  const p = new JsonReader(text);
  p.skipWs();
  const v = p.value(0);
  p.skipWs();
  if (p.pos !== text.length) throw new JsonError('unexpected trailing text', p.pos);
  return v;
}

class JsonReader {
  pos = 0;
  constructor(private readonly s: string) {}

  skipWs(): void {
    const s = this.s;
    let c = s.charCodeAt(this.pos);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = s.charCodeAt(++this.pos);
  }

  value(depth: number): PyValue {
    if (depth > MAX_DEPTH) throw new JsonError('nesting too deep', this.pos);
    const s = this.s;
    const c = s.charCodeAt(this.pos);
    switch (c) {
      case 34: // "
        return this.string();
      case 123: // {
        return this.object(depth);
      case 91: // [
        return this.array(depth);
      case 116: // t
        return this.word('true', true);
      case 102: // f
        return this.word('false', false);
      case 110: // n
        return this.word('null', null);
      case 78: // N
        return this.word('NaN', new PyFloat(NaN));
      case 73: // I
        return this.word('Infinity', new PyFloat(Infinity));
    }
    if (c === 45 || (c >= 48 && c <= 57)) return this.number();
    throw new JsonError(Number.isNaN(c) ? 'unexpected end of input' : `unexpected character ${JSON.stringify(s[this.pos])}`, this.pos);
  }

  private word<T extends PyValue>(w: string, v: T): T {
    if (!this.s.startsWith(w, this.pos)) throw new JsonError(`unexpected character ${JSON.stringify(this.s[this.pos])}`, this.pos);
    this.pos += w.length;
    return v;
  }

  private number(): PyValue {
    const s = this.s;
    const start = this.pos;
    let i = start;
    if (s.charCodeAt(i) === 45) {
      i++;
      if (s.startsWith('Infinity', i)) {
        this.pos = i + 8;
        return new PyFloat(-Infinity);
      }
    }
    let c = s.charCodeAt(i);
    if (c === 48) c = s.charCodeAt(++i);
    else if (c >= 49 && c <= 57) while (c >= 48 && c <= 57) c = s.charCodeAt(++i);
    else throw new JsonError('invalid number', start);
    let isFloat = false;
    if (c === 46) {
      isFloat = true;
      c = s.charCodeAt(++i);
      if (!(c >= 48 && c <= 57)) throw new JsonError('invalid number', start);
      while (c >= 48 && c <= 57) c = s.charCodeAt(++i);
    }
    if (c === 101 || c === 69) {
      isFloat = true;
      c = s.charCodeAt(++i);
      if (c === 43 || c === 45) c = s.charCodeAt(++i);
      if (!(c >= 48 && c <= 57)) throw new JsonError('invalid number', start);
      while (c >= 48 && c <= 57) c = s.charCodeAt(++i);
    }
    this.pos = i;
    const text = s.slice(start, i);
    if (isFloat) return new PyFloat(Number(text));
    if (text.length <= 15) return Number(text) || 0;
    // Python's json reads ints exactly, up to its digit limit
    if (text.replace(/^-/, '').length > MAX_INT_DIGITS) throw new JsonError(`an integer of more than ${MAX_INT_DIGITS} digits`, start);
    return intValue(BigInt(text));
  }

  private string(): string {
    const s = this.s;
    let i = ++this.pos;
    let out = '';
    let chunk = i;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 34) {
        out += s.slice(chunk, i);
        this.pos = i + 1;
        return out;
      }
      if (c === 92) {
        out += s.slice(chunk, i);
        const e = s[i + 1];
        i += 2;
        switch (e) {
          case '"':
            out += '"';
            break;
          case '\\':
            out += '\\';
            break;
          case '/':
            out += '/';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'n':
            out += '\n';
            break;
          case 'r':
            out += '\r';
            break;
          case 't':
            out += '\t';
            break;
          case 'u': {
            const hex = s.slice(i, i + 4);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JsonError('invalid \\u escape', i - 2);
            out += String.fromCharCode(parseInt(hex, 16));
            i += 4;
            break;
          }
          default:
            throw new JsonError('invalid escape', i - 2);
        }
        chunk = i;
        continue;
      }
      if (Number.isNaN(c)) throw new JsonError('unterminated string', this.pos - 1);
      if (c < 32) throw new JsonError('control character in string', i);
      i++;
    }
  }

  private array(depth: number): PyValue[] {
    this.pos++;
    const out: PyValue[] = [];
    this.skipWs();
    if (this.s.charCodeAt(this.pos) === 93) {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipWs();
      out.push(this.value(depth + 1));
      this.skipWs();
      const c = this.s.charCodeAt(this.pos++);
      if (c === 93) return out;
      if (c !== 44) throw new JsonError("expected ',' or ']'", this.pos - 1);
    }
  }

  private object(depth: number): PyDict {
    this.pos++;
    const out = newDict();
    this.skipWs();
    if (this.s.charCodeAt(this.pos) === 125) {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipWs();
      if (this.s.charCodeAt(this.pos) !== 34) throw new JsonError('expected a string key', this.pos);
      const key = this.string();
      this.skipWs();
      if (this.s.charCodeAt(this.pos++) !== 58) throw new JsonError("expected ':'", this.pos - 1);
      this.skipWs();
      out[key] = this.value(depth + 1);
      this.skipWs();
      const c = this.s.charCodeAt(this.pos++);
      if (c === 125) return out;
      if (c !== 44) throw new JsonError("expected ',' or '}'", this.pos - 1);
    }
  }
}
