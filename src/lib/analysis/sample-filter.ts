/** Which of a run's samples the sample browser lists: by cell, variant, verdict, error type and text. */
import { type Cell, CELL_MEASURES, type SampleResult } from '../core/types';

export interface SampleFilter {
  /** a cell (a heatmap's: its length and α): the samples of every variant in it */
  cell: Omit<Cell, 'variant'> | null;
  variant: string;
  verdict: 'all' | 'wrong' | 'correct';
  errorType: string;
  /** found in the output, the parse error, the error message or the sample's facets (case-insensitive) */
  text: string;
  /** the text may also be found in the sample's prompt (searched by the worker, which rebuilds prompts) */
  inPrompts?: boolean;
}

export const ALL = 'all';
/** a result's variant (the catalog's free or constrained prompt, a robustness wording), 'default' when the run has none */
export const variantOf = (r: SampleResult): string => r.cell.variant ?? 'default';

/** the results of one variant, or all of them */
export const ofVariant = (results: SampleResult[], variant: string): SampleResult[] => (variant === ALL ? results : results.filter((r) => variantOf(r) === variant));

/** whether a run has variants to tell apart (a run of one unnamed variant has none) */
export const hasVariants = (results: readonly SampleResult[]): boolean => results.some((r) => variantOf(r) !== 'default');

export const NO_FILTER: SampleFilter = { cell: null, variant: ALL, verdict: 'wrong', errorType: ALL, text: '' };

/** The error type a sample is listed under ('correct' for a correct one). */
const errorTypeOf = (r: SampleResult): string => (r.score.correct ? 'correct' : (r.error?.kind ?? r.score.errorType ?? 'wrong'));

/**
 * The samples the filter lists. `promptMatches`: the sample ids whose prompt holds the text (found
 * by the worker when the filter searches prompts too); a sample is listed when either holds it.
 */
export function filterSamples(results: readonly SampleResult[], f: SampleFilter, promptMatches: ReadonlySet<string> | null = null): SampleResult[] {
  const text = f.text.trim().toLowerCase();
  return results.filter((r) => passesAllButText(r, f) && (text === '' || textOf(r, text) || (promptMatches?.has(r.sampleId) ?? false)));
}

/** The samples whose prompts a text search must look into: those the other filters keep and whose own text does not already match. */
export function promptSearchCandidates(results: readonly SampleResult[], f: SampleFilter): string[] {
  const text = f.text.trim().toLowerCase();
  return results.filter((r) => passesAllButText(r, f) && !textOf(r, text)).map((r) => r.sampleId);
}

/** Two cells alike in every measure (variants aside): compared field by field, as the list filters every sample on each change. */
const sameMeasures = (a: Omit<Cell, 'variant'>, b: Omit<Cell, 'variant'>): boolean => CELL_MEASURES.every((m) => a[m] === b[m]);

function passesAllButText(r: SampleResult, f: SampleFilter): boolean {
  return (
    (f.cell === null || sameMeasures(r.cell, f.cell)) &&
    (f.variant === ALL || variantOf(r) === f.variant) &&
    (f.verdict === 'all' || (f.verdict === 'correct') === r.score.correct) &&
    (f.errorType === ALL || errorTypeOf(r) === f.errorType)
  );
}

const textOf = (r: SampleResult, text: string): boolean =>
  r.output.toLowerCase().includes(text) || (r.parseError ?? '').toLowerCase().includes(text) || (r.error?.message ?? '').toLowerCase().includes(text) || facetText(r).includes(text);

/** Whether a prompt's messages hold the text (case-insensitive). */
export function promptHolds(messages: readonly { content: string }[], text: string): boolean {
  const t = text.trim().toLowerCase();
  return t !== '' && messages.some((m) => m.content.toLowerCase().includes(t));
}

/** Error types present, most frequent first, with their counts. */
export function errorTypeCounts(results: readonly SampleResult[]): { type: string; n: number }[] {
  const counts = new Map<string, number>();
  for (const r of results) if (!r.score.correct) counts.set(errorTypeOf(r), (counts.get(errorTypeOf(r)) ?? 0) + 1);
  return [...counts.entries()].map(([type, n]) => ({ type, n })).sort((a, b) => b.n - a.n || a.type.localeCompare(b.type));
}

const facetText = (r: SampleResult): string =>
  r.facets
    ? Object.entries(r.facets)
        .map(([k, v]) => `${k} ${v}`)
        .join(' ')
        .toLowerCase()
    : '';
