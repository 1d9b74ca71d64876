/** A plain object (not null, not an array): JSON's objects, and untrusted input before its fields are checked. */
import type { Json, JsonObject } from './types';

export type UnknownObject = { [key: string]: unknown };

export function isObject(v: Json | undefined): v is JsonObject;
export function isObject(v: unknown): v is UnknownObject;
export function isObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
