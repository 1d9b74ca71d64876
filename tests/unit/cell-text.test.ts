// A sample's cell in words, as its suite declares its cells: tokens where it plans a length, its position under its name (the catalog's α, response QA's p), nothing where it has none.
import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/lib/analysis/format';
import { SUITES } from '../../src/lib/suites/registry';

describe('a cell in words', () => {
  it("names the position by its suite's declared name, and leaves out what the suite does not vary", () => {
    expect(cellText({ length: 2048, position: 0.9 }, SUITES.catalog.columns)).toBe('2K tokens · α 0.9');
    expect(cellText({ length: 4096, position: 3, variant: 'position' }, SUITES['response-qa'].columns)).toBe('4K tokens · p 3 · position');
    // the composition and robustness suites plan no prompt length nor position (composition's length counts the tools offered): neither reads as tokens or α
    expect(cellText({ length: 12, position: 0, variant: 'single-turn' }, SUITES.composition.columns)).toBe('single-turn');
    expect(cellText({ length: 0, position: 0, variant: 'rephrased' }, SUITES.robustness.columns)).toBe('rephrased');
    expect(cellText({ length: 8192, position: 0, variant: 'prose' }, SUITES.multiturn.columns)).toBe('8K tokens · prose');
  });
});
