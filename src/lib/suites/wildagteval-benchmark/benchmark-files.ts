/**
 * WildAgtEval's benchmark files as its repository holds them: the database files
 * (`common/data/*.json`) and the conversation files (`Conv_<user>_….jsonl`, one user turn per
 * line with the gold `api_sequence`). Errors name file, record and field.
 */
import { isDict, type PyValue } from '../../core/pyvalue';
import type { NamedText, Pack } from '../../core/types';
import { JsonError, parseJsonValue } from '../../parsing/json-value';
import type { GoldCall } from './world/gold-replay';
import { DATABASE_FILES, type DatabaseFile, type Databases, userOfConversation, type WildCode } from './world/state';
import { FormatError, parseJsonLines } from '../../formats/jsonl';

const baseName = (name: string): string => name.split('/').pop() ?? name;

/** a file of the databases' no-complexity copy (`databases/no_complexity_variant/…`) */
const NO_COMPLEXITY_COPY = /no_?complexity/i;

/** The database file a file name is (`…/common/data/products.json` → products), or null. */
function databaseFileOf(name: string): DatabaseFile | null {
  const stem = baseName(name).replace(/\.json$/, '');
  return (DATABASE_FILES as readonly string[]).includes(stem) && baseName(name).endsWith('.json') ? (stem as DatabaseFile) : null;
}

/** The shape each database file must have at its top level (the tools index into it). */
const TOP_LEVEL: Readonly<Record<DatabaseFile, 'list' | 'object'>> = {
  alarms: 'list',
  call_history: 'list',
  contacts: 'list',
  delivery_orders: 'list',
  devices: 'list',
  favorite_recipes: 'list',
  favorite_restaurants: 'list',
  groups: 'list',
  irrelevant_mock_data: 'object',
  meal_plans: 'list',
  media_database: 'object',
  message_history: 'list',
  mock_data: 'object',
  notifications: 'list',
  orders: 'list',
  playlists: 'list',
  products: 'list',
  queries: 'list',
  recipes: 'list',
  reminders: 'list',
  restaurants: 'list',
  shopping_carts: 'object',
  sources: 'list',
  users: 'list',
};

function parseFile(file: NamedText): PyValue {
  try {
    return parseJsonValue(file.text);
  } catch (e) {
    throw new FormatError(file.name, '(file)', e instanceof JsonError ? `not JSON: ${e.message}` : String(e));
  }
}

function checkedDatabase(file: NamedText, kind: DatabaseFile): PyValue {
  const v = parseFile(file);
  const want = TOP_LEVEL[kind];
  if (want === 'list' ? !Array.isArray(v) : v === null || !isDict(v)) throw new FormatError(file.name, '(file)', `expected ${want === 'list' ? 'a list of records' : 'an object'} at the top level`);
  return v;
}

/** Every database file, each checked for its top-level shape; a missing one is named. */
export function readWildDatabases(files: readonly NamedText[]): Databases {
  const out: Partial<Record<DatabaseFile, PyValue>> = {};
  for (const file of files) {
    const kind = databaseFileOf(file.name);
    if (!kind) continue;
    if (kind in out) throw new FormatError(file.name, '(file)', `a second ${kind}.json: pick one copy of common/data`);
    out[kind] = checkedDatabase(file, kind);
  }
  const missing = DATABASE_FILES.filter((f) => !(f in out));
  if (missing.length) throw new FormatError('databases', '(files)', `missing ${missing.map((m) => `${m}.json`).join(', ')} (all ${DATABASE_FILES.length} files of common/data are needed)`);
  return out as Databases;
}

interface WildTurn {
  query: string;
  gold: GoldCall[];
}

export interface WildConversation {
  /** the file name, e.g. `Conv_user3_scenario7_NotificationCall_only.jsonl` */
  name: string;
  user: string;
  turns: WildTurn[];
}

/** One conversation file: the user from its name, `query` and `api_sequence` of every line (other fields are the generator's and never shown). */
export function readWildConversation(file: NamedText): WildConversation {
  const name = baseName(file.name);
  const user = userOfConversation(name);
  if (!user) throw new FormatError(file.name, '(file name)', 'expected Conv_<userId>_….jsonl (the user is taken from the name)');
  const lines = parseJsonLines(file.text, file.name);
  if (lines.length === 0) throw new FormatError(file.name, '(file)', 'no turns');
  const turns = lines.map((v, i): WildTurn => {
    const where = `${file.name} line ${i + 1}`;
    if (v === null || !isDict(v)) throw new FormatError(where, '(line)', 'expected an object');
    if (typeof v.query !== 'string' || v.query.trim() === '') throw new FormatError(where, 'query', 'expected the user message (a non-empty string)');
    if (!Array.isArray(v.api_sequence)) throw new FormatError(where, 'api_sequence', 'expected a list of gold calls');
    const gold = v.api_sequence.map((c, j): GoldCall => {
      if (c === null || !isDict(c) || typeof c.api !== 'string' || c.api === '') throw new FormatError(where, `api_sequence[${j}]`, 'expected {"api": name, "params": {...}}');
      const params = c.params ?? null;
      if (params !== null && !isDict(params)) throw new FormatError(where, `api_sequence[${j}].params`, 'expected an object');
      return { api: c.api, params };
    });
    return { query: v.query, gold };
  });
  return { name, user, turns };
}

