/**
 * Every number in a suite's defaults is a declared setting (its bounds checked in the Run tab, the
 * runner and run files) or named here with why it needs none (issue 70: `lengths` and robustness's
 * `expansion.threshold` were numbers no check covered).
 */
import { describe, expect, it } from 'vitest';
import { SUITE_LIST } from '../../src/lib/suites/registry';

/** Numbers in defaults that are not settings, by suite and path, each with its reason. */
const EXEMPT: Record<string, Record<string, string>> = {};

/** Every path under `value` that holds a number or a list of numbers. */
function numberPaths(value: unknown, at = ''): string[] {
  if (typeof value === 'number') return [at];
  if (Array.isArray(value)) return value.length > 0 && value.every((x) => typeof x === 'number') ? [at] : [];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numberPaths(v, at ? `${at}.${k}` : k));
  return [];
}

describe("a suite's defaults hold no number that is not a setting", () => {
  for (const suite of SUITE_LIST) {
    it(suite.id, () => {
      const declared = new Set(suite.settings.map((s) => s.path));
      const exempt = EXEMPT[suite.id] ?? {};
      const loose = numberPaths(suite.config.defaults).filter((p) => !declared.has(p) && !(p in exempt));
      expect(loose, `numbers in ${suite.id}'s defaults that no setting declares`).toEqual([]);
    });
  }

  it('finds a number no setting declares (the check can fail)', () => {
    expect(numberPaths({ a: 1, b: { c: [1, 2], d: 'x' }, e: [] })).toEqual(['a', 'b.c']);
  });
});
