/** How a token count is written in labels, tables and file names: 1024 → 1K, 120000 → 120000. */
export const formatTokens = (n: number): string => (n >= 1024 && n % 1024 === 0 ? `${n / 1024}K` : String(n));
