/**
 * One number per run, the one its paper reports, shown the same in the runs table, the report, the
 * gallery, the runner's summary and the run file: AST accuracy for calls, exact accuracy for
 * answers, CompToolBench's overall score for compositions, API-call accuracy over turns for API
 * episodes. A run keeps the sums (hits, count) as results come, so no view reads its results for it.
 */
import { isUnanswered, isUnbuilt, type SampleResult } from '../core/types';

export interface HeadlineSums {
  hits: number;
  count: number;
  /** samples with no answer (an engine error): outside hits and count (absent in sums kept before they were counted) */
  unanswered?: number;
  /** samples whose prompt could not be built, never asked: outside hits and count too (absent when none, and in sums kept before they were counted apart) */
  unbuilt?: number;
}

/** What a run's headline counts: right answers, CompToolBench's score, or API calls right over turns. */
export type HeadlineMeasure = 'correct' | 'score' | 'turns';

/** What one result adds to its run's headline. */
export function headlinePart(measure: HeadlineMeasure, r: Pick<SampleResult, 'score' | 'facets' | 'error'>): HeadlineSums {
  if (isUnanswered(r)) return { hits: 0, count: 0, unanswered: 1 };
  if (isUnbuilt(r)) return { hits: 0, count: 0, unbuilt: 1 };
  if (measure === 'score') return { hits: r.score.value, count: 1 };
  if (measure === 'turns') {
    // the error-handling experiments are judged apart (their own table), as the report counts them
    if (r.score.api?.errorHandling || String(r.facets?.experiment ?? '').startsWith('error:')) return { hits: 0, count: 0 };
    const turns = r.score.api?.turns ?? [];
    return { hits: turns.filter((t) => t.success).length, count: turns.length };
  }
  return { hits: r.score.correct ? 1 : 0, count: 1 };
}

export function headlineSums(measure: HeadlineMeasure, results: readonly Pick<SampleResult, 'score' | 'facets' | 'error'>[]): HeadlineSums {
  const sums = { hits: 0, count: 0, unanswered: 0, unbuilt: 0 };
  for (const r of results) {
    const p = headlinePart(measure, r);
    sums.hits += p.hits;
    sums.count += p.count;
    sums.unanswered += p.unanswered ?? 0;
    sums.unbuilt += p.unbuilt ?? 0;
  }
  const { unbuilt, ...rest } = sums;
  return unbuilt ? sums : rest;
}

/** Adds `now` and takes away `was` (a result rewritten: an engine error answered on resume). */
export function headlineMoved(sums: HeadlineSums, now: HeadlineSums, was: HeadlineSums): HeadlineSums {
  const moved = { hits: sums.hits + now.hits - was.hits, count: sums.count + now.count - was.count, unanswered: (sums.unanswered ?? 0) + (now.unanswered ?? 0) - (was.unanswered ?? 0) };
  const unbuilt = (sums.unbuilt ?? 0) + (now.unbuilt ?? 0) - (was.unbuilt ?? 0);
  return unbuilt ? { ...moved, unbuilt } : moved;
}

/** The headline as words: the figure over answered samples, the unanswered beside it; "no answers" when there are none. */
export function headlineText(s: HeadlineSums, pct: (x: number) => string): string {
  const apart = [...(s.unanswered ? [`${s.unanswered.toLocaleString('en-US')} unanswered`] : []), ...(s.unbuilt ? [`${s.unbuilt.toLocaleString('en-US')} not built`] : [])].join(', ');
  if (s.count === 0) return apart ? `no answers (${apart})` : '—';
  return apart ? `${pct(s.hits / s.count)} (${apart})` : pct(s.hits / s.count);
}

export function headlineValue(s: HeadlineSums): number | null {
  return s.count > 0 ? s.hits / s.count : null;
}
