/**
 * BFCL-compatible AST checking: the same verdicts and `error_type` strings as
 * BFCL's `ast_checker` for the Python categories (simple, multiple, parallel,
 * parallel_multiple, their live_ variants) and the irrelevance rule.
 *
 * Structure: a category picks a *call matcher* (simple / multiple / parallel);
 * every matcher checks single calls with `checkCall`, which checks each
 * parameter with the rule for its schema type.
 */
import { isDict, isPyInt, newDict, PyFloat, pyIn, pyRepr, PyTuple, pyType, type PyDict, type PyTypeName, type PyValue } from '../core/pyvalue';
import type { ParseResult } from '../parsing/parse-result';
import type { Call } from '../core/calls';
import type { FunctionSchema, ParamSchema, PossibleAnswer } from '../core/schema';

type BfclErrorType =
  | 'ast_decoder:decoder_failed'
  | 'irrelevance_error:decoder_success'
  | 'simple_function_checker:wrong_count'
  | 'simple_function_checker:wrong_func_name'
  | 'simple_function_checker:missing_required'
  | 'simple_function_checker:unexpected_param'
  | 'simple_function_checker:missing_optional'
  | 'multiple_function_checker:wrong_count'
  | 'parallel_function_checker_no_order:wrong_count'
  | 'parallel_function_checker_no_order:cannot_find_match'
  | 'type_error:simple'
  | 'type_error:nested'
  | 'value_error:string'
  | 'value_error:list/tuple'
  | 'value_error:dict_key'
  | 'value_error:dict_value'
  | 'value_error:list_dict_count'
  | 'value_error:others'
  | 'dict_checker:unclear'
  | 'list_dict_checker:unclear'
  | 'schema_error:unsupported_type';

/** The robustness paper's error classes, derived from BFCL's error types. */
export type ErrorClass = 'wrong_syntax' | 'wrong_function' | 'wrong_count' | 'wrong_parameter' | 'unwanted_call';

export interface CheckResult {
  valid: boolean;
  errorType: BfclErrorType | null;
}

const VALID: CheckResult = { valid: true, errorType: null };
const invalid = (errorType: BfclErrorType): CheckResult => ({ valid: false, errorType });

const PYTHON_TYPES: Record<string, PyTypeName> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  any: 'str',
};

// ------------------------------------------------------------------ categories

type CallMatcher = (functions: FunctionSchema[], calls: Call[], answers: PossibleAnswer[]) => CheckResult;

function isIrrelevanceCategory(category: string): boolean {
  return category.includes('irrelevance');
}

/** BFCL chooses the matcher from the category *name*: 'parallel' wins over 'multiple'. */
function matcherFor(category: string): CallMatcher {
  if (category.includes('parallel')) return matchParallel;
  if (category.includes('multiple')) return matchMultiple;
  return matchSimple;
}

/** Score a decoded output for one BFCL sample. */
export function checkBfclSample(category: string, functions: FunctionSchema[], answers: PossibleAnswer[] | null, decoded: ParseResult): CheckResult {
  if (isIrrelevanceCategory(category)) {
    return decoded.ok && decoded.calls.length > 0 ? invalid('irrelevance_error:decoder_success') : VALID;
  }
  if (!decoded.ok) return invalid('ast_decoder:decoder_failed');
  return matcherFor(category)(functions, decoded.calls, answers ?? []);
}

const matchSimple: CallMatcher = (functions, calls, answers) => {
  if (calls.length !== 1) return invalid('simple_function_checker:wrong_count');
  const fn = functions[0];
  const answer = answers[0];
  if (!fn || !answer) return invalid('simple_function_checker:wrong_func_name');
  return checkCall(fn, calls[0] as Call, answer);
};

const matchMultiple: CallMatcher = (functions, calls, answers) => {
  if (calls.length !== answers.length) return invalid('multiple_function_checker:wrong_count');
  const answer = answers[0];
  const fn = answer && findFunction(functions, answerName(answer));
  if (!answer || !fn) return invalid('simple_function_checker:wrong_func_name');
  return checkCall(fn, calls[0] as Call, answer);
};

