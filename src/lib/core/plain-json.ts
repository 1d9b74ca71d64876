/**
 * JSON.stringify for stored data that may hold bigints (exact integers of parsed calls):
 * a bigint is written as its digits (valid JSON; a reader without bigints gets the nearest
 * double). Everything else as JSON.stringify writes it, `toJSON` and `undefined` included.
 */
export function plainJsonText(value: unknown): string {
  return write(value) ?? 'null';
}

function write(v: unknown): string | undefined {
  if (typeof v === 'bigint') return v.toString();
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON: () => unknown }).toJSON();
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map((x) => write(x) ?? 'null').join(',') + ']';
  const parts: string[] = [];
  for (const k of Object.keys(v)) {
    const x = write((v as Record<string, unknown>)[k]);
    if (x !== undefined) parts.push(JSON.stringify(k) + ':' + x);
  }
  return '{' + parts.join(',') + '}';
}
