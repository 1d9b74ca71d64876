/** An error as the page can take it across the worker's boundary: its name and message only. */
export function plainError(e: unknown): Error {
  const err = e as { name?: string; message?: string };
  const out = new Error(err?.message ?? String(e));
  out.name = err?.name ?? 'Error';
  return out;
}
