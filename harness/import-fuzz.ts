/**
 * Corrupted pack imports: valid BFCL files (a question file and its possible answers) altered in
 * the ways real files go wrong or attackers try — huge strings, `__proto__` keys, wrong types,
 * truncation, junk fields, duplicate keys, odd numbers — each imported exactly as the app imports
 * it (into IndexedDB, fake here), then read back. Every import must be stored exactly (what was
 * read back equals what the file says, read by plain JSON.parse) or refused; `altered` counts the
 * rest and must be 0. `npm run fuzz` prints the figures; a unit test runs a smaller campaign.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { Rng } from '../src/lib/core/random';
import { AppDB } from '../src/lib/store/db';
import { importBfclFiles, rowToPack } from '../src/lib/store/repos';
import { toPlain, type PyValue } from '../src/lib/core/pyvalue';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const BASE_QUESTIONS: Json[] = [
  {
    id: 'simple_python_0',
    question: [[{ role: 'user', content: 'Find the area of a triangle with base 10 and height 5.' }]],
    function: [
      {
        name: 'calculate_triangle_area',
        description: 'Area of a triangle.',
        parameters: {
          type: 'dict',
          properties: {
            base: { type: 'integer', description: 'The base.' },
            height: { type: 'integer', description: 'The height.' },
            unit: { type: 'string', description: 'Unit.', enum: ['cm', 'm'] },
          },
          required: ['base', 'height'],
        },
      },
    ],
  },
  {
    id: 'simple_python_1',
    question: [[{ role: 'user', content: 'Weather in Oslo for 3 days, in Celsius.' }]],
    function: [
      {
        name: 'get_forecast',
        description: 'Forecast.',
        parameters: {
          type: 'dict',
          properties: { city: { type: 'string', description: 'City.' }, days: { type: 'integer', description: 'Days.' }, scale: { type: 'float', description: 'Scale.' } },
          required: ['city'],
        },
      },
    ],
  },
  {
    id: 'simple_python_2',
    question: [[{ role: 'user', content: 'Convert 5 km to miles.' }]],
    function: [
      {
        name: 'convert',
        description: 'Units.',
        parameters: { type: 'dict', properties: { value: { type: 'float', description: 'Value.' }, tags: { type: 'array', items: { type: 'string' }, description: 'Tags.' } }, required: ['value'] },
      },
    ],
  },
];
const BASE_ANSWERS: Json[] = [
  { id: 'simple_python_0', ground_truth: [{ calculate_triangle_area: { base: [10], height: [5], unit: ['', 'cm'] } }] },
  { id: 'simple_python_1', ground_truth: [{ get_forecast: { city: ['Oslo'], days: [3, ''], scale: [''] } }] },
  { id: 'simple_python_2', ground_truth: [{ convert: { value: [5.0], tags: [''] } }] },
];

export const CORRUPTIONS = ['huge-string', 'proto-key', 'wrong-type', 'truncated', 'junk-field', 'duplicate-key', 'odd-number', 'deleted-field', 'unicode', 'empty'] as const;
export type Corruption = (typeof CORRUPTIONS)[number];

/** Every container of a value with a path to it, for picking a place to corrupt. */
function places(v: Json, path: (string | number)[] = [], out: { path: (string | number)[]; value: Json }[] = []): { path: (string | number)[]; value: Json }[] {
  out.push({ path, value: v });
  if (Array.isArray(v)) v.forEach((x, i) => places(x, [...path, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) places(x, [...path, k], out);
  return out;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function setAt(root: Json, path: (string | number)[], value: Json): void {
  let cur = root as Record<string | number, Json>;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, Json>;
  cur[path.at(-1) as string | number] = value;
}

/** One corrupted copy of the two files (as text), and which file was touched. */
export function corrupt(rng: Rng, kind: Corruption): { questions: string; answers: string } {
  const questions = clone(BASE_QUESTIONS);
  const answers = clone(BASE_ANSWERS);
  const target = rng.int(2) === 0 ? questions : answers;
  const record = target[rng.int(target.length)] as Json;
  const spots = places(record).filter((s) => s.path.length > 0);
  const spot = rng.pick(spots);
  const lines = (list: Json[]) => list.map((x) => JSON.stringify(x)).join('\n') + '\n';
  switch (kind) {
    case 'huge-string': {
      const strings = spots.filter((s) => typeof s.value === 'string');
      setAt(record, rng.pick(strings).path, 'x'.repeat(2_000_000 + rng.int(1000)));
      break;
    }
    case 'proto-key': {
      const objects = places(record).filter((s) => s.value !== null && typeof s.value === 'object' && !Array.isArray(s.value));
      const o = rng.pick(objects).value as Record<string, Json>;
      // written into the text: JSON.stringify would drop a real prototype change, so the key is spliced in
      o['__proto_marker__'] = { polluted: true, type: 'string' };
      const text = lines(target).replace('"__proto_marker__"', '"__proto__"');
      return target === questions ? { questions: text, answers: lines(answers) } : { questions: lines(questions), answers: text };
    }
    case 'wrong-type': {
      const replacements: Json[] = [42, 'text', [], {}, null, true, [1, 2], { a: 1 }];
      setAt(record, spot.path, rng.pick(replacements));
      break;
    }
    case 'truncated': {
      const text = lines(target);
      const cut = text.slice(0, 1 + rng.int(text.length - 2));
      return target === questions ? { questions: cut, answers: lines(answers) } : { questions: lines(questions), answers: cut };
    }
    case 'junk-field': {
      const objects = places(record).filter((s) => s.value !== null && typeof s.value === 'object' && !Array.isArray(s.value));
      (rng.pick(objects).value as Record<string, Json>)[rng.pick(['junk', 'constructor', 'toString', 'hasOwnProperty', 'x-extra'])] = rng.pick<Json>(['v', 1, { nested: 'y'.repeat(1000) }]);
      break;
    }
    case 'duplicate-key': {
      const text = lines(target).replace(/"(id|name|type|content)": ("[^"]*")/, (_m, k: string, v: string) => `"${k}": ${v}, "${k}": "dup"`);
      return target === questions ? { questions: text, answers: lines(answers) } : { questions: lines(questions), answers: text };
    }
    case 'odd-number': {
      const numbers = spots.filter((s) => typeof s.value === 'number');
      if (numbers.length === 0) break;
      const text = lines(target).replace(/(?<=[:\[, ])(\d+(\.\d+)?)(?=[,\]}])/, rng.pick(['1e400', '-0', '9007199254740993', '1.0000000000000001', '0.1e-400', '123456789012345678901234567890']));
      return target === questions ? { questions: text, answers: lines(answers) } : { questions: lines(questions), answers: text };
    }
    case 'deleted-field': {
      const parent = spot.path.slice(0, -1);
      const key = spot.path.at(-1);
      let cur = record as Record<string | number, Json>;
      for (const p of parent) cur = cur[p] as Record<string | number, Json>;
      if (Array.isArray(cur)) cur.splice(key as number, 1);
      else delete cur[key as string];
      break;
    }
    case 'unicode': {
      const strings = spots.filter((s) => typeof s.value === 'string');
      setAt(record, rng.pick(strings).path, rng.pick(['\u0000', '\ud800', 'é\u0301', '\u202e', '<img src=x onerror=alert(1)>', '"; DROP TABLE', '\u2028\u2029', '🙂'.repeat(1000)]));
      break;
    }
    case 'empty': {
      const text = rng.pick(['', '\n', '[]', '{}', 'null', '\ufeff']);
      return target === questions ? { questions: text, answers: lines(answers) } : { questions: lines(questions), answers: text };
    }
  }
  return { questions: lines(questions), answers: lines(answers) };
}

/** What the stored pack must say, read from the files with plain JSON.parse (the last of duplicate keys wins, as JSON.parse reads them). */
function canonical(v: unknown): string {
  // a number beyond a double (1e400) is infinity to Python's json and to JSON.parse alike
  return JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'number' && !Number.isFinite(x)
      ? String(x)
      : x !== null && typeof x === 'object' && !Array.isArray(x)
        ? Object.fromEntries(Object.entries(x as object).sort(([a], [b]) => (a < b ? -1 : 1)))
        : x,
  );
}

function expectedOf(questions: string, answers: string): string {
  const qs = questions
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, Json>);
  const as = new Map(
    answers
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Record<string, Json>)
      .map((a) => [a.id as string, a.ground_truth]),
  );
  return canonical(
    qs.map((q) => ({
      id: q.id,
      question: ((q.question as Json[][])[0] as { role: string; content: string }[]).filter((m) => m.role === 'user').at(-1)?.content,
      tools: q.function,
      possibleAnswer: as.get(q.id as string),
    })),
  );
}

