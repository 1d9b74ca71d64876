// A run keeps its suite's configuration in `config` (issue 45): run files of version 1 and the app's stored runs of before read into that shape, exactly.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppDB } from '../../src/lib/store/db';
import { READ_VERSIONS, readRunFile, writeRunFile } from '../../src/lib/store/run-file';
import { withConfig } from '../../src/lib/store/run-shape';
import { SUITES } from '../../src/lib/suites/registry';

const FIRST_SHAPE_KEY: Record<string, string> = {
  catalog: 'sweep',
  robustness: 'robustness',
  'response-qa': 'responseQa',
  multiturn: 'multiturn',
  composition: 'composition',
  'wildagteval-simulated': 'apiComplexity',
  'wildagteval-benchmark': 'wildagteval',
};
const gallery = JSON.parse(readFileSync('examples/index.json', 'utf8')) as { file: string; suite: string }[];

describe("a cell keeps each measure in its own field (issue 45: `position` was the catalog's α and response QA's record)", () => {
  const cellsOf = (file: string) => readRunFile(readFileSync(`examples/${file}`, 'utf8'), file).results.map((r) => r.cell);
  const firstShapeCells = (file: string) =>
    readFileSync(`examples/${file}`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => (JSON.parse(l) as { result: { cell: Record<string, unknown> } }).result.cell);

  it('gallery files of before read into it: α, record, tools offered, and nothing where a suite measures none', () => {
    const at = (file: string) => ({ read: cellsOf(file), raw: firstShapeCells(file) });
    const catalog = at('recordings/qwen0.5b/catalog.run.jsonl');
    expect(catalog.read).toEqual(catalog.raw.map(({ position, ...c }) => ({ length: c.length, alpha: position, ...(c.variant === undefined ? {} : { variant: c.variant }) })));
    const versionOf = (file: string) => (JSON.parse(readFileSync(`examples/${file}`, 'utf8').split('\n', 1)[0]!) as { version: number }).version;
    const entries = gallery.filter((e) => ['response-qa', 'composition', 'robustness'].includes(e.suite) && versionOf(e.file) === 1);
    for (const suite of ['response-qa', 'composition', 'robustness']) {
      const entry = entries.find((e) => e.suite === suite);
      if (!entry) throw new Error(`no ${suite} recording of version 1 in the gallery`);
      const { read, raw } = at(entry.file);
      expect(read.length, entry.file).toBe(raw.length);
      read.forEach((c, i) => {
        const old = raw[i]!;
        if (suite === 'response-qa') expect(c).toEqual({ length: old.length, record: old.position, variant: old.variant });
        if (suite === 'composition') expect(c).toEqual({ length: 0, tools: old.length, variant: old.variant });
        if (suite === 'robustness') expect(c).toEqual({ length: 0, variant: old.variant });
      });
    }
  });

  it('a file of version 3 with a cell of the first shape, or a measure that is not a number, is refused, naming the field', () => {
    const text = writeRunFile(readRunFile(readFileSync('examples/recordings/qwen0.5b/catalog.run.jsonl', 'utf8')));
    const [head, first, ...rest] = text.split('\n');
    const line = JSON.parse(first!) as { result: { cell: Record<string, unknown> } };
    expect(line.result.cell).not.toHaveProperty('position');
    const withCell = (cell: Record<string, unknown>) => [head, JSON.stringify({ ...line, result: { ...line.result, cell } }), ...rest].join('\n');
    expect(() => readRunFile(withCell({ length: 1024, position: 0.5 }), 'x.run.jsonl')).toThrow(/result\.cell.*position/);
    expect(() => readRunFile(withCell({ length: 1024, alpha: '0.5' }), 'x.run.jsonl')).toThrow(/result\.cell\.alpha/);
  });

  it('a file of before version 3 resumed by a newer runner (cells of both shapes) reads whole', () => {
    const text = readFileSync('examples/recordings/qwen0.5b/catalog.run.jsonl', 'utf8');
    const lines = text.trim().split('\n');
    const head = lines[0]!;
    expect((JSON.parse(head) as { version: number }).version).toBeLessThan(3);
    const newer = lines.slice(1).map((l, i) => {
      if (i % 2 === 0) return l;
      const line = JSON.parse(l) as { result: { cell: { length: number; position: number; variant?: string } } };
      const { position, ...c } = line.result.cell;
      return JSON.stringify({ ...line, result: { ...line.result, cell: { length: c.length, alpha: position, ...(c.variant ? { variant: c.variant } : {}) } } });
    });
    expect(readRunFile([head, ...newer].join('\n'), 'x.run.jsonl').results.map((r) => r.cell)).toEqual(cellsOf('recordings/qwen0.5b/catalog.run.jsonl'));
  });

  it("the app's database of before rewrites its stored results' cells when it opens, by their run's suite", async () => {
    const factory = new IDBFactory();
    const old = new Dexie('cells', { indexedDB: factory, IDBKeyRange });
    old.version(5).stores({ packs: 'id, source, createdAt', runs: 'id, createdAt, status', results: 'id, runId, [runId+index]', settings: 'key', rephrasings: 'id, model', prompts: 'id, runId' });
    await old.table('runs').bulkPut([
      { id: 'c', createdAt: 1, suite: 'catalog', config: null },
      { id: 'q', createdAt: 2, suite: 'response-qa', config: null },
      { id: 'm', createdAt: 3, suite: 'composition', config: null },
      { id: 'r', createdAt: 4, suite: 'robustness', config: null },
    ]);
    await old.table('results').bulkPut([
      { id: 'c:1', runId: 'c', index: 0, cell: { length: 2048, position: 0.9 } },
      { id: 'q:1', runId: 'q', index: 0, cell: { length: 4096, position: 8, variant: 'position' } },
      { id: 'm:1', runId: 'm', index: 0, cell: { length: 12, position: 0, variant: 'single-turn' } },
      { id: 'r:1', runId: 'r', index: 0, cell: { length: 0, position: 0, variant: 'rephrased' } },
    ]);
    old.close();
    const db = new AppDB('cells', { indexedDB: factory, IDBKeyRange });
    expect((await db.results.orderBy('id').toArray()).map((r) => [r.id, r.cell])).toEqual([
      ['c:1', { length: 2048, alpha: 0.9 }],
      ['m:1', { length: 0, tools: 12, variant: 'single-turn' }],
      ['q:1', { length: 4096, record: 8, variant: 'position' }],
      ['r:1', { length: 0, variant: 'rephrased' }],
    ]);
    db.close();
  });
});