export interface ExecMappingEntry {
  index: number;
  after: string;
  executionResult: string;
  executionSuccess: boolean;
}

/** A `*_exec_mapping.json`: each gold call of a conversation and the result the repository stored for it. */
export function readExecMapping(file: NamedText): ExecMappingEntry[] {
  const v = parseFile(file);
  if (v === null || !isDict(v) || !Array.isArray(v.mappings)) throw new FormatError(file.name, 'mappings', 'expected a list');
  return v.mappings.map((m, i) => {
    if (m === null || !isDict(m) || typeof m.execution_result !== 'string') throw new FormatError(file.name, `mappings[${i}].execution_result`, 'expected a string');
    return {
      index: typeof m.index === 'number' ? m.index : i + 1,
      after: typeof m.after === 'string' ? m.after : '',
      executionResult: m.execution_result,
      executionSuccess: m.execution_success === true,
    };
  });
}

/** Which system prompt a prompt file is: its no-complexity copy, the complexity ("adhoc") one, or "adhoc+unclear". */
export type WildPromptVariant = 'none' | 'adhoc' | 'adhoc+unclear';

interface WildPrompt {
  name: string;
  variant: WildPromptVariant;
  text: string;
}

export interface WildJudgeReference {
  name: string;
  function: string;
  errorType: 'feature_limitation' | 'system_failure';
  text: string;
}

interface WildConversationSet {
  /** the folder it came from (Combined50, Combined50_transformed…), or `conversations` for loose files */
  name: string;
  /** gold labels rewritten to the ad-hoc formats (the `_transformed` sets) */
  transformed: boolean;
  conversations: WildConversation[];
}

export interface WildAgtEvalFiles {
  databases: Databases | null;
  /** the files the repository's no-complexity copy reads instead (`databases/no_complexity_variant/`: mock data and irrelevant mock data) */
  noComplexityDatabases: Partial<Databases>;
  sets: WildConversationSet[];
  prompts: WildPrompt[];
  judgeReferences: WildJudgeReference[];
  /** files the import does not use (a folder's README, code…), by name */
  skipped: string[];
}

const API_REFERENCE_HEADING = '# COMPLETE API REFERENCE';
const JUDGE_FILE = /^([a-z_]+?)_(feature_limitation|system_failure)_error\.md$/;
const PROMPT_FILE = /^centralized_prompt.*\.md$/;
const isConversationFile = (base: string): boolean => base.startsWith('Conv_') && base.endsWith('.jsonl');

function promptVariant(text: string): WildPromptVariant {
  if (text.includes('RealEnv')) return 'adhoc+unclear';
  return text.includes('CARRIER') || text.includes('ISO 8601') ? 'adhoc' : 'none';
}

const folderOf = (name: string): string | null => {
  const parts = name.split('/');
  return parts.length > 1 ? (parts[parts.length - 2] ?? null) : null;
};

/**
 * Everything a user picked (files or a folder of WildAgtEval's repository), sorted into database
 * files, conversation sets, prompt files and judge references, each read completely: the first
 * mistake is thrown, naming file, record and field, so nothing is stored from a partial import.
 * `knownFunctions`: the system's function names; a gold call to another name is refused.
 */
