import { describe, expect, it } from 'vitest';
import { headlineSums, headlineValue } from '../../src/lib/analysis/headline';
import { SUITES } from '../../src/lib/suites/registry';
import type { SuiteId } from '../../src/lib/suites/declaration';
import type { SampleResult } from '../../src/lib/core/types';

const of = (suite: SuiteId) => SUITES[suite].headline.measure;
const r = (score: Partial<SampleResult['score']>, facets?: SampleResult['facets']) =>
  ({ score: { correct: false, value: 0, errorType: null, errorClass: null, ...score }, ...(facets ? { facets } : {}) }) as Pick<SampleResult, 'score' | 'facets'>;

describe("one number per run, the paper's (issue 37, item 4)", () => {
  it('calls and answers: the share right; compositions: the mean DAG score; API episodes: successful turns of all turns, error scenarios apart', () => {
    expect(headlineValue(headlineSums(of('catalog'), [r({ correct: true, value: 1 }), r({})]))).toBe(0.5);
    // a composition with no task fully right still has a score (the table showed 0% beside the report's 37.9%)
    expect(headlineValue(headlineSums(of('composition'), [r({ value: 0.85 }), r({ value: 0.55 })]))).toBeCloseTo(0.7);
    const turns = (...ok: boolean[]) => ({ api: { turns: ok.map((success, turn) => ({ turn, success })) } }) as never;
    expect(headlineSums(of('api-complexity'), [r(turns(true, false)), r(turns(true)), r({ api: { turns: [{ turn: 0, success: false }], errorHandling: { score: 2 } } } as never)])).toEqual({
      hits: 2,
      count: 3,
    });
    expect(headlineSums(of('wildagteval'), [r(turns(false), { experiment: 'error:system_failure:play' }), r(turns(true))])).toEqual({ hits: 1, count: 1 });
    expect(headlineValue({ hits: 0, count: 0 })).toBeNull();
    expect(SUITES.composition.headline.label).toBe('score (CompToolBench)');
  });
});
