import { describe, expect, it } from 'vitest';
import { headlineMoved, headlinePart, headlineSums, headlineText, headlineValue } from '../../src/lib/analysis/headline';
import { type SuiteId, SUITES } from '../../src/lib/suites/registry';
import type { SampleResult } from '../../src/lib/core/types';

const of = (suite: SuiteId) => SUITES[suite].headline.measure;
const r = (score: Partial<SampleResult['score']>, facets?: SampleResult['facets'], error: SampleResult['error'] = null) =>
  ({ score: { correct: false, value: 0, errorType: null, errorClass: null, ...score }, ...(facets ? { facets } : {}), error }) as Pick<SampleResult, 'score' | 'facets' | 'error'>;
const outage = () => r({ errorType: 'engine_error' }, undefined, { kind: 'engine_error', message: 'ServerError: HTTP 503' });

describe("one number per run, the paper's (issue 37, item 4)", () => {
  it('calls and answers: the share right; compositions: the mean DAG score; API episodes: successful turns of all turns, error scenarios apart', () => {
    expect(headlineValue(headlineSums(of('catalog'), [r({ correct: true, value: 1 }), r({})]))).toBe(0.5);
    // a composition with no task fully right still has a score (the table showed 0% beside the report's 37.9%)
    expect(headlineValue(headlineSums(of('composition'), [r({ value: 0.85 }), r({ value: 0.55 })]))).toBeCloseTo(0.7);
    const turns = (...ok: boolean[]) => ({ api: { turns: ok.map((success, turn) => ({ turn, success })) } }) as never;
    expect(headlineSums(of('wildagteval-simulated'), [r(turns(true, false)), r(turns(true)), r({ api: { turns: [{ turn: 0, success: false }], errorHandling: { score: 2 } } } as never)])).toEqual({
      hits: 2,
      count: 3,
      unanswered: 0,
    });
    expect(headlineSums(of('wildagteval-benchmark'), [r(turns(false), { experiment: 'error:system_failure:play' }), r(turns(true))])).toEqual({ hits: 1, count: 1, unanswered: 0 });
    expect(headlineValue({ hits: 0, count: 0 })).toBeNull();
    expect(SUITES.composition.headline.label).toBe('score (CompToolBench)');
  });
});

describe('an engine error is no answer (issue 46, item 1)', () => {
  it('is left out of the headline and counted apart, for every measure', () => {
    for (const suite of ['catalog', 'composition', 'wildagteval-simulated'] as const) {
      const sums = headlineSums(of(suite), [r({ correct: true, value: 1, api: { turns: [{ turn: 0, success: true }] } } as never), outage(), outage()]);
      expect(sums).toEqual({ hits: 1, count: 1, unanswered: 2 });
      expect(headlineValue(sums)).toBe(1);
    }
  });
  it('a run with none answered says so instead of 0%', () => {
    const sums = headlineSums(of('catalog'), [outage(), outage(), outage()]);
    expect(headlineValue(sums)).toBeNull();
    expect(headlineText(sums, (x) => `${(x * 100).toFixed(1)}%`)).toBe('no answers (3 unanswered)');
    expect(headlineText(headlineSums(of('catalog'), [r({ correct: true }), r({}), outage()]), (x) => `${(x * 100).toFixed(1)}%`)).toBe('50.0% (1 unanswered)');
  });
});

describe('a prompt that could not be built was never asked', () => {
  const unbuilt = () => r({ errorType: 'build_error' }, undefined, { kind: 'build_error', message: 'A 1024-token conversation cannot be built for conv-006' });
  it('is left out of the headline and counted apart from the unanswered; an oracle with unbuilt cells is still at 100%', () => {
    const sums = headlineSums(of('multiturn'), [r({ correct: true }), r({ correct: true }), unbuilt(), unbuilt(), outage()]);
    expect(sums).toEqual({ hits: 2, count: 2, unanswered: 1, unbuilt: 2 });
    expect(headlineText(sums, (x) => `${(x * 100).toFixed(0)}%`)).toBe('100% (1 unanswered, 2 not built)');
    expect(headlineText(headlineSums(of('multiturn'), [unbuilt()]), (x) => `${x}`)).toBe('no answers (1 not built)');
  });
  it('kept as results come: a moved sum keeps the unbuilt count, and says none when there are none', () => {
    const zero = { hits: 0, count: 0, unanswered: 0 };
    const one = headlineMoved(zero, headlinePart(of('catalog'), unbuilt()), { hits: 0, count: 0 });
    expect(one).toEqual({ hits: 0, count: 0, unanswered: 0, unbuilt: 1 });
    expect(headlineMoved(one, headlinePart(of('catalog'), r({ correct: true })), { hits: 0, count: 0 })).toEqual({ hits: 1, count: 1, unanswered: 0, unbuilt: 1 });
    expect(headlineSums(of('catalog'), [r({ correct: true })])).toEqual({ hits: 1, count: 1, unanswered: 0 });
  });
});
