/** Reading BFCL question / possible-answer records into typed samples. */
import { MAX_TEXT_CHARS, tooLongAt } from './nesting';
import { isDict, pyRepr, type PyDict, type PyValue } from '../core/pyvalue';
import type { Pack, PackItem } from '../core/types';
import { toPossibleAnswers } from '../scoring/bfcl-ast';
import { type FunctionSchema, type PossibleAnswer } from '../core/schema';
import { FormatError, readRecords } from './jsonl';

export interface BfclSample {
  id: string;
  category: string;
  functions: FunctionSchema[];
  /** null for irrelevance samples */
  possibleAnswer: PossibleAnswer[] | null;
}

const asDict = (v: PyValue | undefined): PyDict | null => (v !== undefined && v !== null && isDict(v) ? v : null);

/** Validates one function schema; throws FormatError naming the field. */
export function readFunctionSchema(v: PyValue, record: string, where: string): FunctionSchema {
  const d = asDict(v);
  if (!d) throw new FormatError(record, where, 'expected an object');
  if (typeof d.name !== 'string' || d.name === '') throw new FormatError(record, `${where}.name`, 'expected a non-empty string');
  optionalString(d, 'description', record, where);
  const params = asDict(d.parameters);
  if (!params) throw new FormatError(record, `${where}.parameters`, 'expected an object');
  if (typeof params.type !== 'string') throw new FormatError(record, `${where}.parameters.type`, 'expected a string');
  checkProperties(params.properties, record, `${where}.parameters.properties`);
  const required = params.required ?? [];
  if (!Array.isArray(required) || required.some((r) => typeof r !== 'string')) {
    throw new FormatError(record, `${where}.parameters.required`, 'expected a list of strings');
  }
  return d as unknown as FunctionSchema;
}

function optionalString(d: PyDict, field: string, record: string, where: string): void {
  if (d[field] !== undefined && typeof d[field] !== 'string') throw new FormatError(record, `${where}.${field}`, `expected a string, got ${pyRepr(d[field] as PyValue)}`);
}

/** Parameter schemas, nested ones included (bounded: JSON nesting is at most 512 deep). */
function checkProperties(v: PyValue | undefined, record: string, where: string): void {
  const props = asDict(v);
  if (!props) throw new FormatError(record, where, 'expected an object');
  for (const [name, p] of Object.entries(props)) {
    const at = `${where}.${name}`;
    const pd = asDict(p);
    if (!pd || typeof pd.type !== 'string') throw new FormatError(record, `${at}.type`, 'expected a string');
    optionalString(pd, 'description', record, at);
    if (pd.enum !== undefined && !Array.isArray(pd.enum)) throw new FormatError(record, `${at}.enum`, 'expected a list');
    if (pd.items !== undefined) {
      const items = asDict(pd.items);
      if (!items) throw new FormatError(record, `${at}.items`, 'expected an object');
      if (items.type !== undefined && typeof items.type !== 'string') throw new FormatError(record, `${at}.items.type`, 'expected a string');
    }
    if (pd.properties !== undefined) checkProperties(pd.properties, record, `${at}.properties`);
  }
}

/** The parity corpus's samples.jsonl record: sample_id, category, functions, possible_answer. */
export function readBfclParitySample(v: PyValue, record: string): BfclSample {
  const d = asDict(v);
  if (!d) throw new FormatError(record, '(record)', 'expected an object');
  if (typeof d.sample_id !== 'string') throw new FormatError(record, 'sample_id', 'expected a string');
  if (typeof d.category !== 'string') throw new FormatError(record, 'category', 'expected a string');
  if (!Array.isArray(d.functions)) throw new FormatError(record, 'functions', 'expected a list');
  const functions = d.functions.map((f, i) => readFunctionSchema(f, record, `functions[${i}]`));
  const pa = d.possible_answer ?? null;
  if (pa !== null && !Array.isArray(pa)) throw new FormatError(record, 'possible_answer', 'expected a list or null');
  return { id: d.sample_id, category: d.category, functions, possibleAnswer: pa === null ? null : toPossibleAnswers(pa) };
}

