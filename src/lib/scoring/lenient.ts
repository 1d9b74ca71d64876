/**
 * Lenient matching, a second score beside the strict BFCL one (the robustness
 * paper's point that exact match under-counts correct calls). It never edits
 * the strict verdict: it rewrites each output value that is *equivalent* to an
 * allowed value into that allowed value, then runs the unchanged strict checker.
 *
 * Equivalent: the same text ignoring case, accents, spacing and punctuation; the
 * same entity (US state ↔ code, "USA" ↔ "United States"); the same number
 * ("seven" ↔ 7, "5 km" ↔ 5, 5 ↔ 5.0, "$1,200" ↔ 1200); "true"/"yes" ↔ True.
 */
import { canonicalEntities, looseNumber, looseText, sameQuantity } from '../core/entities';
import { isDict, isPyInt, newDict, numericValue, PyFloat, pyIn, PyTuple, type PyDict, type PyValue } from '../core/pyvalue';
import type { ParseResult } from '../parsing/parse-result';
import type { Call } from '../core/calls';
import { type CheckResult, checkBfclSample } from './bfcl-ast';
import { type FunctionSchema, type PossibleAnswer } from '../core/schema';

function asNumber(v: PyValue): number | null {
  if (typeof v === 'boolean') return null;
  const n = numericValue(v);
  if (n !== null) return n;
  return typeof v === 'string' ? looseNumber(v) : null;
}

function asBool(v: PyValue): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string') return null;
  const t = looseText(v);
  if (t === 'true' || t === 'yes') return true;
  if (t === 'false' || t === 'no') return false;
  return null;
}

/** Are two values the same thing, leniently? */
export function lenientEqual(given: PyValue, allowed: PyValue): boolean {
  if (typeof allowed === 'boolean') return asBool(given) === allowed;
  if (isPyInt(allowed) || allowed instanceof PyFloat) {
    const n = asNumber(given);
    return n !== null && n === numericValue(allowed);
  }
  if (typeof allowed === 'string') {
    if (isPyInt(given) || given instanceof PyFloat) return looseNumber(allowed) === numericValue(given);
    if (typeof given !== 'string') return false;
    const a = looseText(allowed);
    const g = looseText(given);
    return a === g || canonicalEntities(a) === canonicalEntities(g) || sameQuantity(allowed, given);
  }
  const seq = (v: PyValue) => (Array.isArray(v) ? v : v instanceof PyTuple ? v.items : null);
  const as = seq(allowed);
  const gs = seq(given);
  if (as && gs) return as.length === gs.length && as.every((a, i) => lenientEqual(gs[i] as PyValue, a));
  if (allowed !== null && isDict(allowed) && given !== null && isDict(given)) {
    const keys = Object.keys(given);
    return keys.length === Object.keys(allowed).length && keys.every((k) => k in allowed && lenientEqual(given[k] as PyValue, allowed[k] as PyValue));
  }
  return false;
}

/** The output value moved onto an equivalent allowed value, where there is one. */
function canonicalize(given: PyValue, allowed: readonly PyValue[]): PyValue {
  if (pyIn(given, allowed as PyValue[])) return given;
  for (const a of allowed) {
    if (a === '') continue;
    // dict parameters list allowed values per key: {key: [options]}
    if (a !== null && isDict(a) && given !== null && isDict(given)) {
      const out = newDict();
      for (const k of Object.keys(given)) {
        const opts = a[k];
        out[k] = Array.isArray(opts) ? canonicalize(given[k] as PyValue, opts) : (given[k] as PyValue);
      }
      return out;
    }
    if (lenientEqual(given, a)) return a;
  }
  return given;
}

function canonicalCall(call: Call, answers: readonly PossibleAnswer[]): Call {
  // a function may be expected several times (parallel): a value already allowed by any of them stays as it is
  const allowedLists = answers.filter((a) => call.name in a).map((a) => a[call.name] ?? {});
  if (allowedLists.length === 0) return call;
  const args: PyDict = newDict();
  for (const [k, v] of Object.entries(call.args)) {
    const lists = allowedLists.map((a) => a[k]).filter((x): x is PyValue[] => Array.isArray(x));
    const strictlyAllowed = lists.some((list) => pyIn(v, list));
    args[k] = strictlyAllowed || lists.length === 0 ? v : canonicalize(v, lists.flat());
  }
  return { name: call.name, args };
}

/**
 * The lenient verdict for a BFCL sample: valid when the strict checker accepts
 * the output as it is or with its values canonicalized (so it can only add passes).
 */
export function checkBfclSampleLenient(category: string, functions: FunctionSchema[], answers: PossibleAnswer[] | null, decoded: ParseResult): CheckResult {
  const strict = checkBfclSample(category, functions, answers, decoded);
  if (strict.valid || !decoded.ok || !answers) return strict;
  return checkBfclSample(category, functions, answers, { ok: true, calls: decoded.calls.map((c) => canonicalCall(c, answers)) });
}
