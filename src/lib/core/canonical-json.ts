/** Canonical text of a JSON value (sorted keys): equal values print equally, whatever their key order. */
import type { Json } from './types';

export function canonicalJson(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k] as Json)}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
