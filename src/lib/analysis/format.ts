import type { Cell } from '../core/types';
/** How a token count is written in labels, tables and file names: 1024 → 1K, 120000 → 120000. */
export const formatTokens = (n: number): string => (n >= 1024 && n % 1024 === 0 ? `${n / 1024}K` : String(n));

/** What a run name adds for a run that asks each sample several times: ` · ×3 at T 0.7` (nothing for once). */
export function repeatsLabel(repeats: number | undefined, temperature: number): string {
  return repeats && repeats > 1 ? ` · ×${repeats} at T ${temperature}` : '';
}

/** A difference of shares in signed points, one decimal: +7.5, −48.0. */
export const signedPoints = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;

/** A share as a percentage, one decimal: 38.5%. */
export const formatPercent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** A test's p-value as the tables print it. */
export const formatP = (p: number): string => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/** What a suite's cells hold (`SuiteDeclaration.columns`): a planned prompt length, and a position under its name (α, p) or none. */
export interface CellColumns {
  tokens: boolean;
  position: string | null;
}

/**
 * A sample's cell in words, as its suite declares its cells (`SuiteDeclaration.columns`): its prompt
 * length where it plans one, its position under the suite's name for it (the catalog's needle at α,
 * response QA's record p), and its variant.
 */
export function cellText(cell: Pick<Cell, 'length' | 'position'> & { variant?: string }, columns: CellColumns): string {
  return [columns.tokens ? `${formatTokens(cell.length)} tokens` : '', columns.position ? `${columns.position} ${cell.position}` : '', cell.variant ?? ''].filter(Boolean).join(' · ');
}
