/** Reading and writing WildAgtEval's data as Python values (its outputs are compared as Python's JSON text). */
import { isDict, newDict, numericValue, PyFloat, type PyDict, type PyValue } from '../../../core/pyvalue';

export const float = (x: number): PyFloat => new PyFloat(x);

/** A dict in the key order given (Python dicts keep insertion order; so does this, for non-integer keys). */
export function dict(entries: Record<string, PyValue>): PyDict {
  const d = newDict();
  for (const k of Object.keys(entries)) d[k] = entries[k] as PyValue;
  return d;
}

/** A tool's refusal: `{"success": false, "message": …}`. */
export const fail = (message: string): PyDict => dict({ success: false, message });

/** The fields of `d` named in `keys`, in that order, those it has. */
export function pick(d: PyDict, keys: readonly string[]): PyDict {
  const out = newDict();
  for (const k of keys) if (k in d) out[k] = d[k] as PyValue;
  return out;
}

export const asDict = (v: PyValue | undefined): PyDict | null => (v !== undefined && v !== null && isDict(v) ? v : null);
export const asList = (v: PyValue | undefined): PyValue[] => (Array.isArray(v) ? v : []);
export const asDicts = (v: PyValue | undefined): PyDict[] => asList(v).filter((x): x is PyDict => x !== null && isDict(x));
export const str = (v: PyValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** A number's value, int or float (null otherwise: a bool is not taken for a number here). */
export const num = (v: PyValue | undefined): number | null => (v === undefined || typeof v === 'boolean' ? null : numericValue(v));

/**
 * Python's round(x, n): the exact binary value rounded to n decimals, an exact tie to even.
 * toFixed rounds the exact value too but ties up, so only exact ties need care; the exact decimal
 * expansion (toFixed with many digits) tells a tie from a value a hair above or below it.
 */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const exact = Math.abs(x).toFixed(Math.min(100, digits + 60));
  const cut = exact.indexOf('.') + 1 + digits;
  const isTie = exact[cut] === '5' && /^0*$/.test(exact.slice(cut + 1));
  if (!isTie) return Number(x.toFixed(digits));
  const down = Number(`${exact.slice(0, cut)}`.replace(/\.$/, ''));
  const lastDigit = Number(exact[cut - 1] === '.' ? exact[cut - 2] : exact[cut - 1]);
  const step = 10 ** -digits;
  const magnitude = lastDigit % 2 === 0 ? down : Number((down + step).toFixed(digits));
  return x < 0 ? -magnitude : magnitude;
}

/** Records ordered by a text field (ISO dates and times order as text); stable, as Python's sort. */
export const byText =
  (key: string, descending = false) =>
  (a: PyDict, b: PyDict): number =>
    (descending ? -1 : 1) * (String(a[key]) < String(b[key]) ? -1 : String(a[key]) > String(b[key]) ? 1 : 0);

/** Records ordered by a numeric field (a missing one as 0). */
export const byNumber =
  (key: string, descending = false) =>
  (a: PyDict, b: PyDict): number =>
    (descending ? -1 : 1) * ((num(a[key]) ?? 0) - (num(b[key]) ?? 0));

/** A deep copy (PyFloat and PyTuple are immutable and shared). */
export function clonePy(v: PyValue): PyValue {
  if (Array.isArray(v)) return v.map(clonePy);
  if (v !== null && typeof v === 'object' && isDict(v)) {
    const d = newDict();
    for (const k of Object.keys(v)) d[k] = clonePy(v[k] as PyValue);
    return d;
  }
  return v;
}

/** Python's int(text): optional spaces and sign, digits with single underscores between; null where it raises ValueError. */
export function pyIntOf(text: string): number | null {
  const t = text.trim();
  return /^[+-]?\d+(_\d+)*$/.test(t) ? Number(t.replaceAll('_', '')) : null;
}

/**
 * The tools' sequential ids (`plan7`, `call12`): one more than the largest number of an id in
 * `records[key]` that starts with `prefix` and is a number once every `prefix` is removed (Python's int()).
 */
export function nextNumberedId(records: readonly PyValue[], key: string, prefix: string): string {
  const numbers = records.flatMap((r) => {
    const id = asDict(r)?.[key];
    if (typeof id !== 'string' || !id.startsWith(prefix)) return [];
    const n = pyIntOf(id.replaceAll(prefix, ''));
    return n === null ? [] : [n];
  });
  return `${prefix}${numbers.length ? Math.max(...numbers) + 1 : 1}`;
}

/** A shallow copy, as Python's dict.copy(). */
export const copyDict = (d: PyDict): PyDict => Object.assign(newDict(), d);

/** The number in a record's id (`msg58` → 58, `rest25` → 25; 0 when it has none): what the tools seed their made-up data with. */
export const idNumber = (id: PyValue | undefined, prefix: string): number => Number(new RegExp(`^${prefix}(\\d+)`).exec(typeof id === 'string' ? id : '')?.[1] ?? 0);