export function readWildAgtEvalFiles(files: readonly NamedText[], knownFunctions: ReadonlySet<string>): WildAgtEvalFiles {
  const skipped: string[] = [];
  const databaseFiles: NamedText[] = [];
  const sets = new Map<string, WildConversationSet>();
  const prompts: WildPrompt[] = [];
  const judgeReferences: WildJudgeReference[] = [];
  const noComplexityFiles: NamedText[] = [];
  for (const file of files) {
    const base = baseName(file.name);
    if (databaseFileOf(file.name)) (NO_COMPLEXITY_COPY.test(file.name) ? noComplexityFiles : databaseFiles).push(file);
    else if (isConversationFile(base)) {
      const setName = folderOf(file.name) ?? 'conversations';
      const set = sets.get(setName) ?? { name: setName, transformed: setName.includes('_transformed'), conversations: [] };
      const conversation = readWildConversation(file);
      if (set.conversations.some((c) => c.name === conversation.name)) throw new FormatError(file.name, '(file)', `a second ${conversation.name} in ${setName}`);
      conversation.turns.forEach((t, i) =>
        t.gold.forEach((g, j) => {
          if (!knownFunctions.has(g.api)) throw new FormatError(`${file.name} line ${i + 1}`, `api_sequence[${j}].api`, `'${g.api}' is not one of WildAgtEval's ${knownFunctions.size} functions`);
        }),
      );
      set.conversations.push(conversation);
      sets.set(setName, set);
    } else if (PROMPT_FILE.test(base)) {
      if (!file.text.includes(API_REFERENCE_HEADING)) throw new FormatError(file.name, '(file)', `no "${API_REFERENCE_HEADING}" section: is this WildAgtEval's agent prompt?`);
      prompts.push({ name: file.name, variant: promptVariant(file.text), text: file.text });
    } else if (JUDGE_FILE.test(base)) {
      const m = JUDGE_FILE.exec(base) as RegExpExecArray;
      const fn = m[1] as string;
      if (!knownFunctions.has(fn)) throw new FormatError(file.name, '(file name)', `'${fn}' is not one of WildAgtEval's functions`);
      if (file.text.trim() === '') throw new FormatError(file.name, '(file)', 'empty rubric');
      judgeReferences.push({ name: file.name, function: fn, errorType: m[2] as WildJudgeReference['errorType'], text: file.text });
    } else skipped.push(file.name);
  }
  const databases = databaseFiles.length ? readWildDatabases(databaseFiles) : null;
  if (databases) {
    const users = new Set(asUserIds(databases.users));
    for (const set of sets.values()) for (const c of set.conversations) if (!users.has(c.user)) throw new FormatError(`${set.name}/${c.name}`, '(file name)', `user ${c.user} is not in users.json`);
  }
  const variants = prompts.map((p) => p.variant);
  const twice = variants.find((v, i) => variants.indexOf(v) !== i);
  if (twice)
    throw new FormatError(
      prompts
        .filter((p) => p.variant === twice)
        .map((p) => p.name)
        .join(' and '),
      '(file)',
      `two "${twice}" system prompts: pick one`,
    );
  return { databases, noComplexityDatabases: readDatabaseCopy(noComplexityFiles), sets: [...sets.values()], prompts, judgeReferences, skipped };
}

/** Database files of a partial copy (any subset), each checked for its shape. */
function readDatabaseCopy(files: readonly NamedText[]): Partial<Databases> {
  const out: Partial<Record<DatabaseFile, PyValue>> = {};
  for (const file of files) {
    const kind = databaseFileOf(file.name) as DatabaseFile;
    if (kind in out) throw new FormatError(file.name, '(file)', `a second ${kind}.json in the no-complexity copy`);
    out[kind] = checkedDatabase(file, kind);
  }
  return out;
}

/** The databases an experiment's code copy reads: the no-complexity one replaces the files it has its own of. */
export function databasesFor(files: Pick<WildAgtEvalFiles, 'noComplexityDatabases'> & { databases: Databases }, code: WildCode): Databases {
  return code === 'no_complexity' ? { ...files.databases, ...files.noComplexityDatabases } : files.databases;
}

function asUserIds(users: PyValue): string[] {
  return (Array.isArray(users) ? users : []).flatMap((u) => (u !== null && isDict(u) && typeof u.user_id === 'string' ? [u.user_id] : []));
}

/** A file the import reads (by name): every other file of a picked folder is left unread. */
export function isWildAgtEvalFileName(name: string): boolean {
  const base = baseName(name);
  return databaseFileOf(name) !== null || isConversationFile(base) || PROMPT_FILE.test(base) || JUDGE_FILE.test(base);
}

/**
 * The files to import: those added, and those stored before that the added ones do not replace (a
 * database file by its name within its copy — the repository's databases, or the few files its
 * no-complexity code reads instead, under `no_complexity_variant/` — anything else by its path).
 */
/** Which stored file an added one takes the place of: the same database (and copy), or the same path. */
const wildFileKey = (f: NamedText) => {
  const kind = databaseFileOf(f.name);
  return kind === null ? f.name : `${NO_COMPLEXITY_COPY.test(f.name) ? 'no-complexity:' : ''}${kind}`;
};

