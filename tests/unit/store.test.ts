import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { PyFloat, pyRepr } from '../../src/lib/core/pyvalue';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { readBfclPack } from '../../src/lib/formats/bfcl';
import { FormatError } from '../../src/lib/formats/jsonl';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { runSamples } from '../../src/lib/run/loop';
import { AppDB } from '../../src/lib/store/db';
import type { RunRow } from '../../src/lib/run/run-row';
import { deleteRun, DexieResultStore, loadPacks, loadRunPacks, runResults, savePack } from '../../src/lib/store/repos';
import { catalogSource } from '../../src/lib/suites/catalog/suite';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

const freshDb = () => new AppDB(`t${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });

const Q = `{"id": "simple_python_0", "question": [[{"role": "user", "content": "Area of a triangle, base 10 and height 5.0?"}]], "function": [{"name": "area", "description": "d", "parameters": {"type": "dict", "properties": {"base": {"type": "integer"}, "height": {"type": "float"}}, "required": ["base"]}}]}`;
const A = `{"id": "simple_python_0", "ground_truth": [{"area": {"base": [10], "height": [5.0, ""]}}]}`;

describe('storage', () => {
  it('keeps int and float apart through IndexedDB', async () => {
    const db = freshDb();
    await savePack(db, readBfclPack({ name: 't', questions: Q, answers: A }));
    const [pack] = await loadPacks(db, ['bfcl:t']);
    const allowed = pack?.items[0]?.possibleAnswer[0]?.area?.height;
    expect(allowed?.[0]).toBeInstanceOf(PyFloat);
    expect(pyRepr(pack?.items[0]?.possibleAnswer[0]?.area?.base as never)).toBe('[10]');
  });

  it('a malformed import changes nothing and names the record and field', async () => {
    const db = freshDb();
    const bad = Q + '\n' + Q.replace('simple_python_0', 'simple_python_1').replace('"type": "integer"', '"type": 5');
    let err: unknown;
    try {
      await savePack(db, readBfclPack({ name: 'bad', questions: bad, answers: A }));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FormatError);
    expect(String((err as Error).message)).toMatch(/record 2 \(simple_python_1\): function\[0\]\.parameters\.properties\.base\.type/);
    expect(await db.packs.count()).toBe(0);
    expect(() => readBfclPack({ name: 'x', questions: Q, answers: null })).toThrow(/no possible answer/);
    expect(() => readBfclPack({ name: 'x', questions: '{"id": "a_1", "question": [[]], "function": [', answers: null })).toThrow(/line 1/);
    // a ground-truth value that is not a list of accepted values is refused, naming it (issue 19 item 9: it was accepted)
    expect(() => readBfclPack({ name: 'x', questions: Q, answers: A.replace('"base": [10]', '"base": 10') })).toThrow(
      /record 1 \(simple_python_0\): ground_truth\[0\]\.area\.base: expected a list of accepted values, got 10/,
    );
    expect(() => readBfclPack({ name: 'x', questions: Q, answers: A.replace('{"area": {', '{"area": 3, "x": {') })).toThrow(/ground_truth\[0\]: expected \{"function name"/);
  });

  it.skipIf(!existsSync('../shared/reference/bfcl'))('imports the published BFCL files', () => {
    const dir = '../shared/reference/bfcl/';
    const pack = readBfclPack({
      name: 'simple',
      questions: readFileSync(dir + 'BFCL_v4_simple_python.json', 'utf8'),
      answers: readFileSync(dir + 'possible_answer/BFCL_v4_simple_python.json', 'utf8'),
    });
    expect(pack.items).toHaveLength(400);
    expect(pack.items[0]?.category).toBe('simple_python');
  });

  it('a run writes as it goes and resumes from storage without duplicates', async () => {
    const db = freshDb();
    const pack = buildCatalogPack();
    await savePack(db, pack, 1);
    const [stored] = await loadPacks(db, [pack.id]);
    const sweep = { lengths: [1000], positions: [0.1, 0.9], samplesPerCell: 4, seed: 1 };
    const source = catalogSource({ packs: [stored!], sweep, template: DEFAULT_PROMPT, counter: new CachedCounter(llama3Counter) });
    const run: RunRow = {
      id: 'run1',
      name: 'r',
      createdAt: 0,
      updatedAt: 0,
      status: 'running',
      suite: 'catalog',
      packIds: [pack.id],
      config: sweep,
      engine: { kind: 'oracle', model: 'oracle' },
      template: DEFAULT_PROMPT,
      format: 'bfcl-python',
      request: { maxTokens: 64, temperature: 0 },
      counterId: 'llama3',
      total: source.ids.length,
      done: 0,
      correct: 0,
    };
    await db.runs.put(run);
    const store = new DexieResultStore(db);
    const ctl = new AbortController();
    await runSamples({
      runId: 'run1',
      source,
      engine: createOracleEngine(),
      store,
      request: run.request,
      format: 'bfcl-python',
      signal: ctl.signal,
      onProgress: (p) => p.done === 3 && ctl.abort('reload'),
    });
    expect(await db.results.count()).toBe(3);
    // a second page/worker picks the run up from IndexedDB alone
    await runSamples({ runId: 'run1', source, engine: createOracleEngine(), store: new DexieResultStore(db), request: run.request, format: 'bfcl-python', signal: new AbortController().signal });
    const results = await runResults(db, 'run1');
    expect(results.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const row = await db.runs.get('run1');
    expect([row?.done, row?.correct]).toEqual([8, 8]);
    // the headline's sums kept with every write, across the interruption
    expect(row?.headline).toEqual({ hits: 8, count: 8, unanswered: 0 });
  });
});

describe('engine errors in storage (issue 46, item 1)', () => {
  it('a resume from IndexedDB asks the unanswered samples again; the row counts them apart and then not at all', async () => {
    const db = freshDb();
    const pack = buildCatalogPack();
    await savePack(db, pack, 1);
    const [stored] = await loadPacks(db, [pack.id]);
    const sweep = { lengths: [1000], positions: [0.1, 0.9], samplesPerCell: 3, seed: 1 };
    const source = catalogSource({ packs: [stored!], sweep, template: DEFAULT_PROMPT, counter: new CachedCounter(llama3Counter) });
    const request = { maxTokens: 64, temperature: 0 };
    const run: RunRow = {
      ...{ id: 'run-e', name: 'r', createdAt: 0, updatedAt: 0, status: 'running', suite: 'catalog', packIds: [pack.id], config: sweep, engine: { kind: 'oracle', model: 'oracle' } },
      ...{ template: DEFAULT_PROMPT, format: 'bfcl-python', request, counterId: 'llama3', total: source.ids.length, done: 0, correct: 0 },
    };
    await db.runs.put(run);
    const oracle = createOracleEngine();
    let down = true;
    const asked: string[] = [];
    const engine = {
      ...oracle,
      answer: async (...a: Parameters<typeof oracle.answer>) => {
        asked.push(a[1].id);
        if (down && asked.length % 2 === 0) throw Object.assign(new Error('connection refused'), { name: 'ServerError' });
        return oracle.answer(...a);
      },
    };
    const go = () => runSamples({ runId: 'run-e', source, engine, store: new DexieResultStore(db), request, format: 'bfcl-python', signal: new AbortController().signal });
    expect((await go()).status).toBe('completed');
    expect((await db.runs.get('run-e'))?.headline).toEqual({ hits: 3, count: 3, unanswered: 3 });
    const unanswered = (await runResults(db, 'run-e')).filter((r) => r.error?.kind === 'engine_error').map((r) => r.sampleId);
    expect(unanswered).toHaveLength(3);
    down = false;
    asked.length = 0;
    expect((await go()).status).toBe('completed');
    expect(asked.sort()).toEqual(unanswered.sort());
    const row = await db.runs.get('run-e');
    expect([row?.done, row?.correct, row?.headline]).toEqual([6, 6, { hits: 6, count: 6, unanswered: 0 }]);
  });
});

describe('schema upgrade', () => {
  it('a database of version 1 opens with the rephrasings table added and its runs kept', async () => {
    const { default: Dexie } = await import('dexie');
    const factory = new IDBFactory();
    const old = new Dexie('upgrade', { indexedDB: factory, IDBKeyRange });
    old.version(1).stores({ packs: 'id, source, createdAt', runs: 'id, createdAt, status', results: 'id, runId, [runId+index]', settings: 'key' });
    await old.table('runs').put({ id: 'r1', createdAt: 1, status: 'paused' });
    old.close();
    const db = new AppDB('upgrade', { indexedDB: factory, IDBKeyRange });
    expect((await db.runs.get('r1'))?.status).toBe('paused');
    await db.rephrasings.put({ id: 'm|p|i', model: 'm', packId: 'p', itemId: 'i', original: 'a', text: 'b', keepsValues: false, status: 'pending', createdAt: 1 });
    expect(await db.rephrasings.where('model').equals('m').count()).toBe(1);
  });

  it('a database of version 7 sums again the headline of a run holding prompts that could not be built: they leave the accuracy, counted apart', async () => {
    const { default: Dexie } = await import('dexie');
    const factory = new IDBFactory();
    const old = new Dexie('unbuilt', { indexedDB: factory, IDBKeyRange });
    old.version(7).stores({ packs: 'id, source, createdAt', runs: 'id, createdAt, status', results: 'id, runId, [runId+index]', settings: 'key', rephrasings: 'id, model', prompts: 'id, runId' });
    const result = (runId: string, index: number, correct: boolean, error: { kind: string; message: string } | null) => ({
      id: `${runId}:${index}`,
      runId,
      sampleId: `s${index}`,
      index,
      cell: { length: 1024 },
      score: { correct, value: correct ? 1 : 0, errorType: error ? error.kind : null, errorClass: null },
      error,
      createdAt: 1,
    });
    const buildError = { kind: 'build_error', message: 'A 1024-token conversation cannot be built' };
    await old.table('runs').bulkPut([
      // as stored before: 2 right of 4, the 2 unbuilt counted wrong
      { id: 'with-unbuilt', createdAt: 1, status: 'completed', suite: 'multiturn', headline: { hits: 2, count: 4, unanswered: 0 } },
      { id: 'without', createdAt: 2, status: 'completed', suite: 'multiturn', headline: { hits: 1, count: 2, unanswered: 0 } },
      { id: 'no-headline', createdAt: 3, status: 'completed', suite: 'multiturn' },
    ]);
    await old
      .table('results')
      .bulkPut([
        result('with-unbuilt', 0, true, null),
        result('with-unbuilt', 1, true, null),
        result('with-unbuilt', 2, false, buildError),
        result('with-unbuilt', 3, false, buildError),
        result('without', 0, true, null),
        result('without', 1, false, null),
        result('no-headline', 0, false, buildError),
      ]);
    old.close();
    const db = new AppDB('unbuilt', { indexedDB: factory, IDBKeyRange });
    expect((await db.runs.get('with-unbuilt'))?.headline).toEqual({ hits: 2, count: 2, unanswered: 0, unbuilt: 2 });
    expect((await db.runs.get('without'))?.headline).toEqual({ hits: 1, count: 2, unanswered: 0 });
    expect((await db.runs.get('no-headline'))?.headline).toBeUndefined();
    expect(await db.results.count()).toBe(7);
    db.close();
  });

  it('packs are versioned by content: a run keeps the version it started with; a re-import is a new version (issue 17, item 4)', async () => {
    const db = freshDb();
    await savePack(db, readBfclPack({ name: 't', questions: Q, answers: A }));
    const run: RunRow = {
      id: 'pinned',
      name: 'r',
      createdAt: 0,
      updatedAt: 0,
      status: 'paused',
      suite: 'catalog',
      packIds: ['bfcl:t'],
      config: { lengths: [1000], positions: [0.5], samplesPerCell: 1, seed: 1 },
      engine: { kind: 'oracle', model: 'oracle' },
      template: DEFAULT_PROMPT,
      format: 'bfcl-python',
      request: { maxTokens: 64, temperature: 0 },
      counterId: 'llama3',
      total: 1,
      done: 0,
      correct: 0,
    };
    await db.runs.put(run);
    const [first] = await loadRunPacks(db, run, true);
    const pinned = (await db.runs.get('pinned'))?.packVersions;
    expect(Object.keys(pinned ?? {})).toEqual(['bfcl:t']);
    // the same content again: nothing kept aside
    await savePack(db, readBfclPack({ name: 't', questions: Q, answers: A }));
    expect(await db.packs.count()).toBe(1);
    // different content under the same name: the old version is kept for the run that pinned it, unlisted
    const Q2 = Q.replace('base 10', 'base 12');
    await savePack(db, readBfclPack({ name: 't', questions: Q2, answers: A }));
    expect((await db.packs.toArray()).map((r) => [r.id.replace(/@.*/, '@…'), r.versionOf ?? null])).toEqual([
      ['bfcl:t', null],
      ['bfcl:t@…', 'bfcl:t'],
    ]);
    const pinnedRun = (await db.runs.get('pinned')) as RunRow;
    const [kept] = await loadRunPacks(db, pinnedRun);
    expect(kept?.items[0]?.question).toBe(first?.items[0]?.question);
    expect(kept?.id).toBe('bfcl:t');
    const [current] = await loadRunPacks(db, { packIds: ['bfcl:t'] });
    expect(current?.items[0]?.question).toContain('base 12');
    // deleting the run takes the version kept for it alone
    await deleteRun(db, 'pinned');
    expect(await db.packs.count()).toBe(1);
    // a run pinned to a version that is gone says so instead of mixing plans
    await db.runs.put({ ...run, id: 'orphan', packVersions: { 'bfcl:t': 'ffffffffffffff' } });
    await expect(loadRunPacks(db, (await db.runs.get('orphan')) as RunRow)).rejects.toThrow(/has changed since this run started .* resuming would mix two sets of requests/);
  });
});

describe('opening a run file over a stored run (issue 35, item 1: it silently replaced the stored results)', () => {
  it('the same results: one copy; other results under the same id: kept beside, the stored run untouched', async () => {
    const { readRunFile } = await import('../../src/lib/store/run-file');
    const { saveRunFile } = await import('../../src/lib/store/repos');
    const text = readFileSync('examples/recordings/smollm2/browser-catalog.run.jsonl', 'utf8');
    const db = freshDb();
    const file = readRunFile(text, 'recordings/smollm2/browser-catalog.run.jsonl');
    expect(await saveRunFile(db, file)).toEqual({ runId: file.run.id, copied: false, alreadyStored: false });
    expect(await saveRunFile(db, readRunFile(text, 'again'))).toEqual({ runId: file.run.id, copied: false, alreadyStored: true });
    expect(await db.runs.count()).toBe(1);
    // the same run id, one result line only
    const lines = text.split('\n').filter(Boolean);
    const short = readRunFile([lines[0], lines[1]].join('\n'), 'short.run.jsonl');
    const saved = await saveRunFile(db, short);
    expect(saved.copied).toBe(true);
    expect(saved.runId).not.toBe(file.run.id);
    expect(await db.results.where('runId').equals(file.run.id).count()).toBe(file.results.length);
    expect(await db.results.where('runId').equals(saved.runId).count()).toBe(1);
    expect((await db.runs.get(saved.runId))?.name).toMatch(/\(opened copy\)$/);
    // the run keeps its headline's sums (the runs table reads them, not the results)
    expect((await db.runs.get(file.run.id))?.headline).toEqual({ hits: file.run.correct, count: file.results.length, unanswered: 0 });
  });
});

describe('a run file never replaces a stored run that differs in any field (issue 46, item 2)', () => {
  const text = readFileSync('examples/recordings/smollm2/browser-catalog.run.jsonl', 'utf8');
  const setUp = async () => {
    const { readRunFile } = await import('../../src/lib/store/run-file');
    const { saveRunFile } = await import('../../src/lib/store/repos');
    const db = freshDb();
    const file = readRunFile(text, 'recordings/smollm2/browser-catalog.run.jsonl');
    await saveRunFile(db, file);
    return { db, file, readRunFile, saveRunFile };
  };

  it('the same results under another name, recording flag and with recorded prompts: the stored run keeps all of it, the file opens beside it, said by name', async () => {
    const { db, file, readRunFile, saveRunFile } = await setUp();
    const id = file.run.id;
    // the user renamed it and it has its prompts (it was made here): the file has the same result keys but neither
    await db.runs.update(id, { name: 'my class demo', recording: undefined });
    await db.prompts.bulkPut(
      file.results
        .slice(0, 12)
        .map((r) => ({ id: `${id}:${r.sampleId}`, runId: id, prompt: { messages: [{ role: 'user', content: 'q' }], needleNames: [], toolCount: 0, promptTokens: 1, expected: null } })),
    );
    const saved = await saveRunFile(db, readRunFile(text, 'again'));
    expect(saved).toMatchObject({ copied: true, alreadyStored: false, besideRun: 'my class demo' });
    expect(saved.runId).not.toBe(id);
    const kept = await db.runs.get(id);
    expect(kept?.name).toBe('my class demo');
    expect(kept?.recording).toBeUndefined();
    expect(await db.prompts.where('runId').equals(id).count()).toBe(12);
    expect(await db.results.where('runId').equals(id).count()).toBe(file.results.length);
    // opening it a third time finds its copy: nothing more is stored
    expect(await saveRunFile(db, readRunFile(text, 'third'))).toEqual({ runId: saved.runId, copied: true, alreadyStored: true, besideRun: 'my class demo' });
    expect(await db.runs.count()).toBe(2);
  });

  it('a run being generated is never touched by an import', async () => {
    const { db, file, readRunFile, saveRunFile } = await setUp();
    const id = file.run.id;
    await db.runs.update(id, { status: 'running' });
    const before = await db.results.where('runId').equals(id).toArray();
    const saved = await saveRunFile(db, readRunFile(text, 'again'));
    expect(saved.copied).toBe(true);
    expect((await db.runs.get(id))?.status).toBe('running');
    expect(await db.results.where('runId').equals(id).toArray()).toEqual(before);
  });
});
