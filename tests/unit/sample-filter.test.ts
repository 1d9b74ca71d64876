import { describe, expect, it } from 'vitest';
import { errorTypeCounts, filterSamples, NO_FILTER, promptHolds, promptSearchCandidates } from '../../src/lib/analysis/sample-filter';
import type { SampleResult } from '../../src/lib/core/types';

const result = (i: number, correct: boolean, extra: Partial<SampleResult> = {}): SampleResult => ({
  id: `r:s${i}`,
  runId: 'r',
  sampleId: `s${i}`,
  index: i,
  cell: { length: i % 2 ? 1024 : 2048, alpha: 0.5 },
  output: `call_${i}()`,
  calls: null,
  parseError: null,
  score: { correct, value: correct ? 1 : 0, errorType: correct ? null : 'simple_function_checker:wrong_func_name', errorClass: null, lenientCorrect: correct },
  usage: null,
  timings: null,
  error: null,
  createdAt: 0,
  ...extra,
});

describe('the sample browser filter', () => {
  const rs = [
    result(0, true),
    result(1, false),
    result(2, false, { error: { kind: 'build_error', message: 'A 2048-token prompt cannot be built' } }),
    result(3, true, { facets: { type: 'irrelevant' } }),
  ];

  it('lists failures by default, and every sample when asked', () => {
    expect(filterSamples(rs, NO_FILTER).map((r) => r.index)).toEqual([1, 2]);
    expect(filterSamples(rs, { ...NO_FILTER, verdict: 'all' })).toHaveLength(4);
  });
  it('narrows to a heatmap cell, an error type and a text in outputs, errors or facets', () => {
    expect(filterSamples(rs, { ...NO_FILTER, verdict: 'all', cell: { length: 1024, alpha: 0.5 } }).map((r) => r.index)).toEqual([1, 3]);
    expect(filterSamples(rs, { ...NO_FILTER, errorType: 'build_error' }).map((r) => r.index)).toEqual([2]);
    expect(filterSamples(rs, { ...NO_FILTER, verdict: 'all', text: 'CALL_3' }).map((r) => r.index)).toEqual([3]);
    expect(filterSamples(rs, { ...NO_FILTER, verdict: 'all', text: 'cannot be built' }).map((r) => r.index)).toEqual([2]);
    expect(filterSamples(rs, { ...NO_FILTER, verdict: 'all', text: 'irrelevant' }).map((r) => r.index)).toEqual([3]);
  });
  it('counts error types of the failures, most frequent first', () => {
    expect(errorTypeCounts(rs)).toEqual([
      { type: 'build_error', n: 1 },
      { type: 'simple_function_checker:wrong_func_name', n: 1 },
    ]);
  });
  it('searches prompts too: the worker looks only where the other filters keep a sample and its own text does not match; either match lists it', () => {
    const f = { ...NO_FILTER, verdict: 'all' as const, text: 'call_1', inPrompts: true };
    expect(promptSearchCandidates(rs, f)).toEqual(['s0', 's2', 's3']);
    expect(promptSearchCandidates(rs, { ...f, verdict: 'wrong' })).toEqual(['s2']);
    expect(filterSamples(rs, f, new Set(['s3'])).map((r) => r.index)).toEqual([1, 3]);
    expect(filterSamples(rs, { ...f, verdict: 'wrong' }, new Set(['s3'])).map((r) => r.index)).toEqual([1]);
    expect(promptHolds([{ content: 'System' }, { content: 'Book a TABLE for two' }], ' table ')).toBe(true);
    expect(promptHolds([{ content: 'Book a table' }], '   ')).toBe(false);
  });
});