function mergeWildFiles(stored: readonly NamedText[], added: readonly NamedText[]): NamedText[] {
  const replaced = new Set(added.map(wildFileKey));
  return [...stored.filter((f) => !replaced.has(wildFileKey(f))), ...added];
}

/** The stored files that added ones replace with other content (by name): an import says so. */
function replacedWildFiles(stored: readonly NamedText[], added: readonly NamedText[]): string[] {
  const byKey = new Map(added.map((f) => [wildFileKey(f), f.text]));
  return stored.filter((f) => byKey.has(wildFileKey(f)) && byKey.get(wildFileKey(f)) !== f.text).map((f) => f.name);
}

/** The stored pack with the files added (a file replaces the one of the same path; a database file the one of the same name), the whole read and checked; `replaced` names the stored files that added ones replace with other content. */
export function addWildFiles(stored: readonly NamedText[], added: readonly NamedText[], knownFunctions: ReadonlySet<string>, createdAt: number): { pack: Pack; replaced: string[] } {
  // files that are not WildAgtEval's are left out by the pack itself
  return { pack: wildAgtEvalPack(mergeWildFiles(stored, added), knownFunctions, createdAt), replaced: replacedWildFiles(stored, added) };
}

export interface WildFilesSummary {
  databases: number;
  /** files of the databases' no-complexity copy */
  noComplexityDatabases: number;
  sets: { name: string; conversations: number }[];
  prompts: WildPromptVariant[];
  rubrics: number;
}

/** What a stored pack holds, told from file names and prompt headings alone (nothing parsed). */
export function wildSummaryOf(files: readonly NamedText[]): WildFilesSummary {
  const sets = new Map<string, number>();
  let databases = 0;
  let noComplexityDatabases = 0;
  let rubrics = 0;
  const prompts: WildPromptVariant[] = [];
  for (const f of files) {
    const base = baseName(f.name);
    if (databaseFileOf(f.name)) {
      if (NO_COMPLEXITY_COPY.test(f.name)) noComplexityDatabases++;
      else databases++;
    } else if (isConversationFile(base)) {
      const set = folderOf(f.name) ?? 'conversations';
      sets.set(set, (sets.get(set) ?? 0) + 1);
    } else if (PROMPT_FILE.test(base)) prompts.push(promptVariant(f.text));
    else if (JUDGE_FILE.test(base)) rubrics++;
  }
  return { databases, noComplexityDatabases, sets: [...sets].map(([name, conversations]) => ({ name, conversations })).sort((a, b) => (a.name < b.name ? -1 : 1)), prompts, rubrics };
}

export const WILDAGTEVAL_PACK_ID = 'wildagteval';
export const WILDAGTEVAL_ATTRIBUTION = 'WildAgtEval (Kim et al., 2025), data under CC BY 4.0';

function describeWildFiles(summary: WildFilesSummary): string {
  const sets = summary.sets.map((s) => `${s.name} (${s.conversations} conversations)`).join(', ');
  const prompts = summary.prompts.length ? `agent prompts: ${summary.prompts.join(', ')}` : 'no agent prompt';
  const copy = summary.noComplexityDatabases ? ` (+${summary.noComplexityDatabases} of the no-complexity copy)` : '';
  return `${summary.databases} database files${copy} · ${sets || 'no conversation set'} · ${prompts} · ${summary.rubrics} judge rubrics. ${WILDAGTEVAL_ATTRIBUTION}.`;
}

/**
 * WildAgtEval's benchmark as a pack: every file read and checked first (the first mistake is thrown,
 * naming file, record and field); it needs the databases, a conversation set and an agent prompt.
 * Only the files it reads are kept, as imported.
 */
function wildAgtEvalPack(files: readonly NamedText[], knownFunctions: ReadonlySet<string>, createdAt: number): Pack {
  const kept = files.filter((f) => isWildAgtEvalFileName(f.name));
  const read = readWildAgtEvalFiles(kept, knownFunctions);
  const lacking = [
    !read.databases && 'the database files (common/data/*.json)',
    read.sets.length === 0 && 'a conversation set (Conv_*.jsonl in its folder, e.g. Combined50_transformed)',
    read.prompts.length === 0 && 'an agent prompt (centralized_prompt*.md)',
  ].filter((x): x is string => typeof x === 'string');
  if (lacking.length) throw new FormatError('(the files given)', '(files)', `WildAgtEval's benchmark needs ${lacking.join(', ')}`);
  return { id: WILDAGTEVAL_PACK_ID, name: 'WildAgtEval', source: 'wildagteval', description: describeWildFiles(wildSummaryOf(kept)), createdAt, tools: [], items: [], files: kept };
}
