/**
 * A tool response of an exact token length (LongFuncEval challenges 2 and 3):
 * the envelope of the API's JSON around the first n records, one record per
 * line. Records are added whole until the budget is passed; the overshoot is
 * then taken out of the free-text field of the last records (text no question
 * asks about), so every answer-bearing value of a smaller response is also in
 * a larger one, at the same place. Pieces are counted once and added; the
 * finished text is measured once and corrected when the tokenizer merges
 * across lines.
 */
import type { JsonObject, ResponseSet } from '../core/types';
import { piecesAdd, type TokenCounter } from './token-counter';

const SENTINEL = '@@RECORDS@@';

/** The response text around the records: what comes before the first record line and after the last (with the API's notice, if any, after the data). */
function responseFrame(set: ResponseSet, notice?: string): { head: string; tail: string } {
  const root: JsonObject = structuredClone(set.envelope);
  let node = root;
  set.recordsPath.forEach((key, i) => {
    if (i === set.recordsPath.length - 1) node[key] = SENTINEL;
    else {
      const next = (node[key] ?? {}) as JsonObject;
      node[key] = next;
      node = next;
    }
  });
  if (notice !== undefined) root.notice = notice;
  const [before, after] = JSON.stringify(root).split(`"${SENTINEL}"`) as [string, string];
  return { head: `${before}[\n`, tail: `]${after}` };
}

function recordLine(record: JsonObject, last: boolean): string {
  return JSON.stringify(record) + (last ? '\n' : ',\n');
}

/** The whole response text for these records. */
export function responseText(set: ResponseSet, records: readonly JsonObject[]): string {
  const { head, tail } = responseFrame(set);
  return head + records.map((r, i) => recordLine(r, i === records.length - 1)).join('') + tail;
}

export interface FitInput {
  set: ResponseSet;
  /** text right before the response (its tokens are counted with the response head) */
  before: string;
  /** text right after the response */
  after: string;
  /** tokens the whole text `before + response + after` should measure */
  target: number;
  /** at least this many records (the record asked about must be present) */
  minRecords?: number;
  /** count the finished text as a whole and correct (for tokenizers that merge across lines) */
  measureWhole?: boolean;
  /** accepted relative deviation (default 0.5%) */
  tolerance?: number;
}

export interface FittedResponse {
  /** `before + response + after` */
  text: string;
  records: JsonObject[];
  /** measured tokens of `text` */
  tokens: number;
  withinTolerance: boolean;
  /** how many of the last records had their free text shortened */
  shortened: number;
  /** the API's notice fills the gap after the records */
  notice: boolean;
}

function withFreeText(record: JsonObject, field: string, chars: number): JsonObject {
  const text = record[field];
  return typeof text === 'string' ? { ...record, [field]: text.slice(0, chars).trimEnd() } : record;
}

/** The record with its free text cut so that its line costs at most `budget` tokens (the longest such cut). */
function shrinkTo(record: JsonObject, field: string, budget: number, last: boolean, counter: TokenCounter): { record: JsonObject; tokens: number } {
  const full = typeof record[field] === 'string' ? (record[field] as string).length : 0;
  let lo = 0;
  let hi = full;
  let best = withFreeText(record, field, 0);
  let bestTokens = counter.count(recordLine(best, last));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const r = withFreeText(record, field, mid);
    const n = counter.count(recordLine(r, last));
    if (n <= budget) {
      best = r;
      bestTokens = n;
      lo = mid;
    } else hi = mid - 1;
  }
  return { record: best, tokens: bestTokens };
}

/**
 * The response whose prompt text measures `target` tokens. Records are whole
 * until the budget is passed; the overshoot comes out of the free text of the
 * last records. When they have too little free text (a few long records), the
 * last record is left out instead and the API's notice, cut to size, fills the
 * gap. `withinTolerance` is false when the records run out or `minRecords`
 * records alone are too long.
 */