describe('the run row keeps its suite configuration in one field', () => {
  it("every gallery recording (run files of version 1, and of versions 2–4 since) opens with its suite's configuration in config, and nothing else of the first shape", () => {
    const firstShape = gallery.filter(({ file }) => readFileSync(`examples/${file}`, 'utf8').startsWith('{"format":"fc-playground-run","version":1,'));
    // the recordings made before version 2 are the most of the gallery; a recording completed since is written in the version of its day
    expect(firstShape.length).toBeGreaterThanOrEqual(20);
    for (const { file, suite } of gallery) {
      const text = readFileSync(`examples/${file}`, 'utf8');
      const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { version: number; run: Record<string, unknown> };
      expect(READ_VERSIONS, file).toContain(header.version);
      const { run } = readRunFile(text, file);
      expect(run.suite, file).toBe(suite);
      expect(run.config, file).toEqual(header.version === 1 ? (header.run[FIRST_SHAPE_KEY[suite]!] ?? null) : header.run.config);
      for (const key of Object.values(FIRST_SHAPE_KEY)) expect(Object.keys(run), `${file}: ${key}`).not.toContain(key);
    }
  });

  it('a run file is written as version 5 and read back the same; its header holds no field of the first shape', () => {
    const file = readRunFile(readFileSync('examples/recordings/qwen0.5b/robustness-200.run.jsonl', 'utf8'));
    const text = writeRunFile(file);
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { version: number; run: Record<string, unknown> };
    expect(header.version).toBe(5);
    expect(Object.keys(header.run)).not.toContain('sweep');
    expect(Object.keys(header.run)).not.toContain('robustness');
    const back = readRunFile(text);
    expect(back.run).toEqual(file.run);
    expect(back.results).toEqual(file.results);
    // a header of today's version with a first-shape field is refused, naming it
    const [head, ...rest] = text.split('\n');
    const withSweep = JSON.stringify({ ...JSON.parse(head!), run: { ...header.run, sweep: { lengths: [], positions: [], samplesPerCell: 1, seed: 1 } } });
    expect(() => readRunFile([withSweep, ...rest].join('\n'), 'x.run.jsonl')).toThrow(/sweep/);
  });

  it("a run of before its suite kept a configuration was planned from the suite's defaults; a WildAgtEval run from result logs has none", () => {
    expect(withConfig({ suite: 'robustness', sweep: { seed: 1 } })).toEqual({ suite: 'robustness', config: SUITES.robustness.config.defaults });
    // and under the id its suite has now (WildAgtEval's own benchmark was `wildagteval`)
    expect(withConfig({ suite: 'wildagteval', sweep: { seed: 0 } })).toEqual({ suite: 'wildagteval-benchmark', config: null });
    const already = { suite: 'catalog', config: { lengths: [1024] } };
    expect(withConfig(already)).toBe(already);
  });

  it("the app's database of before rewrites its stored runs into the new shape when it opens, keeping everything else", async () => {
    const factory = new IDBFactory();
    const old = new Dexie('shape', { indexedDB: factory, IDBKeyRange });
    old.version(3).stores({ packs: 'id, source, createdAt', runs: 'id, createdAt, status', results: 'id, runId, [runId+index]', settings: 'key', rephrasings: 'id, model', prompts: 'id, runId' });
    const sweep = { lengths: [1024], positions: [0.5], samplesPerCell: 2, seed: 9 };
    const composition = { levels: ['L0_node'], perLevel: 2, distractors: null, protocol: 'single-turn', seed: 4 };
    await old.table('runs').bulkPut([
      { id: 'a', createdAt: 1, status: 'completed', suite: 'catalog', packIds: ['p'], sweep, name: 'a' },
      { id: 'b', createdAt: 2, status: 'paused', suite: 'composition', packIds: ['c'], sweep: { lengths: [], positions: [], samplesPerCell: 2, seed: 4 }, composition, name: 'b' },
    ]);
    await old.table('results').put({ id: 'a:1', runId: 'a', index: 0 });
    old.close();
    const db = new AppDB('shape', { indexedDB: factory, IDBKeyRange });
    const runs = await db.runs.orderBy('createdAt').toArray();
    expect(runs.map((r) => [r.id, r.suite, r.config, r.packIds, r.status, r.name])).toEqual([
      ['a', 'catalog', sweep, ['p'], 'completed', 'a'],
      ['b', 'composition', composition, ['c'], 'paused', 'b'],
    ]);
    expect(runs.every((r) => !('sweep' in r) && !('composition' in r))).toBe(true);
    expect(await db.results.count()).toBe(1);
    db.close();
  });

  it("a pack's imported files, stored under the one suite that kept files, are its `files` when the database opens, with the same content hash", async () => {
    const factory = new IDBFactory();
    const old = new Dexie('files', { indexedDB: factory, IDBKeyRange });
    old.version(4).stores({ packs: 'id, source, createdAt', runs: 'id, createdAt, status', results: 'id, runId, [runId+index]', settings: 'key', rephrasings: 'id, model', prompts: 'id, runId' });
    const files = JSON.stringify([{ name: 'prompts/complexity/centralized_prompt.md', text: '# prompt' }]);
    await old.table('packs').bulkPut([
      { id: 'wildagteval', source: 'wildagteval', createdAt: 1, name: 'WildAgtEval', data: '{"tools": [], "items": []}', contentHash: 'h1', wildagteval: files, wildagtevalSummary: { databases: 0 } },
      { id: 'p', source: 'builtin', createdAt: 2, name: 'P', data: '{"tools": [], "items": []}', contentHash: 'h2' },
    ]);
    old.close();
    const db = new AppDB('files', { indexedDB: factory, IDBKeyRange });
    const [wild, plain] = await db.packs.orderBy('createdAt').toArray();
    expect(wild).toEqual({ id: 'wildagteval', source: 'wildagteval', createdAt: 1, name: 'WildAgtEval', data: '{"tools": [], "items": []}', contentHash: 'h1', files });
    expect(plain).toEqual({ id: 'p', source: 'builtin', createdAt: 2, name: 'P', data: '{"tools": [], "items": []}', contentHash: 'h2' });
    db.close();
  });
});

