/**
 * Imports are exact or refused (issue 17, item 2). Seeded corruptions of a BFCL file pair, a
 * CompToolBench task file with its tools, and a predictions file — cut at a line or inside one,
 * lines dropped or doubled, a field of another type or missing, bytes that are not UTF-8, an
 * empty file — must each be refused with a message naming the file, or read into exactly what
 * the original reads into. A refused BFCL import writes nothing to the database.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainJsonText } from '../../src/lib/core/plain-json';
import { Rng } from '../../src/lib/core/random';
import { bfclFilesOf, readBfclPack } from '../../src/lib/formats/bfcl';
import { readCompToolBenchPack } from '../../src/lib/formats/comptoolbench';
import { utf8Text } from '../../src/lib/formats/jsonl';
import { readPredictions } from '../../src/lib/engines/replay';
import { AppDB } from '../../src/lib/store/db';
import { importBfclFiles } from '../../src/lib/store/repos';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

const enc = new TextEncoder();

// ------------------------------------------------------------------ originals

const fn = (name: string, props: Record<string, Json>, required: string[]) => ({ name, description: `The ${name} function.`, parameters: { type: 'dict', properties: props, required } });
const QUESTIONS = [
  {
    id: 'simple_0',
    question: [[{ role: 'user', content: 'Weather in Paris for 3 days?' }]],
    function: [fn('get_weather', { city: { type: 'string', description: 'City.' }, days: { type: 'integer', description: 'Days.' } }, ['city'])],
  },
  {
    id: 'simple_1',
    question: [[{ role: 'user', content: 'Convert 2.5 km to miles.' }]],
    function: [fn('convert', { value: { type: 'float', description: 'Value.' }, unit: { type: 'string', enum: ['km', 'mi'], description: 'Unit.' } }, ['value', 'unit'])],
  },
  {
    id: 'simple_2',
    question: [[{ role: 'user', content: 'Book a table for two.' }]],
    function: [fn('book', { people: { type: 'integer', description: 'People.' }, tags: { type: 'array', items: { type: 'string' }, description: 'Tags.' } }, ['people'])],
  },
  {
    id: 'simple_3',
    question: [[{ role: 'user', content: 'Area of a circle of radius 4.' }]],
    function: [
      fn('area', { radius: { type: 'float', description: 'Radius.' }, shape: { type: 'dict', description: 'Shape.', properties: { kind: { type: 'string', description: 'Kind.' } } } }, ['radius']),
    ],
  },
  { id: 'simple_4', question: [[{ role: 'user', content: 'Say hello.' }]], function: [fn('hello', {}, [])] },
];
const ANSWERS = [
  { id: 'simple_0', ground_truth: [{ get_weather: { city: ['Paris', 'Paris, France'], days: [3, ''] } }] },
  { id: 'simple_1', ground_truth: [{ convert: { value: [2.5], unit: ['km'] } }] },
  { id: 'simple_2', ground_truth: [{ book: { people: [2], tags: [[], ''] } }] },
  { id: 'simple_3', ground_truth: [{ area: { radius: [4, 4.0], shape: [{ kind: ['circle'] }, ''] } }] },
  { id: 'simple_4', ground_truth: [{ hello: {} }] },
];
const PREDICTIONS = Array.from({ length: 8 }, (_, i) => ({ id: `simple_${i}`, result: i % 2 ? `[f(a=${i})]` : [{ f: { a: i } }] }));

const jsonl = (records: readonly Json[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

// ------------------------------------------------------------------ strict fields, by format

/** Paths (with `*` for every index or key) to fields whose type a reader must insist on. */
const QUESTION_FIELDS = [
  'id',
  'question',
  'question.0',
  'question.0.0',
  'question.0.0.role',
  'question.0.0.content',
  'function',
  'function.0',
  'function.0.name',
  'function.0.description',
  'function.0.parameters',
  'function.0.parameters.type',
  'function.0.parameters.properties',
  'function.0.parameters.properties.*',
  'function.0.parameters.properties.*.type',
  'function.0.parameters.properties.*.description',
  'function.0.parameters.properties.*.enum',
  'function.0.parameters.properties.*.items',
  'function.0.parameters.required',
  'function.0.parameters.required.0',
];
const ANSWER_FIELDS = ['id', 'ground_truth', 'ground_truth.0', 'ground_truth.0.*', 'ground_truth.0.*.*'];
const TASK_FIELDS = ['task_id', 'level', 'prompt', 'available_tools', 'available_tools.0', 'expected_trace', 'expected_final_answer', 'category', 'pattern', 'num_steps', 'num_tools_offered'];
const PREDICTION_FIELDS = ['id', 'result'];
/** Fields a record cannot lack (removing an optional one, or a parameter from an answer, leaves another valid file). */
const REQUIRED = new Set([
  'id',
  'question',
  'question.0.0.role',
  'question.0.0.content',
  'function',
  'function.0.name',
  'function.0.parameters',
  'function.0.parameters.type',
  'function.0.parameters.properties',
  'function.0.parameters.properties.*.type',
  'ground_truth',
  'task_id',
  'level',
  'prompt',
  'available_tools',
  'expected_trace',
  'result',
]);

