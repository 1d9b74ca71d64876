/**
 * The one CSV writer (RFC 4180): CRLF between records, a field quoted when it holds a comma,
 * a quote, CR or LF, quotes doubled. Text that a spreadsheet would run as a formula (it begins
 * with = + - @, a tab or CR) is neutralised with a leading apostrophe, as OWASP advises; numbers
 * (and text that is exactly a number, such as "-0.25") are written as they are.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  let s = String(cell);
  if (typeof cell === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header and rows as one CSV text, every record ended by CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',') + '\r\n').join('');
}
