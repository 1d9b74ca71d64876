/**
 * Python's `json.dumps(v)` with its defaults (ensure_ascii, `", "` and `": "` separators), byte
 * for byte: a Python program's JSON output is compared as text (WildAgtEval's stored tool results).
 */
import { floatRepr, intRepr, isDict, PyFloat, PyOpaque, PyTuple, type PyValue } from './pyvalue';

function jsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c >= 0x20 && c <= 0x7e) out += s[i];
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c === 0x08) out += '\\b';
    else if (c === 0x0c) out += '\\f';
    else out += '\\u' + c.toString(16).padStart(4, '0');
  }
  return out + '"';
}

function floatJson(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  return floatRepr(x);
}

export function pyJsonDumps(v: PyValue): string {
  if (v === null) return 'null';
  if (v === true) return 'true';
  if (v === false) return 'false';
  if (typeof v === 'number' || typeof v === 'bigint') return intRepr(v);
  if (typeof v === 'string') return jsonString(v);
  if (v instanceof PyFloat) return floatJson(v.value);
  if (v instanceof PyTuple) return `[${v.items.map(pyJsonDumps).join(', ')}]`;
  if (v instanceof PyOpaque) throw new TypeError(`Object of type ${v.typeName} is not JSON serializable`);
  if (Array.isArray(v)) return `[${v.map(pyJsonDumps).join(', ')}]`;
  if (isDict(v))
    return `{${Object.keys(v)
      .map((k) => `${jsonString(k)}: ${pyJsonDumps(v[k] as PyValue)}`)
      .join(', ')}}`;
  throw new TypeError('not a Python value');
}
