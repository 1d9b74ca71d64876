// A sample's cell in words, as its suite declares its cells: each measure it holds under its own name (tokens, the catalog's α, response QA's record, composition's tools offered), nothing it does not hold.
import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/lib/analysis/format';
import { SUITES } from '../../src/lib/suites/registry';

describe('a cell in words', () => {
  it('names each measure by what it measures, and leaves out what the suite does not vary', () => {
    expect(cellText({ length: 2048, alpha: 0.9 }, SUITES.catalog.columns)).toBe('2K tokens · α 0.9');
    expect(cellText({ length: 4096, record: 3, variant: 'position' }, SUITES['response-qa'].columns)).toBe('4K tokens · record 3 · position');
    // composition fills no prompt length: its cells count the tools offered
    expect(cellText({ length: 0, tools: 12, variant: 'single-turn' }, SUITES.composition.columns)).toBe('12 tools offered · single-turn');
    expect(cellText({ length: 0, variant: 'rephrased' }, SUITES.robustness.columns)).toBe('rephrased');
    expect(cellText({ length: 8192, variant: 'prose' }, SUITES.multiturn.columns)).toBe('8K tokens · prose');
  });
});
