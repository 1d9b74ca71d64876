/** How a token count is written in labels, tables and file names: 1024 → 1K, 120000 → 120000. */
export const formatTokens = (n: number): string => (n >= 1024 && n % 1024 === 0 ? `${n / 1024}K` : String(n));

/** What a run name adds for a run that asks each sample several times: ` · ×3 at T 0.7` (nothing for once). */
export function repeatsLabel(repeats: number | undefined, temperature: number): string {
  return repeats && repeats > 1 ? ` · ×${repeats} at T ${temperature}` : '';
}