export type ImportOutcome = 'exact' | 'refused' | 'altered';

export async function importOnce(questions: string, answers: string, n: number): Promise<{ outcome: ImportOutcome; detail: string }> {
  const db = new AppDB(`fuzz-${n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  try {
    await importBfclFiles(db, [
      { name: 'BFCL_v4_simple_python.json', text: questions },
      { name: 'possible_answer/BFCL_v4_simple_python.json', text: answers },
    ]);
  } catch (e) {
    return { outcome: 'refused', detail: (e as Error).message.slice(0, 120) };
  }
  const [row] = await db.packs.toArray();
  const pack = row ? rowToPack(row) : null;
  const stored = pack
    ? canonical(pack.items.map((i) => ({ id: i.id, question: i.question, tools: toPlain(i.tools as unknown as PyValue), possibleAnswer: toPlain(i.possibleAnswer as unknown as PyValue) })))
    : '';
  let expected: string;
  try {
    expected = expectedOf(questions, answers);
  } catch (e) {
    return { outcome: 'altered', detail: `stored a file plain JSON cannot read: ${(e as Error).message.slice(0, 80)}` };
  }
  db.close();
  if (stored === expected) return { outcome: 'exact', detail: '' };
  let i = 0;
  while (stored[i] === expected[i]) i++;
  return { outcome: 'altered', detail: `stored …${stored.slice(Math.max(0, i - 40), i + 60)}… file …${expected.slice(Math.max(0, i - 40), i + 60)}…` };
}

export async function importFuzz(count: number, seed: number, log: (line: string) => void = () => undefined): Promise<Record<Corruption, Record<ImportOutcome, number>>> {
  const rng = new Rng(`imports:${seed}`);
  const figures = Object.fromEntries(CORRUPTIONS.map((c) => [c, { exact: 0, refused: 0, altered: 0 }])) as Record<Corruption, Record<ImportOutcome, number>>;
  for (let n = 0; n < count; n++) {
    const kind = CORRUPTIONS[n % CORRUPTIONS.length] as Corruption;
    const { questions, answers } = corrupt(rng, kind);
    const { outcome, detail } = await importOnce(questions, answers, n);
    figures[kind][outcome]++;
    if (outcome === 'altered') log(`altered (${kind}): ${detail}`);
  }
  return figures;
}
