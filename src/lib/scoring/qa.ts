/**
 * Scoring free-text answers to questions about tool responses (LongFuncEval
 * challenge 2): exact match after normalization for scalars, order-free match
 * for lists, numeric match with a tolerance, and the paper's 'contains' metric
 * (the expected answer appears in the output).
 */
import { looseNumber, looseText } from '../core/entities';
import type { QaExpected } from '../core/expected';

export interface QaScore {
  /** the paper's main metric: exact (scalar), unordered (list), or numeric-with-tolerance match */
  exact: boolean;
  /** the expected answer (every item, for lists) occurs in the output */
  contains: boolean;
}

/** Normalization for comparison: case, accents, punctuation and spacing, wrapping quotes, a trailing period. */
function normalizeAnswer(s: string): string {
  return looseText(
    s
      .trim()
      .replace(/^["'`]+|["'`]+$/g, '')
      .replace(/\.$/, ''),
  );
}

function exactMatch(output: string, expected: string): boolean {
  return normalizeAnswer(output) === normalizeAnswer(expected);
}

/** |output − expected| ≤ max(abs, rel·|expected|); the output may carry a unit or currency. */
function numericMatch(output: string, expected: number, relTolerance = 1e-6, absTolerance = 1e-9): boolean {
  const n = looseNumber(output.trim().replace(/\.$/, ''));
  return n !== null && Math.abs(n - expected) <= Math.max(absTolerance, relTolerance * Math.abs(expected));
}

function splitList(output: string): string[] {
  return output
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(/[,;\n]|\band\b/)
    .map(normalizeAnswer)
    .filter((s) => s !== '');
}

/** The same items in any order (each counted once). */
export function unorderedListMatch(output: string, expected: readonly string[]): boolean {
  const got = new Set(splitList(output));
  const want = new Set(expected.map(normalizeAnswer));
  if (got.size !== want.size) return false;
  for (const w of want) if (!got.has(w)) return false;
  return true;
}

function containsNormalized(haystack: string, needle: string): boolean {
  const h = ` ${normalizeAnswer(haystack)} `;
  const n = normalizeAnswer(needle);
  return n !== '' && h.includes(` ${n} `);
}

export function scoreQa(output: string, expected: QaExpected): QaScore {
  switch (expected.kind) {
    case 'scalar':
      return { exact: exactMatch(output, expected.value), contains: containsNormalized(output, expected.value) };
    case 'number': {
      const exact = numericMatch(output, expected.value, expected.relTolerance, expected.absTolerance);
      const numbers = output.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? [];
      const contains = exact || numbers.some((n) => numericMatch(n, expected.value, expected.relTolerance, expected.absTolerance));
      return { exact, contains };
    }
    case 'list':
      return {
        exact: unorderedListMatch(output, expected.values),
        contains: expected.values.length > 0 && expected.values.every((v) => containsNormalized(output, v)),
      };
  }
}

/** The expected answer written as the prompt asks for it (numbers bare, lists comma-separated). */
export function formatAnswer(expected: QaExpected): string {
  switch (expected.kind) {
    case 'scalar':
      return expected.value;
    case 'number':
      return String(expected.value);
    case 'list':
      return expected.values.join(', ');
  }
}