function resolve(v: Json, pattern: string, rng: Rng): Path | null {
  const path: Path = [];
  let cur: Json = v;
  for (const part of pattern.split('.')) {
    if (cur === null || typeof cur !== 'object') return null;
    const keys: (string | number)[] = Array.isArray(cur) ? cur.map((_, i) => i) : Object.keys(cur);
    const key = part === '*' ? (keys.length ? rng.pick(keys) : null) : Array.isArray(cur) ? Number(part) : part;
    if (key === null || !(Array.isArray(cur) ? (key as number) < cur.length : key in cur)) return null;
    path.push(key);
    cur = (cur as Record<string | number, Json>)[key] as Json;
  }
  return path;
}

const get = (v: Json, path: Path): Json => path.reduce<Json>((c, k) => (c as Record<string | number, Json>)[k] as Json, v);

/** A value of another kind; never null for a field that may be absent (null reads as absent), never a string or list for a predictions file's result (either is an answer). */
function otherTyped(value: Json, rng: Rng, pattern: string): Json {
  const options: Json[] = pattern === 'result' ? [123, true, null, { x: 1 }] : [123, -1, 2.5, 'text', '', true, ...(REQUIRED.has(pattern) ? [null] : []), [], [1], {}, { x: 1 }];
  const sameKind = (o: Json) =>
    o === null ? value === null : Array.isArray(o) ? Array.isArray(value) : typeof o === 'object' ? value !== null && typeof value === 'object' && !Array.isArray(value) : typeof o === typeof value;
  return rng.pick(options.filter((o) => !sameKind(o)));
}

// ------------------------------------------------------------------ corruptions

interface Variant {
  kind: string;
  /** the file corrupted */
  file: string;
  bytes: Uint8Array;
}

