/**
 * Bounds on what reading one model output may build. A 29-character output such as
 * `[f(a=[[[1]*1000]*1000]*1000)]` means 10⁹ elements once stored or shown, so every
 * parser checks these while it builds; going over is a typed parse error (`too_large`),
 * scored as the model's failure like any other unreadable answer.
 */
import { isDict, PyTuple, type PyValue } from '../core/pyvalue';
import { DecodeFailure } from './parse-result';

/** Longer outputs are refused unread: 8 characters a token at the highest output limit a run allows (2,048 tokens; answers average about 4). */
export const MAX_OUTPUT_CHARS = 16_384;
/** Elements plus string characters of every value of one output, shared references counted each time they appear. */
const MAX_VALUE_UNITS = 50_000;
/** Elements and characters copied by all the arithmetic of one output (`[1]*n`, `a + b`, `'x'*n`). */
const MAX_WORK_UNITS = 250_000;
/** Python's own limit for an int's decimal digits (`sys.get_int_max_str_digits()`). */
export const MAX_INT_DIGITS = 4300;
/** 4300 decimal digits, in bits. */
export const MAX_INT_BITS = Math.ceil(MAX_INT_DIGITS * Math.log2(10));
/** Depth of an expression's tree (`1+1+…+1` is as deep as it has terms; Python's own compiler stops near 1000). */
export const MAX_EXPRESSION_DEPTH = 1000;

export const tooLarge = (what: string): never => {
  throw new DecodeFailure('too_large', what);
};

export const outputTooLong = (text: string): string | null =>
  text.length > MAX_OUTPUT_CHARS ? `an output of ${text.length.toLocaleString('en-US')} characters (the limit is ${MAX_OUTPUT_CHARS.toLocaleString('en-US')})` : null;

/** Sizes of values as stored (shared references expanded), memoised so a value shared n times is measured once. */
export class ValueBudget {
  private work = 0;
  private readonly sizes = new WeakMap<object, number>();

  /** Charge `units` of copying; refuse once the output's arithmetic has copied too much. */
  spend(units: number): void {
    this.work += units;
    if (this.work > MAX_WORK_UNITS) tooLarge(`arithmetic building more than ${MAX_WORK_UNITS.toLocaleString('en-US')} elements`);
  }

  /** Refuse values that together would be larger than the budget once expanded. */
  check(values: readonly PyValue[]): void {
    let size = 0;
    for (const v of values) if ((size += this.sizeOf(v)) > MAX_VALUE_UNITS) break;
    if (size > MAX_VALUE_UNITS) tooLarge(`values of more than ${MAX_VALUE_UNITS.toLocaleString('en-US')} elements and characters once expanded (repeated parts counted each time)`);
  }

  /** Elements + characters once expanded; stops counting past the budget (depth ≤ the nesting the parser allowed). */
  sizeOf(v: PyValue): number {
    if (typeof v === 'string') return 1 + v.length;
    if (v === null || typeof v !== 'object') return 1;
    const known = this.sizes.get(v);
    if (known !== undefined) return known;
    let total = 1;
    if (Array.isArray(v) || v instanceof PyTuple) {
      for (const x of Array.isArray(v) ? v : v.items) {
        total += this.sizeOf(x);
        if (total > MAX_VALUE_UNITS) break;
      }
    } else if (isDict(v)) {
      for (const k of Object.keys(v)) {
        total += k.length + this.sizeOf(v[k] as PyValue);
        if (total > MAX_VALUE_UNITS) break;
      }
    }
    this.sizes.set(v, total);
    return total;
  }
}
