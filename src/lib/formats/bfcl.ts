/** Reading BFCL question / possible-answer records into typed samples. */
import { isDict, type PyDict, type PyValue } from '../core/pyvalue';
import { type FunctionSchema, type PossibleAnswer, toPossibleAnswers } from '../scoring/bfcl-ast';
import { FormatError } from './jsonl';

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
  const params = asDict(d.parameters);
  if (!params) throw new FormatError(record, `${where}.parameters`, 'expected an object');
  const props = asDict(params.properties);
  if (!props) throw new FormatError(record, `${where}.parameters.properties`, 'expected an object');
  for (const [name, p] of Object.entries(props)) {
    const pd = asDict(p);
    if (!pd || typeof pd.type !== 'string') throw new FormatError(record, `${where}.parameters.properties.${name}.type`, 'expected a string');
  }
  const required = params.required ?? [];
  if (!Array.isArray(required) || required.some((r) => typeof r !== 'string')) {
    throw new FormatError(record, `${where}.parameters.required`, 'expected a list of strings');
  }
  return d as unknown as FunctionSchema;
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