export function fitResponse(input: FitInput, counter: TokenCounter): FittedResponse {
  const { set } = input;
  const tolerance = input.tolerance ?? 0.005;
  const field = set.freeTextField;
  const { head, tail } = responseFrame(set);
  const prefix = input.before + head;
  const headTokens = counter.count(prefix);
  const tailTokens = counter.count(tail + input.after);
  const budget = input.target - headTokens - tailTokens;
  const records = set.records;
  const minRecords = Math.max(1, input.minRecords ?? 1);
  const lineCost = (r: JsonObject, last: boolean) => counter.count(recordLine(r, last));

  // the smallest n whose full lines reach the budget
  const costs: number[] = [];
  let sum = 0;
  let n = 0;
  while (n < records.length && (sum < budget || n < minRecords)) {
    const c = lineCost(records[n] as JsonObject, false);
    costs.push(c);
    sum += c;
    n++;
  }
  let chosen = records.slice(0, n);
  if (n > 0) {
    // the last line has no comma
    const lastFull = lineCost(chosen[n - 1] as JsonObject, true);
    sum += lastFull - (costs[n - 1] as number);
    costs[n - 1] = lastFull;
  }
  let excess = sum - budget;
  const reducible = chosen.reduce((s, r, j) => s + (costs[j] as number) - lineCost(withFreeText(r, field, 0), j === n - 1), 0);
  let notice: string | undefined;
  let shortened = 0;
  if (excess > reducible && n > minRecords && set.notice) {
    // one record fewer, and the notice takes the rest
    chosen = records.slice(0, n - 1);
    costs.length = n - 1;
    costs[n - 2] = lineCost(chosen[n - 2] as JsonObject, true);
    const deficit = budget - costs.reduce((a, b) => a + b, 0);
    notice = fitNotice(set, deficit, input.after, tailTokens, counter);
    excess = 0;
  }
  for (let j = chosen.length - 1; j >= 0 && excess > 0; j--) {
    const cost = costs[j] as number;
    const fit = shrinkTo(chosen[j] as JsonObject, field, cost - excess, j === chosen.length - 1, counter);
    chosen[j] = fit.record;
    costs[j] = fit.tokens;
    excess -= cost - fit.tokens;
    shortened++;
  }
  const finalTail = responseFrame(set, notice).tail + input.after;
  const render = () => prefix + chosen.map((r, i) => recordLine(r, i === chosen.length - 1)).join('') + finalTail;
  let tokens = headTokens + costs.reduce((a, b) => a + b, 0) + counter.count(finalTail);
  let text = render();
  if (input.measureWhole && chosen.length > 0) {
    tokens = counter.count(text);
    // BPE merges across lines can move the total by a few tokens: take them out of (or give them back to) the last record's free text
    const last = chosen.length - 1;
    for (let round = 0; round < 3 && tokens !== input.target; round++) {
      const want = lineCost(chosen[last] as JsonObject, true) + (input.target - tokens);
      chosen[last] = shrinkTo(records[last] as JsonObject, field, want, true, counter).record;
      text = render();
      tokens = counter.count(text);
    }
  }
  return { text, records: chosen, tokens, withinTolerance: Math.abs(tokens - input.target) <= tolerance * input.target, shortened, notice: notice !== undefined };
}

/** The longest cut of the set's notice whose cost in the tail is at most `tokens` more than the tail without it (`plain` tokens). */
function fitNotice(set: ResponseSet, tokens: number, after: string, plain: number, counter: TokenCounter): string {
  const full = set.notice ?? '';
  const cost = (chars: number) => counter.count(responseFrame(set, full.slice(0, chars).trimEnd()).tail + after) - plain;
  let lo = 0;
  let hi = full.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (cost(mid) <= tokens) lo = mid;
    else hi = mid - 1;
  }
  return full.slice(0, lo).trimEnd();
}

/** Whether record lines, and the response head before the first, count as the sum of their parts (true for byte-level BPE that splits at newlines). */
export function isRecordAdditive(set: ResponseSet, counter: TokenCounter): boolean {
  return piecesAdd(counter, [responseFrame(set).head, ...set.records.slice(0, 6).map((r) => recordLine(r, false))]);
}