describe('the two WildAgtEval suites are named for what they run (issue 45: they were `api-complexity` and `wildagteval`)', () => {
  const headerOf = (text: string) => JSON.parse(text.slice(0, text.indexOf('\n'))) as { version: number; run: Record<string, unknown> };
  /** a gallery recording of `suite` written while it went by its old id (later recordings carry the new one) */
  const recordingOf = (suite: string, oldId: string) => {
    const texts = gallery.filter((e) => e.suite === suite).map((e) => readFileSync(`examples/${e.file}`, 'utf8'));
    const text = texts.find((t) => headerOf(t).run.suite === oldId);
    if (!text) throw new Error(`no ${suite} recording written under its old id ${oldId} in the gallery`);
    return text;
  };
  const withHeader = (text: string, header: object) => [JSON.stringify(header), ...text.split('\n').slice(1)].join('\n');

  it('files written under the old ids open under the new ones, results and all; a version 4 file with an old id is refused, naming it', () => {
    for (const [old, now] of [
      ['api-complexity', 'wildagteval-simulated'],
      ['wildagteval', 'wildagteval-benchmark'],
    ] as const) {
      const text = recordingOf(now, old);
      const header = headerOf(text);
      expect(header.run.suite).toBe(old);
      const read = readRunFile(text, 'old.run.jsonl');
      expect(read.run.suite).toBe(now);
      expect(read.results.length).toBeGreaterThan(0);
      // what the app writes today carries the new id, and reads back to the same run
      const written = writeRunFile(read);
      const today = headerOf(written);
      expect(today.run.suite).toBe(now);
      expect(readRunFile(written).run).toEqual(read.run);
      // a version 3 file (today's shape but for the id) reads the same way
      expect(readRunFile(withHeader(written, { ...today, version: 3, run: { ...today.run, suite: old } }), 'v3.run.jsonl').run).toEqual(read.run);
      const v4WithOld = withHeader(written, { ...today, run: { ...today.run, suite: old } });
      expect(() => readRunFile(v4WithOld, 'new.run.jsonl')).toThrow(/run\.suite/);
    }
  });

  it("the app's database of before renames its stored runs when it opens, keeping everything else — also runs stored in the first shape", async () => {
    const factory = new IDBFactory();
    const old = new Dexie('renamed', { indexedDB: factory, IDBKeyRange });
    old.version(6).stores({ packs: 'id, source, createdAt', runs: 'id, createdAt, status', results: 'id, runId, [runId+index]', settings: 'key', rephrasings: 'id, model', prompts: 'id, runId' });
    const api = { ...SUITES['wildagteval-simulated'].config.defaults, conversations: 2 };
    await old.table('runs').bulkPut([
      { id: 'a', createdAt: 1, status: 'completed', suite: 'api-complexity', packIds: [], config: api, name: 'a' },
      { id: 'w', createdAt: 2, status: 'paused', suite: 'wildagteval', packIds: ['wildagteval'], config: null, name: 'w' },
      { id: 'c', createdAt: 3, status: 'completed', suite: 'catalog', packIds: ['p'], config: { lengths: [1024] }, name: 'c' },
    ]);
    await old.table('results').put({ id: 'a:1', runId: 'a', index: 0, cell: { length: 0 } });
    old.close();
    const db = new AppDB('renamed', { indexedDB: factory, IDBKeyRange });
    expect((await db.runs.orderBy('createdAt').toArray()).map((r) => [r.id, r.suite, r.config, r.packIds, r.status])).toEqual([
      ['a', 'wildagteval-simulated', api, [], 'completed'],
      ['w', 'wildagteval-benchmark', null, ['wildagteval'], 'paused'],
      ['c', 'catalog', { lengths: [1024] }, ['p'], 'completed'],
    ]);
    expect(await db.results.get('a:1')).toEqual({ id: 'a:1', runId: 'a', index: 0, cell: { length: 0 } });
    db.close();

    // a database from before version 4: the first shape and the old id, read into both
    const first = new IDBFactory();
    const older = new Dexie('renamed-first', { indexedDB: first, IDBKeyRange });
    older.version(3).stores({ packs: 'id, source, createdAt', runs: 'id, createdAt, status', results: 'id, runId, [runId+index]', settings: 'key', rephrasings: 'id, model', prompts: 'id, runId' });
    await older
      .table('runs')
      .put({ id: 'a', createdAt: 1, status: 'completed', suite: 'api-complexity', packIds: [], sweep: { lengths: [], positions: [], samplesPerCell: 1, seed: 7 }, apiComplexity: api, name: 'a' });
    older.close();
    const upgraded = new AppDB('renamed-first', { indexedDB: first, IDBKeyRange });
    const [run] = await upgraded.runs.toArray();
    expect([run?.suite, run?.config]).toEqual(['wildagteval-simulated', api]);
    expect(Object.keys(run ?? {})).not.toContain('apiComplexity');
    upgraded.close();
  });
});
