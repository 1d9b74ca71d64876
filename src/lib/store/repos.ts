/** Reading and writing packs, runs and results. */
import { canonicalJson } from '../core/canonical-json';
import { hashString } from '../core/random';
import { headlineMoved, headlinePart, headlineSums } from '../analysis/headline';
import { SUITES } from '../suites/registry';
import { isUnanswered, type Json, type NamedText, type Pack, type SampleResult } from '../core/types';
import { bfclFilesOf, readBfclPack } from '../formats/bfcl';
import { toJsonText } from '../formats/json-text';
import { parseJsonValue } from '../parsing/json-value';
import type { CompletedSamples, ResultStore } from '../run/loop';
import { type AppDB, explainStorageError, type PackRow } from './db';
import type { RecordedPrompt, RunRow } from '../run/run-row';
import type { RunFile } from './run-file';

export function packToRow(pack: Pack, version?: number): PackRow {
  const data = toJsonText({ tools: pack.tools, items: pack.items } as never);
  const row: PackRow = {
    id: pack.id,
    name: pack.name,
    source: pack.source,
    description: pack.description,
    createdAt: pack.createdAt,
    toolCount: pack.tools.length,
    itemCount: pack.items.length,
    data,
    version,
  };
  if (pack.responses) {
    row.responses = JSON.stringify(pack.responses);
    row.responseCount = pack.responses.length;
  }
  if (pack.conversations) {
    row.conversations = JSON.stringify(pack.conversations);
    row.conversationCount = pack.conversations.seeds.length;
  }
  if (pack.tasks) {
    // arguments are Python values (int vs float matters to the scorer); outputs are plain JSON
    row.tasks = toJsonText(pack.tasks.map(({ outputs: _, ...t }) => t) as never);
    row.taskOutputs = JSON.stringify(pack.tasks.map((t) => t.outputs ?? null));
    row.taskCount = pack.tasks.length;
    row.taskLevelCounts = {};
    for (const t of pack.tasks) row.taskLevelCounts[t.level] = (row.taskLevelCounts[t.level] ?? 0) + 1;
  }
  if (pack.files) row.files = JSON.stringify(pack.files);
  row.contentHash = contentHashOf(row);
  return row;
}

export function rowToPack(row: PackRow): Pack {
  const { tools, items } = parseJsonValue(row.data) as unknown as Pick<Pack, 'tools' | 'items'>;
  const pack: Pack = { id: row.id, name: row.name, source: row.source, description: row.description, createdAt: row.createdAt, tools, items };
  if (row.responses) pack.responses = JSON.parse(row.responses) as NonNullable<Pack['responses']>;
  if (row.conversations) pack.conversations = JSON.parse(row.conversations) as NonNullable<Pack['conversations']>;
  if (row.tasks) {
    const outputs = JSON.parse(row.taskOutputs ?? '[]') as (Json[] | null)[];
    pack.tasks = (parseJsonValue(row.tasks) as unknown as NonNullable<Pack['tasks']>).map((t, i) => (outputs[i] ? { ...t, outputs: outputs[i] } : t));
  }
  if (row.files) pack.files = packFiles(row);
  return pack;
}

/** What saving a pack did to the one of the same id, so an import can say it (never silently). */
export interface SavedPack {
  /** a pack of that id with other content was there, and this one took its place */
  replaced: boolean;
  /** runs that used the replaced one, which keep it */
  keptForRuns: number;
}

/** Saves a validated pack in one transaction (the caller validated before: a bad file never gets here). */
export async function savePack(db: AppDB, pack: Pack, version?: number): Promise<SavedPack> {
  const row = packToRow(pack, version);
  try {
    return await db.transaction('rw', db.packs, db.runs, async () => {
      const previous = await db.packs.get(row.id);
      const before = previous ? packHash(previous) : null;
      const replaced = previous !== undefined && before !== row.contentHash;
      // a new version under the same id: the one it replaces is kept for the runs that pinned it
      const pinning = replaced ? (await runsPinning(db, row.id, before as string)).length : 0;
      if (pinning > 0) await db.packs.put({ ...(previous as PackRow), id: versionId(row.id, before as string), contentHash: before as string, versionOf: row.id });
      await db.packs.put(row);
      return { replaced, keptForRuns: pinning };
    });
  } catch (e) {
    return explainStorageError(e, `saving the pack ${pack.name}`);
  }
}

