/** Reading and writing WildAgtEval's data as Python values (its outputs are compared as Python's JSON text). */
import { isDict, newDict, PyFloat, type PyDict, type PyValue } from '../../core/pyvalue';

export const float = (x: number): PyFloat => new PyFloat(x);

/** A dict in the key order given (Python dicts keep insertion order; so does this, for non-integer keys). */
export function dict(entries: Record<string, PyValue>): PyDict {
  const d = newDict();
  for (const k of Object.keys(entries)) d[k] = entries[k] as PyValue;
  return d;
}

export const asDict = (v: PyValue | undefined): PyDict | null => (v !== undefined && v !== null && isDict(v) ? v : null);
export const asList = (v: PyValue | undefined): PyValue[] => (Array.isArray(v) ? v : []);
export const asDicts = (v: PyValue | undefined): PyDict[] => asList(v).filter((x): x is PyDict => x !== null && isDict(x));
export const str = (v: PyValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** A number's value, int or float (null otherwise). */
export function num(v: PyValue | undefined): number | null {
  if (typeof v === 'number') return v;
  if (v instanceof PyFloat) return v.value;
  return null;
}

/** Python truthiness of a value read from data or parameters. */
export function truthy(v: PyValue | undefined): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (v instanceof PyFloat) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (isDict(v)) return Object.keys(v).length > 0;
  return true;
}

/** Python's round(x, n) for the values money takes (ties to even on the exact binary value, as Python does). */
export function pyRound(x: number, digits: number): number {
  const scaled = x * 10 ** digits;
  const candidate = Number(x.toFixed(digits));
  // toFixed rounds the exact binary value half-up; Python rounds it half-even: they differ only on exact ties
  if (Math.abs(scaled - Math.trunc(scaled)) === 0.5 && Number.isFinite(scaled)) {
    const down = Math.trunc(scaled);
    const even = down % 2 === 0 ? down : down + Math.sign(scaled);
    return even / 10 ** digits;
  }
  return candidate;
}

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
