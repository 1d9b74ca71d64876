/** Writing calls back as text, in the formats the parsers read. */
import { pyRepr, toPlain } from '../core/pyvalue';
import type { Call } from '../core/calls';

/** `[f(a=1, b='x'), g()]` — BFCL's python-call syntax; values as Python literals. */
export function formatPythonCalls(calls: readonly Call[]): string {
  return (
    '[' +
    calls
      .map(
        (c) =>
          `${c.name}(${Object.entries(c.args)
            .map(([k, v]) => `${k}=${pyRepr(v)}`)
            .join(', ')})`,
      )
      .join(', ') +
    ']'
  );
}

/** `[{"name": …, "arguments": {…}}]` */
export function formatJsonCalls(calls: readonly Call[]): string {
  return JSON.stringify(calls.map((c) => ({ name: c.name, arguments: toPlain(c.args) })));
}