/** The sentence an import adds when it took the place of a pack of the same name. */
export function replacedNote(saved: SavedPack, name: string): string {
  if (!saved.replaced) return '';
  return ` It replaces the ${name} imported before${saved.keptForRuns ? ` (the ${saved.keptForRuns} run${saved.keptForRuns === 1 ? '' : 's'} made with that one keep it)` : ''}.`;
}

/** The content hash of a stored pack (computed for rows stored before hashes were kept). */
function packHash(row: PackRow): string {
  return row.contentHash ?? contentHashOf(row);
}

function contentHashOf(row: Pick<PackRow, 'data' | 'responses' | 'conversations' | 'tasks' | 'taskOutputs' | 'files'>): string {
  // a field absent adds nothing, so packs hashed before it existed keep their hash
  return hashString([row.data, row.responses ?? '', row.conversations ?? '', row.tasks ?? '', row.taskOutputs ?? '', ...(row.files ? [row.files] : [])].join('\u0001'));
}

const versionId = (packId: string, hash: string) => `${packId}@${hash}`;

function runsPinning(db: AppDB, packId: string, hash: string): Promise<RunRow[]> {
  return db.runs.filter((r) => r.packVersions?.[packId] === hash).toArray();
}

class PackVersionGoneError extends Error {
  override name = 'PackVersionGoneError';
}

/**
 * A run's packs as they were when it first started (pinning them then): a pack re-imported or
 * edited since is read in the version the run used, kept aside for it; if that version is gone
 * the run says so rather than mixing two plans.
 */
export async function loadRunPacks(db: AppDB, run: Pick<RunRow, 'packIds' | 'packVersions'> & { id?: string }, pin = false): Promise<Pack[]> {
  const rows = await db.packs.bulkGet([...run.packIds]);
  const pinned = run.packVersions ?? {};
  const out: PackRow[] = [];
  for (const [i, id] of run.packIds.entries()) {
    const current = rows[i];
    const want = pinned[id];
    if (want === undefined || (current && packHash(current) === want)) {
      if (!current) throw new Error(`pack ${id} is not in storage (deleted?)`);
      out.push(current);
      continue;
    }
    const kept = await db.packs.get(versionId(id, want));
    if (!kept)
      throw new PackVersionGoneError(
        `The pack ${current?.name ?? id} has changed since this run started (re-imported or edited), and the version it used is gone: resuming would mix two sets of requests. Start a new run on the pack as it is now.`,
      );
    out.push({ ...kept, id });
  }
  if (pin && run.id && !run.packVersions) await db.runs.update(run.id, { packVersions: Object.fromEntries(out.map((r) => [r.id, packHash(r)])) });
  return out.map(rowToPack);
}

/** A BFCL question file and its possible answers, read and validated completely, then stored in one transaction; a mistake stores nothing. */
export async function importBfclFiles(db: AppDB, files: readonly { name: string; text: string }[], onProgress?: (file: string, fraction: number) => void): Promise<Pack & { saved: SavedPack }> {
  const chosen = bfclFilesOf(files);
  if (typeof chosen === 'string') throw new Error(chosen);
  const pack = readBfclPack({ ...chosen, ...(onProgress ? { onProgress } : {}) });
  // read: what remains is storing it (file '')
  onProgress?.('', 1);
  const saved = await savePack(db, pack);
  return { ...pack, saved };
}

/** The files a stored pack was imported from ([] where it keeps none). */
export function packFiles(row: Pick<PackRow, 'files'>): NamedText[] {
  return row.files ? (JSON.parse(row.files) as NamedText[]) : [];
}

/**
 * Files added to the pack that keeps them: `build` makes the pack anew from its stored files (none if
 * it is not stored) and reads and checks the whole; a mistake stores nothing and the stored pack stays
 * as it was.
 */
export async function addPackFiles<T extends { pack: Pack }>(db: AppDB, packId: string, build: (stored: NamedText[], createdAt: number | undefined) => T): Promise<T> {
  const stored = await db.packs.get(packId);
  const built = build(stored ? packFiles(stored) : [], stored?.createdAt);
  await savePack(db, built.pack);
  return built;
}

export async function loadPacks(db: AppDB, ids: readonly string[]): Promise<Pack[]> {
  const rows = await db.packs.bulkGet([...ids]);
  return rows.map((r, i) => {
    if (!r) throw new Error(`pack ${ids[i]} is not in storage (deleted?)`);
    return rowToPack(r);
  });
}

/** The runs that used a pack (their prompts hold its tools and requests). */
export async function runsUsingPack(db: AppDB, packId: string): Promise<RunRow[]> {
  return db.runs.filter((r) => r.packIds.includes(packId)).toArray();
}

