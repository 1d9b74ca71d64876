/**
 * The state WildAgtEval's API system runs on: its database files (`common/data/*.json`), the
 * current user (taken from the conversation's file name) and the clock, frozen as its evaluator
 * freezes it.
 */
import type { PyDict, PyValue } from '../../../core/pyvalue';
import { clonePy } from './values';

/** The files its shared memory loads, plus the one three tools read when irrelevant information is switched on. */
export const DATABASE_FILES = [
  'alarms',
  'call_history',
  'contacts',
  'delivery_orders',
  'devices',
  'favorite_recipes',
  'favorite_restaurants',
  'groups',
  'irrelevant_mock_data',
  'meal_plans',
  'media_database',
  'message_history',
  'mock_data',
  'notifications',
  'orders',
  'playlists',
  'products',
  'queries',
  'recipes',
  'reminders',
  'restaurants',
  'shopping_carts',
  'sources',
  'users',
] as const;
export type DatabaseFile = (typeof DATABASE_FILES)[number];
export type Databases = Readonly<Record<DatabaseFile, PyValue>>;

/** 2025-07-17 12:00:00 UTC, the evaluator's frozen time */
export const FROZEN_NOW = Date.UTC(2025, 6, 17, 12, 0, 0);

export interface WildState {
  data: Record<DatabaseFile, PyValue>;
  user: string;
  /** milliseconds since the epoch, UTC */
  now: number;
  /** ids handed out so far, by kind (new orders, reminders…) */
  counters: Record<string, number>;
  /** what the tools keep in memory beside the databases (notification preferences, playback) */
  session: Record<string, PyDict>;
  /** complexity switches on, as `<TYPE>:<function>` (see switches.ts) */
  switches: ReadonlySet<string>;
  /** which of the repository's two copies of the API system answers: `API_Complexity` or `API_NoComplexity` (which differs in a few functions) */
  code: WildCode;
}

export type WildCode = 'complexity' | 'no_complexity';

export function createWildState(databases: Databases, user: string, now = FROZEN_NOW, switches: ReadonlySet<string> = new Set(), code: WildCode = 'complexity'): WildState {
  const data = {} as Record<DatabaseFile, PyValue>;
  for (const f of DATABASE_FILES) data[f] = clonePy(databases[f]);
  return { data, user, now, counters: {}, session: {}, switches, code };
}

/** The user a conversation file is about: `Conv_<userId>_…` (WildAgtEval's regex `Conv_([^_]+)_`). */
export function userOfConversation(fileName: string): string | null {
  return /Conv_([^_]+)_/.exec(fileName)?.[1] ?? null;
}

/** A database file that holds a list of records, as the tools append to it (made a list if the import held something else). */
export function dataList(s: WildState, file: DatabaseFile): PyValue[] {
  const v = s.data[file];
  if (Array.isArray(v)) return v;
  const fresh: PyValue[] = [];
  s.data[file] = fresh;
  return fresh;
}

/** The clock as the tools stamp new records: `2025-07-17T12:00:00Z`, whole seconds. */
export const isoSeconds = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Python's `datetime.isoformat()` of the clock: no zone; a six-digit fraction only when there is one (none on the frozen clock). */
export const isoNaive = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}${ms % 1000 ? `.${String(ms % 1000).padStart(3, '0')}000` : ''}`;

export function nextId(state: WildState, kind: string): number {
  state.counters[kind] = (state.counters[kind] ?? 0) + 1;
  return state.counters[kind];
}

/** One of the system's functions: the state it may change, the call's keyword arguments, its result (before the environment tag; a few answer in plain text). */
export type WildFunction = (state: WildState, params: PyDict) => PyDict | string;

/** An independent copy of a state, optionally with other switches (to run one call from the same point twice). */
export function forkWildState(s: WildState, switches: ReadonlySet<string> = s.switches): WildState {
  const data = {} as Record<DatabaseFile, PyValue>;
  for (const f of DATABASE_FILES) data[f] = clonePy(s.data[f]);
  const session: Record<string, PyDict> = {};
  for (const [k, v] of Object.entries(s.session)) session[k] = clonePy(v) as PyDict;
  return { data, user: s.user, now: s.now, counters: { ...s.counters }, session, switches, code: s.code };
}

/** An exception a tool raises in Python: the environment answers "Error invoking tool '<name>': <message>". */
export class PyCallError extends Error {
  override name = 'PyCallError';
}