function corrupt(name: string, text: string, fields: readonly string[], rng: Rng, lineCuts: boolean): Variant {
  const lines = text.split('\n').filter((l) => l !== '');
  const kinds = ['retype', 'retype', 'retype', 'remove', 'duplicate', 'cutInside', 'utf8', 'empty', ...(lineCuts ? ['truncate', 'dropLine'] : [])];
  const kind = rng.pick(kinds);
  const out = (t: string): Variant => ({ kind, file: name, bytes: enc.encode(t) });
  const n = lines.length;
  switch (kind) {
    case 'truncate':
      return out(lines.slice(0, 1 + rng.int(n - 1)).join('\n') + '\n');
    case 'dropLine': {
      const i = rng.int(n);
      return out(lines.filter((_, k) => k !== i).join('\n') + '\n');
    }
    case 'duplicate': {
      const i = rng.int(n);
      return out([...lines.slice(0, i + 1), lines[i], ...lines.slice(i + 1)].join('\n') + '\n');
    }
    case 'cutInside': {
      const i = rng.int(n);
      const line = lines[i] as string;
      return out([...lines.slice(0, i), line.slice(0, 1 + rng.int(line.length - 2))].join('\n'));
    }
    case 'utf8': {
      const bytes = enc.encode(text);
      const at = rng.int(bytes.length);
      const bad = rng.pick([[0xff], [0xc3], [0xe2, 0x28, 0xa1], [0xed, 0xa0, 0x80], [0x80]]);
      return { kind, file: name, bytes: new Uint8Array([...bytes.slice(0, at), ...bad, ...bytes.slice(at)]) };
    }
    case 'empty':
      return out(rng.pick(['', '\n', '   \n\n']));
  }
  // retype or remove a strict field of one record
  for (let attempt = 0; attempt < 20; attempt++) {
    const i = rng.int(n);
    const record = JSON.parse(lines[i] as string) as Json;
    const pattern = rng.pick(kind === 'remove' ? fields.filter((f) => REQUIRED.has(f)) : fields);
    const path = resolve(record, pattern, rng);
    if (!path || path.length === 0) continue;
    const parent = get(record, path.slice(0, -1)) as Record<string | number, Json>;
    const key = path[path.length - 1] as string | number;
    if (kind === 'remove') {
      if (Array.isArray(parent)) continue; // removing a list element shifts the rest: a different, valid list
      delete parent[key];
    } else parent[key] = otherTyped(parent[key] as Json, rng, pattern);
    const changed = [...lines];
    changed[i] = JSON.stringify(record);
    return out(changed.join('\n') + '\n');
  }
  return out('');
}

// ------------------------------------------------------------------ the check

type Outcome = { accepted: true; content: string } | { accepted: false; message: string };

function outcomeOf(read: () => unknown): Outcome {
  try {
    return { accepted: true, content: plainJsonText(read()) };
  } catch (e) {
    return { accepted: false, message: (e as Error).message };
  }
}

interface Tally {
  variants: number;
  refused: number;
  equivalent: number;
  problems: string[];
}

function judge(tally: Tally, v: Variant, original: string, outcome: Outcome): void {
  tally.variants++;
  if (outcome.accepted) {
    if (outcome.content === original) tally.equivalent++;
    else tally.problems.push(`${v.kind} of ${v.file}: accepted with altered content`);
  } else {
    tally.refused++;
    if (!outcome.message.includes(v.file)) tally.problems.push(`${v.kind} of ${v.file}: the message does not name the file: ${outcome.message}`);
  }
}

const BFCL_Q = 'BFCL_v4_simple.json';
const readPair = (q: { name: string; bytes: Uint8Array }, a: { name: string; bytes: Uint8Array }) => {
  const files = [
    { name: q.name, text: utf8Text(q.bytes, `${q.name} (questions)`) },
    { name: a.name, text: utf8Text(a.bytes, `${a.name} (possible answers)`) },
  ];
  const chosen = bfclFilesOf(files);
  if (typeof chosen === 'string') throw new Error(`${q.name}: ${chosen}`);
  return readBfclPack(chosen, 0);
};