/** Deletes a pack and every trace of it: the runs that used it (results, prompts) and rephrasings of its requests, in one transaction. */
export async function deletePack(db: AppDB, packId: string): Promise<void> {
  await db.transaction('rw', [db.packs, db.runs, db.results, db.prompts, db.rephrasings], async () => {
    for (const run of await runsUsingPack(db, packId)) await deleteRun(db, run.id);
    await db.rephrasings.filter((r) => r.packId === packId).delete();
    await db.packs.filter((r) => r.versionOf === packId).delete();
    await db.packs.delete(packId);
  });
}

export async function deleteRun(db: AppDB, runId: string): Promise<void> {
  await db.transaction('rw', [db.runs, db.results, db.prompts, db.packs], async () => {
    const run = await db.runs.get(runId);
    await db.results.where('runId').equals(runId).delete();
    await db.prompts.where('runId').equals(runId).delete();
    await db.runs.delete(runId);
    // an earlier pack version kept for this run alone goes with it
    for (const [packId, hash] of Object.entries(run?.packVersions ?? {})) {
      if ((await runsPinning(db, packId, hash)).length === 0) await db.packs.delete(versionId(packId, hash));
    }
  });
}

/** A value as JSON text with sorted keys and no undefined fields: two copies of a run compare equal exactly when they say the same. */
const sameText = (v: unknown): string => canonicalJson(JSON.parse(JSON.stringify(v ?? null)) as Json);

/** A run row without the tallies its results decide (compared through the results themselves). */
const runText = (run: RunRow): string => {
  const { headline: _h, done: _d, correct: _c, ...rest } = run;
  return sameText(rest);
};

/** Whether the stored run `id` holds exactly `run`, `results` and `prompts`: every field of each. */
async function storedIsSame(db: AppDB, run: RunRow, results: readonly SampleResult[], prompts: ReadonlyMap<string, RecordedPrompt>): Promise<boolean> {
  const stored = await db.runs.get(run.id);
  if (!stored || runText(stored) !== runText(run)) return false;
  const storedResults = await db.results.where('runId').equals(run.id).toArray();
  if (storedResults.length !== results.length) return false;
  const byId = new Map(storedResults.map((r) => [r.sampleId, sameText(r)]));
  if (results.some((r) => byId.get(r.sampleId) !== sameText(r))) return false;
  const storedPrompts = await db.prompts.where('runId').equals(run.id).toArray();
  if (storedPrompts.length !== prompts.size) return false;
  return storedPrompts.every((p) => {
    const mine = prompts.get(p.id.slice(run.id.length + 1));
    return mine !== undefined && sameText(mine) === sameText(p.prompt);
  });
}

/** Copies of one file are numbered past this many: a bound on the ids tried. */
const MAX_COPIES = 100;

/**
 * Stores a validated run file in one transaction, never replacing anything: a run of the same id
 * that holds exactly the same (every field of the run, every result and recorded prompt) is the
 * file already opened, and stays as it is; any other run of that id — renamed, with prompts, being
 * generated in a tab, or with other results — is left untouched and the file is kept beside it as a
 * copy, its id and name marked, and `besideRun` names the run it was kept beside.
 */
export async function saveRunFile(db: AppDB, file: RunFile): Promise<{ runId: string; copied: boolean; alreadyStored: boolean; besideRun?: string }> {
  try {
    return await db.transaction('rw', db.runs, db.results, db.prompts, async () => {
      let run: RunRow = { ...file.run, headline: headlineSums(SUITES[file.run.suite].headline.measure, file.results) };
      let results = file.results;
      const stored = await db.runs.get(run.id);
      if (stored) {
        if (await storedIsSame(db, run, results, file.prompts)) return { runId: run.id, copied: false, alreadyStored: true };
        const base = `${run.id}-copy-${hashString(sameText([runText(run), results])).slice(0, 8)}`;
        for (let k = 1; ; k++) {
          if (k > MAX_COPIES) throw new Error(`${MAX_COPIES} copies of the run ${file.run.name} are stored already: delete some before opening it again`);
          const id = k === 1 ? base : `${base}-${k}`;
          const copy: RunRow = { ...run, id, name: `${file.run.name} (opened copy)` };
          const copyResults = file.results.map((r) => ({ ...r, id: `${id}:${r.sampleId}`, runId: id }));
          if (await storedIsSame(db, copy, copyResults, file.prompts)) return { runId: id, copied: true, alreadyStored: true, besideRun: stored.name };
          if (await db.runs.get(id)) continue;
          run = copy;
          results = copyResults;
          break;
        }
      }
      const runId = run.id;
      // no run of this id is stored: results or prompts left under it (a deletion cut short) are nobody's
      await db.results.where('runId').equals(runId).delete();
      await db.prompts.where('runId').equals(runId).delete();
      await db.runs.add(run);
      await db.results.bulkAdd(results);
      await db.prompts.bulkAdd([...file.prompts].map(([sampleId, prompt]) => ({ id: `${runId}:${sampleId}`, runId, prompt })));
      return { runId, copied: stored !== undefined, alreadyStored: false, ...(stored ? { besideRun: stored.name } : {}) };
    });
  } catch (e) {
    explainStorageError(e, `saving the run ${file.run.name}`);
  }
}

