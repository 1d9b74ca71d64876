/**
 * One number per run, the one its paper reports, shown the same in the runs table, the report, the
 * gallery, the runner's summary and the run file: AST accuracy for calls, exact accuracy for
 * answers, CompToolBench's overall score for compositions, API-call accuracy over turns for API
 * episodes. A run keeps the sums (hits, count) as results come, so no view reads its results for it.
 */
import type { SampleResult } from '../core/types';

export interface HeadlineSums {
  hits: number;
  count: number;
}

/** What a run's headline counts: right answers, CompToolBench's score, or API calls right over turns. */
export type HeadlineMeasure = 'correct' | 'score' | 'turns';

/** What one result adds to its run's headline. */
export function headlinePart(measure: HeadlineMeasure, r: Pick<SampleResult, 'score' | 'facets'>): HeadlineSums {
  if (measure === 'score') return { hits: r.score.value, count: 1 };
  if (measure === 'turns') {
    // the error-handling experiments are judged apart (their own table), as the report counts them
    if (r.score.api?.errorHandling || String(r.facets?.experiment ?? '').startsWith('error:')) return { hits: 0, count: 0 };
    const turns = r.score.api?.turns ?? [];
    return { hits: turns.filter((t) => t.success).length, count: turns.length };
  }
  return { hits: r.score.correct ? 1 : 0, count: 1 };
}

export function headlineSums(measure: HeadlineMeasure, results: readonly Pick<SampleResult, 'score' | 'facets'>[]): HeadlineSums {
  const sums = { hits: 0, count: 0 };
  for (const r of results) {
    const p = headlinePart(measure, r);
    sums.hits += p.hits;
    sums.count += p.count;
  }
  return sums;
}

export function headlineValue(s: HeadlineSums): number | null {
  return s.count > 0 ? s.hits / s.count : null;
}
