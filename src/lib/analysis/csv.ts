/** A CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled). */
export const csvField = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