/** BFCL derives the category from the id: `live_simple_3-2-0` → `live_simple`. */
function bfclCategory(id: string): string {
  return id.replace(/_[\d-]+$/, '');
}

/** A BFCL data file: JSON Lines (as published) or one JSON array. */

function lastUserContent(question: PyValue | undefined, record: string): string {
  const turns = Array.isArray(question) ? question : null;
  const first = turns && Array.isArray(turns[0]) ? (turns[0] as PyValue[]) : turns;
  if (!first) throw new FormatError(record, 'question', 'expected a list of turns of messages');
  for (let i = first.length - 1; i >= 0; i--) {
    const m = asDict(first[i]);
    if (m && m.role === 'user' && typeof m.content === 'string') return m.content;
  }
  throw new FormatError(record, 'question[0]', 'no user message');
}

export interface BfclFiles {
  name: string;
  /** question file: {id, question, function} per line */
  questions: string;
  questionsSource?: string;
  /** possible-answer file: {id, ground_truth} per line; may be absent for irrelevance files */
  answers?: string | null;
  answersSource?: string;
  /** told which file is being read and how far (for big imports) */
  onProgress?: (file: string, fraction: number) => void;
}

/** The question file and its possible-answer file among the files given (told apart by their records), or what is missing. */
export function bfclFilesOf(files: readonly { name: string; text: string }[]): BfclFiles | string {
  if (files.length > 2) return `Give two files, the questions and their possible answers (${files.length} were given).`;
  const holdsAnswers = (f: { text: string }) => f.text.includes('"ground_truth"');
  const holdsQuestions = (f: { text: string }) => f.text.includes('"question"');
  // each file by what it holds; a broken one (empty, cut) takes the role the other leaves
  let answers = files.find((f) => holdsAnswers(f) && !holdsQuestions(f));
  let questions = files.find((f) => f !== answers && holdsQuestions(f));
  const other = files.find((f) => f !== answers && f !== questions);
  if (other && !answers && questions) answers = other;
  if (other && !questions) questions = other;
  if (!questions) return 'Give the question file (and its possible-answer file, except for irrelevance categories).';
  // BFCL names both files alike (the answers sit in possible_answer/): messages must still say which
  const same = answers !== undefined && answers.name === questions.name;
  return {
    name: questions.name.replace(/\.(json|jsonl)$/, ''),
    questions: questions.text,
    questionsSource: same ? `${questions.name} (questions)` : questions.name,
    answers: answers?.text ?? null,
    answersSource: answers ? (same ? `${answers.name} (possible answers)` : answers.name) : undefined,
  };
}

/** Validates everything before returning: a bad record throws FormatError naming the record and field. */
function refuseLongTexts(record: PyDict, where: string): void {
  const long = tooLongAt(record, MAX_TEXT_CHARS);
  if (long) throw new FormatError(where, long.path.slice(0, 80), `a text of ${long.length.toLocaleString('en-US')} characters: more than ${MAX_TEXT_CHARS.toLocaleString('en-US')} is refused`);
}

