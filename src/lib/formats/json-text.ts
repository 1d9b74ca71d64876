/**
 * JSON text that keeps Python's int/float spelling (`5` vs `5.0`), so values
 * survive storage (IndexedDB's structured clone would turn PyFloat boxes into
 * plain objects) and read back identical with parseJsonValue.
 */
import { floatRepr, fromPlain, isDict, PyFloat, PyOpaque, PyTuple, type PyValue } from '../core/pyvalue';

export function toJsonText(v: PyValue): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (v instanceof PyFloat) {
    if (Number.isNaN(v.value)) return 'NaN';
    if (!Number.isFinite(v.value)) return v.value > 0 ? 'Infinity' : '-Infinity';
    return floatRepr(v.value);
  }
  if (Array.isArray(v)) return '[' + v.map(toJsonText).join(',') + ']';
  if (v instanceof PyTuple) return '[' + v.items.map(toJsonText).join(',') + ']';
  if (v instanceof PyOpaque) return JSON.stringify(v.repr);
  if (isDict(v))
    return (
      '{' +
      Object.keys(v)
        .map((k) => JSON.stringify(k) + ':' + toJsonText(v[k] as PyValue))
        .join(',') +
      '}'
    );
  return 'null';
}

/** Stored calls as the sample view shows them, one per line: `name(arg=<JSON>, …)`; exact integers, every argument name. */
export function callsText(calls: readonly { name: string; args: unknown }[]): string {
  const line = (c: { name: string; args: unknown }) => {
    const args = fromPlain(c.args);
    const parts = isDict(args) ? Object.keys(args).map((k) => `${k}=${toJsonText(args[k] as PyValue)}`) : [toJsonText(args)];
    return `${c.name}(${parts.join(', ')})`;
  };
  return calls.map(line).join('\n') || '(no call)';
}
