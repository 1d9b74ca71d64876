import type { Cell, CellMeasure } from '../core/types';
/** How a token count is written in labels, tables and file names: 1024 → 1K, 120000 → 120000. */
export const formatTokens = (n: number): string => (n >= 1024 && n % 1024 === 0 ? `${n / 1024}K` : String(n));

/** What a run name adds for a run that asks each sample several times: ` · ×3 at T 0.7` (nothing for once). */
export function repeatsLabel(repeats: number | undefined, temperature: number): string {
  return repeats && repeats > 1 ? ` · ×${repeats} at T ${temperature}` : '';
}

/** A difference of shares in signed points, one decimal: +7.5, −48.0. */
export const signedPoints = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;

/** A contrast's 95% interval in points, or none when its requests are too few for its test to decide: [−9.0, +0.0], [none: 5 requests]. */
export const intervalText = (c: { low: number; high: number; clusters: number; decides: boolean }): string =>
  c.decides ? `[${signedPoints(c.low)}, ${signedPoints(c.high)}]` : `[none: ${c.clusters} request${c.clusters === 1 ? '' : 's'}]`;

/** A contrast's B − A with its 95% interval: −19.3 [−27.7, −11.7]. */
export const differenceText = (c: { difference: number; low: number; high: number; clusters: number; decides: boolean }): string => `${signedPoints(c.difference)} ${intervalText(c)}`;

/** The smallest difference a contrast's requests could detect, in points — or nothing, when its test cannot decide with them. */
export const detectsText = (c: { detectable: number; decides: boolean }): string => (c.decides ? (c.detectable * 100).toFixed(1) : 'nothing');

/** A share as a percentage, one decimal: 38.5%. */
export const formatPercent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** A test's p-value as the tables print it. */
/** A probability given as its natural log, as a percent readable from 100% down to the tiniest (a forced token's, a call's). */
export function probabilityPercent(logprob: number): string {
  const p = Math.exp(logprob) * 100;
  return p >= 10 ? `${p.toFixed(0)}%` : p >= 0.1 ? `${p.toFixed(1)}%` : `${p.toExponential(0)}%`;
}

/** A forced token's text as shown: its escapes visible (a newline as \n), no quotes. */
export const tokenText = (piece: string): string => JSON.stringify(piece).slice(1, -1);

export const formatP = (p: number): string => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/** The measures a suite's cells hold, in the order its sample list shows them (`SuiteDeclaration.columns`). */
export type CellColumns = readonly CellMeasure[];

/** Each measure's column heading and its value in words. */
export const MEASURE_WORDS: Record<CellMeasure, { heading: string; text: (v: number) => string }> = {
  length: { heading: 'tokens', text: (v) => `${formatTokens(v)} tokens` },
  alpha: { heading: 'α', text: (v) => `α ${v}` },
  record: { heading: 'record', text: (v) => `record ${v}` },
  tools: { heading: 'tools', text: (v) => `${v} tool${v === 1 ? '' : 's'} offered` },
};

/** A sample's cell in words, as its suite declares its cells: the measures it holds, then its variant. */
export function cellText(cell: Cell, columns: CellColumns): string {
  return [...columns.flatMap((m) => (cell[m] === undefined ? [] : [MEASURE_WORDS[m].text(cell[m])])), cell.variant ?? ''].filter(Boolean).join(' · ');
}