describe('imports are exact or refused', () => {
  it('1,500 corrupted BFCL pairs, CompToolBench files and predictions files: each refused naming the file, or read exactly as the original', () => {
    const rng = new Rng('import-fuzz');
    const tally: Tally = { variants: 0, refused: 0, equivalent: 0, problems: [] };
    const qText = jsonl(QUESTIONS);
    const aText = jsonl(ANSWERS);
    const q = { name: BFCL_Q, bytes: enc.encode(qText) };
    const a = { name: BFCL_Q, bytes: enc.encode(aText) };
    const bfclOriginal = plainJsonText(readPair(q, a));
    for (let i = 0; i < 700; i++) {
      const questionSide = i % 2 === 0;
      const v = corrupt(BFCL_Q, questionSide ? qText : aText, questionSide ? QUESTION_FIELDS : ANSWER_FIELDS, rng, true);
      // the pair's two files share a name: the message must say which of them
      v.file = `${BFCL_Q} (${questionSide ? 'questions' : 'possible answers'})`;
      judge(
        tally,
        v,
        bfclOriginal,
        outcomeOf(() => readPair(questionSide ? { name: BFCL_Q, bytes: v.bytes } : q, questionSide ? a : { name: BFCL_Q, bytes: v.bytes })),
      );
    }

    const predictionsText = jsonl(PREDICTIONS);
    const predictionsOriginal = plainJsonText([...readPredictions(predictionsText, 'run.jsonl')]);
    for (let i = 0; i < 400; i++) {
      const v = corrupt('run.jsonl', predictionsText, PREDICTION_FIELDS, rng, false);
      judge(
        tally,
        v,
        predictionsOriginal,
        outcomeOf(() => [...readPredictions(utf8Text(v.bytes, 'run.jsonl'), 'run.jsonl')]),
      );
    }

    const ctb = '../shared/reference/comptoolbench';
    if (existsSync(`${ctb}/test.jsonl`)) {
      const tasksText = readFileSync(`${ctb}/test.jsonl`, 'utf8').split('\n').slice(0, 12).join('\n') + '\n';
      const toolsText = readFileSync(`${ctb}/tools.json`, 'utf8');
      const read = (tasks: string, tools: string) => readCompToolBenchPack({ name: 'ctb', tasks, tasksSource: 'test.jsonl', tools, toolsSource: 'tools.json' }, 0);
      const ctbOriginal = plainJsonText(read(tasksText, toolsText));
      for (let i = 0; i < 400; i++) {
        const v = corrupt('test.jsonl', tasksText, TASK_FIELDS, rng, false);
        judge(
          tally,
          v,
          ctbOriginal,
          outcomeOf(() => read(utf8Text(v.bytes, 'test.jsonl'), toolsText)),
        );
      }
    } else console.log(`CompToolBench corruptions skipped: no reference data at ${ctb}`);

    console.log(`import corruptions: ${tally.variants} variants, ${tally.refused} refused naming the file, ${tally.equivalent} read exactly as the original, ${tally.problems.length} problems`);
    expect(tally.variants).toBeGreaterThanOrEqual(1100);
    expect(tally.problems.slice(0, 10)).toEqual([]);
  });

  it('a refused BFCL import writes nothing; a good one stores the pack once', async () => {
    const db = new AppDB(`import-fuzz-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const rng = new Rng('import-db');
    const qText = jsonl(QUESTIONS);
    const aText = jsonl(ANSWERS);
    let refused = 0;
    for (let i = 0; i < 100; i++) {
      const v = corrupt(BFCL_Q, qText, QUESTION_FIELDS, rng, true);
      const files = [
        { name: BFCL_Q, text: new TextDecoder().decode(v.bytes) },
        { name: BFCL_Q, text: aText },
      ];
      try {
        await importBfclFiles(db, files);
        await db.packs.clear();
      } catch {
        refused++;
        expect(await db.packs.count()).toBe(0);
      }
    }
    expect(refused).toBeGreaterThan(80);
    await importBfclFiles(db, [
      { name: BFCL_Q, text: qText },
      { name: BFCL_Q, text: aText },
    ]);
    expect(await db.packs.count()).toBe(1);
  });

  it('names the file when its bytes are not UTF-8, and which of two same-named BFCL files is wrong', () => {
    expect(() => utf8Text(new Uint8Array([0x7b, 0xff, 0x7d]), 'data.json')).toThrow('data.json: (encoding): not UTF-8 text (first invalid byte at offset 1)');
    const badAnswers = jsonl([...ANSWERS, { id: 'simple_9', ground_truth: [] }]);
    expect(() => readPair({ name: BFCL_Q, bytes: enc.encode(jsonl(QUESTIONS)) }, { name: BFCL_Q, bytes: enc.encode(badAnswers) })).toThrow(
      `${BFCL_Q} (possible answers): id: 1 possible answer has no question in ${BFCL_Q} (questions) (simple_9): is the question file complete?`,
    );
    expect(() => readPredictions('\n\n', 'empty.jsonl')).toThrow('empty.jsonl: (file): no predictions');
    expect(() => readPredictions('{"id": "a", "result": "f()"}\n{"id": "a", "result": "g()"}\n', 'twice.jsonl')).toThrow('twice.jsonl line 2: id: duplicate id "a"');
  });
});