/** First-come matching with no backtracking, exactly as BFCL does it. */
const matchParallel: CallMatcher = (functions, calls, answers) => {
  if (calls.length !== answers.length) return invalid('parallel_function_checker_no_order:wrong_count');
  const used = new Array<boolean>(calls.length).fill(false);
  for (const answer of answers) {
    const fn = findFunction(functions, answerName(answer));
    let found = false;
    if (fn) {
      for (let j = 0; j < calls.length; j++) {
        if (used[j]) continue;
        if (checkCall(fn, calls[j] as Call, answer).valid) {
          used[j] = true;
          found = true;
          break;
        }
      }
    }
    if (!found) return invalid('parallel_function_checker_no_order:cannot_find_match');
  }
  return VALID;
};

function answerName(answer: PossibleAnswer): string {
  for (const k in answer) return k;
  return '';
}

function findFunction(functions: FunctionSchema[], name: string): FunctionSchema | undefined {
  return functions.find((f) => f.name === name);
}

// ------------------------------------------------------------------ one call

/** BFCL's `simple_function_checker`. */
export function checkCall(fn: FunctionSchema, call: Call, answer: PossibleAnswer): CheckResult {
  const allowedByParam = answer[answerName(answer)] ?? {};
  if (call.name !== fn.name) return invalid('simple_function_checker:wrong_func_name');
  const properties = fn.parameters.properties;
  const args = call.args;
  for (const param of fn.parameters.required ?? []) {
    if (!(param in args)) return invalid('simple_function_checker:missing_required');
  }
  for (const param in args) {
    if (!Object.hasOwn(properties, param) || !Object.hasOwn(allowedByParam, param)) return invalid('simple_function_checker:unexpected_param');
    const result = checkParam(properties[param] as ParamSchema, args[param] as PyValue, allowedByParam[param] as PyValue[]);
    if (!result.valid) return result;
  }
  for (const param in allowedByParam) {
    if (!(param in args) && !pyIn('', allowedByParam[param] as PyValue[])) return invalid('simple_function_checker:missing_optional');
  }
  return VALID;
}

function checkParam(schema: ParamSchema, given: PyValue, allowed: PyValue[]): CheckResult {
  const expected = PYTHON_TYPES[schema.type];
  if (!expected) return invalid('schema_error:unsupported_type');
  let nested: PyTypeName | null = null;
  if (schema.type === 'array' || schema.type === 'tuple') {
    nested = PYTHON_TYPES[schema.items?.type ?? ''] ?? null;
    if (!nested) return invalid('schema_error:unsupported_type');
  }
  let value = given;
  if (schema.type === 'tuple' && value instanceof PyTuple) value = value.items;
  if (schema.type === 'float' && isPyInt(value)) value = new PyFloat(Number(value));

  const typed = checkType(value, allowed, expected, nested);
  if (!typed.valid) return invalid(typed.errorType);
  if (!typed.isVariable) {
    if (expected === 'dict') return checkDict(value as PyDict, allowed);
    if (expected === 'list' && nested === 'dict') return checkListOfDicts(value as PyValue[], allowed);
    if (expected === 'str') return pyIn(standardize(value as string), standardizeAll(allowed)) ? VALID : invalid('value_error:string');
    if (expected === 'list') return checkList(value as PyValue[], allowed);
  }
  return pyIn(value, allowed) ? VALID : invalid('value_error:others');
}

type TypeCheck = { valid: true; isVariable: boolean } | { valid: false; errorType: 'type_error:simple' | 'type_error:nested' };

function possibleAnswerType(allowed: PyValue[]): PyTypeName | null {
  for (const a of allowed) if (a !== '') return pyType(a);
  return null;
}

/**
 * BFCL's `type_checker`. A "variable" is an allowed value whose type differs
 * from the schema's (e.g. a string for an integer); values of that type pass
 * and are compared exactly.
 */
