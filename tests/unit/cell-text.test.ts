// A sample's cell in words names its position as its suite does: the catalog's needle at α, response QA's record p, nothing where the suite has none.
import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/lib/analysis/format';
import { SUITES } from '../../src/lib/suites/registry';

describe('a cell in words', () => {
  it("names the position by its suite's declared name, and leaves out what the suite does not vary", () => {
    expect(cellText({ length: 2048, position: 0.9 }, SUITES.catalog.columns.position)).toBe('2K tokens · α 0.9');
    expect(cellText({ length: 4096, position: 3, variant: 'position' }, SUITES['response-qa'].columns.position)).toBe('4K tokens · p 3 · position');
    // the composition and robustness suites vary neither length nor position: a record number must not read as α
    expect(cellText({ length: 0, position: 0, variant: 'L2_parallel' }, SUITES.composition.columns.position)).toBe('L2_parallel');
    expect(cellText({ length: 0, position: 0, variant: 'rephrased' }, SUITES.robustness.columns.position)).toBe('rephrased');
    expect(cellText({ length: 8192, position: 0, variant: 'prose' }, SUITES.multiturn.columns.position)).toBe('8K tokens · prose');
  });
});