export function readBfclPack(files: BfclFiles, createdAt = Date.now()): Pack {
  const qSource = files.questionsSource ?? 'question file';
  const aSource = files.answersSource ?? 'possible-answer file';
  const answers = new Map<string, PyValue>();
  if (files.answers) {
    readRecords(files.answers, aSource, (f) => files.onProgress?.(aSource, f)).forEach((v, i) => {
      const d = asDict(v);
      const record = `${aSource} record ${i + 1}`;
      if (!d || typeof d.id !== 'string') throw new FormatError(record, 'id', 'expected a string');
      refuseLongTexts(d, `${record} (${d.id})`);
      checkGroundTruth(d.ground_truth ?? null, `${record} (${d.id})`);
      if (answers.has(d.id)) throw new FormatError(`${record} (${d.id})`, 'id', 'duplicate id: a second possible answer for the same question');
      answers.set(d.id, d.ground_truth ?? null);
    });
    if (answers.size === 0) throw new FormatError(aSource, '(file)', 'no records');
  }
  const items: PackItem[] = [];
  const tools = new Map<string, PackItem['tools'][number]>();
  const ids = new Set<string>();
  readRecords(files.questions, qSource, (f) => files.onProgress?.(qSource, f)).forEach((v, i) => {
    const d = asDict(v);
    let record = `${qSource} record ${i + 1}`;
    if (!d || typeof d.id !== 'string') throw new FormatError(record, 'id', 'expected a string');
    refuseLongTexts(d, `${record} (${d.id})`);
    record += ` (${d.id})`;
    if (ids.has(d.id)) throw new FormatError(record, 'id', 'duplicate id');
    ids.add(d.id);
    const category = bfclCategory(d.id);
    // an irrelevance record may offer no function at all
    if (!Array.isArray(d.function) || (d.function.length === 0 && !category.includes('irrelevance'))) {
      throw new FormatError(record, 'function', 'expected a non-empty list of function schemas');
    }
    const functions = d.function.map((f, k) => readFunctionSchema(f, record, `function[${k}]`));
    const gt = answers.get(d.id);
    if (gt === undefined && !category.includes('irrelevance')) throw new FormatError(record, 'ground_truth', `${aSource} has no possible answer with id ${d.id}`);
    const possibleAnswer = gt === undefined ? [] : (toPossibleAnswers(gt) ?? []);
    possibleAnswer.forEach((a, k) => {
      const name = Object.keys(a)[0];
      if (!name || !functions.some((f) => f.name === name))
        throw new FormatError(record, `ground_truth[${k}]`, `the answer in ${aSource} names ${name ?? 'no function'}, which the record does not offer`);
    });
    for (const f of functions) if (!tools.has(f.name)) tools.set(f.name, f);
    items.push({ id: d.id, category, question: lastUserContent(d.question, record), tools: functions, possibleAnswer });
  });
  if (items.length === 0) throw new FormatError(qSource, '(file)', 'no records');
  // every answer must have its question: a question file cut short at a line would otherwise import fewer records silently
  const orphans = [...answers.keys()].filter((id) => !ids.has(id));
  if (orphans.length) {
    throw new FormatError(
      aSource,
      'id',
      `${orphans.length} possible answer${orphans.length === 1 ? ' has' : 's have'} no question in ${qSource} (${orphans.slice(0, 3).join(', ')}${orphans.length > 3 ? ', …' : ''}): is the question file complete?`,
    );
  }
  return {
    id: `bfcl:${files.name}`,
    name: files.name,
    source: 'bfcl',
    description: `${items.length} BFCL records (${[...new Set(items.map((i) => i.category))].join(', ')}), ${tools.size} distinct functions.`,
    createdAt,
    tools: [...tools.values()],
    items,
  };
}

/** BFCL's possible answers: a list of {function: {parameter: [every accepted value]}}; a bare value would be read as a one-value list by the scorer, so it is refused here. */
function checkGroundTruth(gt: PyValue, record: string): void {
  if (!Array.isArray(gt)) throw new FormatError(record, 'ground_truth', 'expected a list of calls');
  gt.forEach((call, k) => {
    const at = `ground_truth[${k}]`;
    if (call === null || !isDict(call) || Object.keys(call).length !== 1) throw new FormatError(record, at, 'expected {"function name": {parameter: [accepted values]}}');
    const [name, params] = Object.entries(call)[0] as [string, PyValue];
    if (params === null || !isDict(params)) throw new FormatError(record, `${at}.${name}`, 'expected an object of parameters');
    for (const [p, allowed] of Object.entries(params)) {
      if (!Array.isArray(allowed)) throw new FormatError(record, `${at}.${name}.${p}`, `expected a list of accepted values, got ${pyRepr(allowed)}`);
    }
  });
}