/** The recorded prompts of a run, by sample id. */
export async function recordedPrompts(db: AppDB, runId: string): Promise<Map<string, RecordedPrompt>> {
  const rows = await db.prompts.where('runId').equals(runId).toArray();
  return new Map(rows.map((r) => [r.id.slice(runId.length + 1), r.prompt]));
}

export async function updateRun(db: AppDB, runId: string, patch: Partial<RunRow>): Promise<void> {
  try {
    await db.runs.update(runId, { ...patch, updatedAt: Date.now() });
  } catch (e) {
    explainStorageError(e, 'updating the run');
  }
}

/**
 * A run's results in index order, `chunk` at a time (each read after the last index of the one
 * before), so a page can show the first ones and stay responsive while 100K load.
 */
export async function* runResultChunks(db: AppDB, runId: string, chunk = 5000): AsyncGenerator<SampleResult[]> {
  let after = -Infinity;
  // bounded by the number of results: each chunk moves past at least one index
  for (;;) {
    const rows = await db.results.where('[runId+index]').between([runId, after], [runId, Infinity], false, true).limit(chunk).toArray();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunk) return;
    after = (rows[rows.length - 1] as SampleResult).index;
  }
}

export async function runResults(db: AppDB, runId: string): Promise<SampleResult[]> {
  return db.results.where('[runId+index]').between([runId, -Infinity], [runId, Infinity]).toArray();
}

/** The run loop's store on IndexedDB; a result id is `${runId}:${sampleId}`, so a rewrite overwrites. */
export class DexieResultStore implements ResultStore {
  constructor(private readonly db: AppDB) {}

  /**
   * The run row's count of correct results is kept with every write (see put), so no result is read,
   * unless the row counts unanswered samples (or is too old to say): those are read, to be asked again.
   */
  async completed(runId: string): Promise<CompletedSamples> {
    return this.db.transaction('r', this.db.results, this.db.runs, async () => {
      const keys = await this.db.results.where('runId').equals(runId).primaryKeys();
      const run = await this.db.runs.get(runId);
      const sampleIds = new Set(keys.map((k) => String(k).slice(runId.length + 1)));
      if (run?.headline?.unanswered !== 0) {
        const unanswered = await this.db.results.where('runId').equals(runId).filter(isUnanswered).primaryKeys();
        for (const k of unanswered) sampleIds.delete(String(k).slice(runId.length + 1));
      }
      return { sampleIds, correct: run?.correct ?? 0, ...(run?.headline ? { unbuilt: run.headline.unbuilt ?? 0 } : {}) };
    });
  }

  async put(result: SampleResult): Promise<void> {
    try {
      await this.db.transaction('rw', this.db.results, this.db.runs, async () => {
        const before = await this.db.results.get(result.id);
        await this.db.results.put(result);
        const addDone = before ? 0 : 1;
        const addCorrect = (result.score.correct ? 1 : 0) - (before?.score.correct ? 1 : 0);
        await this.db.runs
          .where('id')
          .equals(result.runId)
          .modify((r) => {
            // a run stored before headlines were kept has none: sums begun midway would be over part of it
            if (r.headline || r.done === 0) {
              const now = headlinePart(SUITES[r.suite].headline.measure, result);
              const was = before ? headlinePart(SUITES[r.suite].headline.measure, before) : { hits: 0, count: 0 };
              r.headline = headlineMoved(r.headline ?? { hits: 0, count: 0, unanswered: 0 }, now, was);
            }
            r.done += addDone;
            r.correct += addCorrect;
            r.updatedAt = Date.now();
          });
      });
    } catch (e) {
      explainStorageError(e, `saving the result of sample ${result.index + 1} (${result.sampleId})`);
    }
  }
}