function checkType(value: PyValue, allowed: PyValue[], expected: PyTypeName, nested: PyTypeName | null): TypeCheck {
  const answerType = possibleAnswerType(allowed);
  const isVariable = answerType !== null && answerType !== expected;
  const actual = pyType(value);
  if (actual === expected) {
    if (nested === null) return { valid: true, isVariable };
    for (const item of allowed) {
      if (!Array.isArray(item) || (value as PyValue[]).every((v) => checkType(v, item, nested, null).valid)) return { valid: true, isVariable };
    }
    return { valid: false, errorType: answerType !== null && actual === answerType ? 'type_error:nested' : 'type_error:simple' };
  }
  if (answerType !== null && actual === answerType) return { valid: true, isVariable: true };
  return { valid: false, errorType: 'type_error:simple' };
}

// ------------------------------------------------------------------ values

const STANDARDIZE = /[ ,./\-_*^]/g;
const NEEDS_STANDARDIZING = /[ ,./\-_*^'A-Z\u0080-\uffff]/;

/** Lower-case, drop ` ,./-_*^`, and read `'` as `"` (BFCL's standardize_string). */
export function standardize(s: string): string {
  if (!NEEDS_STANDARDIZING.test(s)) return s;
  return s.replace(STANDARDIZE, '').toLowerCase().replaceAll("'", '"');
}

// Allowed-value lists belong to a sample and are checked against many outputs: standardize them once.
const standardizedStrings = new WeakMap<PyValue[], PyValue[]>();

function standardizeAll(values: PyValue[]): PyValue[] {
  let out = standardizedStrings.get(values);
  if (!out) {
    out = [];
    for (const v of values) if (typeof v === 'string') out.push(standardize(v));
    standardizedStrings.set(values, out);
  }
  return out;
}

function standardizeStrings(values: readonly PyValue[]): PyValue[] {
  return values.map((v) => (typeof v === 'string' ? standardize(v) : v));
}

function checkList(value: PyValue[], allowed: PyValue[]): CheckResult {
  const given = standardizeStrings(value);
  for (const option of allowed) {
    // BFCL iterates each allowed option by index, so a string option acts as a list of its characters
    const items = Array.isArray(option) ? option : typeof option === 'string' ? Array.from(option) : null;
    if (items && pyIn(given, [standardizeStrings(items)])) return VALID;
  }
  return invalid('value_error:list/tuple');
}

/** BFCL's dict_checker: every given key must be allowed; every non-optional key must be given. */
function checkDict(value: PyDict, allowed: PyValue[]): CheckResult {
  let result = invalid('dict_checker:unclear');
  for (const option of allowed) {
    if (option === '') continue;
    if (option === null || !isDict(option)) continue;
    result = invalid('dict_checker:unclear');
    let ok = true;
    for (const key in value) {
      if (!Object.hasOwn(option, key)) {
        result = invalid('value_error:dict_key');
        ok = false;
        break;
      }
      const v = value[key] as PyValue;
      const given = typeof v === 'string' ? standardize(v) : v;
      const options = option[key];
      if (!pyIn(given, Array.isArray(options) ? standardizeStrings(options) : [])) {
        result = invalid('value_error:dict_value');
        ok = false;
        break;
      }
    }
    // BFCL runs this second pass even after a failure above, so it can overwrite the error type
    for (const key in option) {
      const options = option[key];
      if (!Object.hasOwn(value, key) && !(Array.isArray(options) && pyIn('', options))) {
        result = invalid('value_error:dict_key');
        ok = false;
        break;
      }
    }
    if (ok) return VALID;
  }
  return result;
}

function checkListOfDicts(value: PyValue[], allowed: PyValue[]): CheckResult {
  let result = invalid('list_dict_checker:unclear');
  for (const option of allowed) {
    const items: PyValue[] = Array.isArray(option) ? option : typeof option === 'string' ? Array.from(option) : [];
    if (value.length !== items.length) {
      result = invalid('value_error:list_dict_count');
      continue;
    }
    let ok = true;
    for (let j = 0; j < value.length; j++) {
      const item = value[j] as PyValue;
      result = item !== null && isDict(item) ? checkDict(item, [items[j] as PyValue]) : invalid('value_error:dict_value');
      if (!result.valid) {
        ok = false;
        break;
      }
    }
    if (ok) return VALID;
  }
  return result;
}

// ------------------------------------------------------------------ taxonomy

/** Map BFCL's error type (plus what the output called) to the robustness paper's classes. */
export function classifyError(result: CheckResult, calls: Call[] | null, answers: PossibleAnswer[] | null): ErrorClass | null {
  const t = result.errorType;
  if (result.valid || t === null) return null;
  if (t === 'ast_decoder:decoder_failed') return 'wrong_syntax';
  if (t === 'irrelevance_error:decoder_success') return 'unwanted_call';
  if (t.endsWith(':wrong_count')) return 'wrong_count';
  if (t === 'simple_function_checker:wrong_func_name') return 'wrong_function';
  if (t === 'parallel_function_checker_no_order:cannot_find_match' && calls && answers) {
    const called = calls
      .map((c) => c.name)
      .sort()
      .join('\n');
    const expected = answers.map(answerName).sort().join('\n');
    return called === expected ? 'wrong_parameter' : 'wrong_function';
  }
  return 'wrong_parameter';
}

/** Converts a possible-answer value read from BFCL JSON into the typed shape. */
export function toPossibleAnswers(value: PyValue): PossibleAnswer[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((entry) => {
    const out: PossibleAnswer = newDict() as unknown as PossibleAnswer;
    if (entry !== null && isDict(entry)) {
      for (const name in entry) {
        const params = entry[name];
        const typed: Record<string, PyValue[]> = newDict() as unknown as Record<string, PyValue[]>;
        if (params !== null && params !== undefined && isDict(params)) {
          for (const p in params) {
            const allowed = params[p] as PyValue;
            typed[p] = Array.isArray(allowed) ? allowed : [allowed];
          }
        }
        out[name] = typed;
      }
    }
    return out;
  });
}

// ------------------------------------------------------------------ ground truth as calls

/** The possible answer as a reader checks it: one call per line, each parameter with every value it accepts ("" = may be left out). */
export function possibleAnswerText(answers: readonly PossibleAnswer[]): string {
  if (answers.length === 0) return '(no call: the request should be declined)';
  return answers
    .map((answer) => {
      const name = answerName(answer);
      const params = Object.entries(answer[name] ?? {}).map(([p, allowed]) => {
        const values = allowed.map((v) => (v === '' ? '(omitted)' : pyRepr(v)));
        return `${p}=${values.length === 1 ? values[0] : `{${values.join(' | ')}}`}`;
      });
      return `${name}(${params.join(', ')})`;
    })
    .join('\n');
}

/**
 * One output that satisfies the possible answer: each parameter at its first
 * allowed value; a parameter whose first allowed value is "" is left out unless
 * the schema requires it (then its first real value is used).
 */
export function canonicalCalls(answers: readonly PossibleAnswer[], functions: readonly FunctionSchema[]): Call[] {
  return answers.map((answer) => {
    const name = answerName(answer);
    const required = new Set(findFunction(functions as FunctionSchema[], name)?.parameters.required ?? []);
    const args = newDict();
    const allowedByParam = answer[name] ?? {};
    for (const param of Object.keys(allowedByParam)) {
      const allowed = allowedByParam[param] as PyValue[];
      const first = allowed.find((v) => v !== '');
      if (first === undefined || (allowed[0] === '' && !required.has(param))) continue;
      args[param] = canonicalValue(first);
    }
    return { name, args };
  });
}

/** Dict-valued answers list options per key ({key: [options]}); take the first non-"" option of each. */
function canonicalValue(v: PyValue): PyValue {
  if (v !== null && isDict(v)) {
    const out = newDict();
    for (const key of Object.keys(v)) {
      const options = v[key];
      if (!Array.isArray(options)) {
        out[key] = options as PyValue;
        continue;
      }
      const first = options.find((o) => o !== '');
      if (first !== undefined && options[0] !== '') out[key] = canonicalValue(first);
    }
    return out;
  }
  if (Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && isDict(x))) return v.map(canonicalValue);
  return v;
}
