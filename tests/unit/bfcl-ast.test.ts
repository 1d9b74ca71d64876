import { describe, expect, it } from 'vitest';
import type { PyValue } from '../../src/lib/core/pyvalue';
import { readFunctionSchema } from '../../src/lib/formats/bfcl';
import { decodeBfclPython } from '../../src/lib/parsing/bfcl-python';
import { parseJsonValue } from '../../src/lib/parsing/json-value';
import { checkBfclSample, classifyError, standardize, toPossibleAnswers } from '../../src/lib/scoring/bfcl-ast';
import { type FunctionSchema } from '../../src/lib/core/schema';

const fn = (json: string): FunctionSchema => readFunctionSchema(parseJsonValue(json), 'test', 'function');
const answers = (json: string) => toPossibleAnswers(parseJsonValue(json) as PyValue);

const AREA = fn(`{"name": "area", "parameters": {"type": "dict", "properties": {
  "base": {"type": "integer"}, "height": {"type": "float"}, "unit": {"type": "string"},
  "tags": {"type": "array", "items": {"type": "string"}}, "dims": {"type": "tuple", "items": {"type": "integer"}},
  "opts": {"type": "dict", "properties": {}}}, "required": ["base", "height"]}}`);
const AREA_ANSWER = answers(`[{"area": {"base": [10], "height": [5.0], "unit": ["units", ""], "tags": [["a", "b"], ""],
  "dims": [[1, 2], ""], "opts": [{"fast": [true], "mode": ["x", ""]}, ""]}}]`);

const check = (category: string, out: string, functions = [AREA], pa = AREA_ANSWER) => checkBfclSample(category, functions, pa, decodeBfclPython(out));

describe('BFCL AST checker, single calls', () => {
  it.each([
    ['[area(base=10, height=5.0)]', null],
    ['[area(base=10, height=5)]', null], // int accepted for float
    ['[area(base=10.0, height=5)]', 'type_error:simple'], // float refused for integer
    ['[area(base=True, height=5)]', 'type_error:simple'], // bool is not int
    ['[area(base=10, height=5, unit="UNITS")]', null], // case-insensitive
    ['[area(base=10, height=5, unit="u-n_i.t s")]', null], // ` ,./-_*^` ignored
    ['[area(base=10, height=5, unit="units!")]', 'value_error:string'],
    ['[area(base=10, height=5, unit="")]', null], // "" is an allowed value
    ['[area(base=10)]', 'simple_function_checker:missing_required'],
    ['[area(base=10, height=5, color="red")]', 'simple_function_checker:unexpected_param'],
    ['[area(base=11, height=5)]', 'value_error:others'],
    ['[area(base=10, height=5, tags=["A", "b"])]', null],
    ['[area(base=10, height=5, tags=["b", "a"])]', 'value_error:list/tuple'], // order matters
    ['[area(base=10, height=5, tags=("a", "b"))]', 'type_error:simple'], // a tuple is not an array
    ['[area(base=10, height=5, dims=(1, 2))]', null], // but is a tuple
    ['[area(base=10, height=5, opts={"fast": True})]', null],
    ['[area(base=10, height=5, opts={"fast": True, "other": 1})]', 'value_error:dict_key'],
    ['[area(base=10, height=5, opts={"mode": "x"})]', 'value_error:dict_key'], // required key missing
    ['[area(base=10, height=5, opts={"fast": False})]', 'value_error:dict_value'],
    ['[areas(base=10, height=5)]', 'simple_function_checker:wrong_func_name'],
    ['[area(base=10, height=5), area(base=10, height=5)]', 'simple_function_checker:wrong_count'],
    ['area(base=10, height=5) is my answer', 'ast_decoder:decoder_failed'],
  ])('simple: %s → %s', (out, errorType) => {
    const r = check('simple_python', out);
    expect(r.errorType).toBe(errorType);
    expect(r.valid).toBe(errorType === null);
  });

  it('reports the first failing parameter in output order', () => {
    expect(check('simple', '[area(base=10, height=5, unit="x", color="red")]').errorType).toBe('value_error:string');
    expect(check('simple', '[area(base=10, height=5, color="red", unit="x")]').errorType).toBe('simple_function_checker:unexpected_param');
  });

  it('requires a parameter the answer lists without "" (missing_optional)', () => {
    const pa = answers('[{"area": {"base": [10], "height": [5.0], "unit": ["cm"]}}]');
    expect(check('simple', '[area(base=10, height=5)]', [AREA], pa).errorType).toBe('simple_function_checker:missing_optional');
  });

  it('accepts "variables": an allowed value of another type than the schema is compared exactly', () => {
    const pa = answers('[{"area": {"base": ["n"], "height": [5.0]}}]');
    expect(check('simple', '[area(base="n", height=5)]', [AREA], pa).valid).toBe(true);
    expect(check('simple', '[area(base="N", height=5)]', [AREA], pa).errorType).toBe('value_error:others');
  });
});

describe('BFCL AST checker, categories', () => {
  const G = fn('{"name": "g", "parameters": {"type": "dict", "properties": {"x": {"type": "integer"}}, "required": ["x"]}}');
  const H = fn('{"name": "h", "parameters": {"type": "dict", "properties": {"y": {"type": "string"}}, "required": ["y"]}}');

  it('multiple: the one expected call, any offered function may be called', () => {
    const pa = answers('[{"h": {"y": ["a"]}}]');
    expect(check('multiple', '[h(y="a")]', [G, H], pa).valid).toBe(true);
    expect(check('live_multiple', '[g(x=1)]', [G, H], pa).errorType).toBe('simple_function_checker:wrong_func_name');
    expect(check('multiple', '[h(y="a"), g(x=1)]', [G, H], pa).errorType).toBe('multiple_function_checker:wrong_count');
  });

  it('parallel: order-free, first-come matching without backtracking', () => {
    const pa = answers('[{"g": {"x": [1, 2]}}, {"g": {"x": [1]}}]');
    expect(check('parallel', '[g(x=2), g(x=1)]', [G], pa).valid).toBe(true);
    // the first expected call takes x=1, leaving x=2 for the second, which only allows 1
    expect(check('parallel', '[g(x=1), g(x=2)]', [G], pa).errorType).toBe('parallel_function_checker_no_order:cannot_find_match');
    expect(check('parallel_multiple', '[g(x=1)]', [G], pa).errorType).toBe('parallel_function_checker_no_order:wrong_count');
  });

  it('irrelevance: valid unless the output decodes to at least one call', () => {
    expect(check('irrelevance', 'I cannot help with that.', [G], null).valid).toBe(true);
    expect(check('irrelevance', '[]', [G], null).valid).toBe(true);
    expect(check('irrelevance', '```python\n[g(x=1)]\n```', [G], null).valid).toBe(true); // the fence breaks decoding
    expect(check('live_irrelevance', 'g(x=1)', [G], null).errorType).toBe('irrelevance_error:decoder_success');
  });

  it('maps BFCL errors onto the robustness paper classes', () => {
    const pa = answers('[{"g": {"x": [1]}}, {"h": {"y": ["a"]}}]');
    const classOf = (out: string) => {
      const d = decodeBfclPython(out);
      return classifyError(checkBfclSample('parallel', [G, H], pa, d), d.ok ? d.calls : null, pa);
    };
    expect(classOf('[g(x=1), h(y="a")]')).toBeNull();
    expect(classOf('g(x=1) and h')).toBe('wrong_syntax');
    expect(classOf('[g(x=1)]')).toBe('wrong_count');
    expect(classOf('[g(x=1), g(x=1)]')).toBe('wrong_function');
    expect(classOf('[g(x=2), h(y="a")]')).toBe('wrong_parameter');
  });
});

describe('string standardization', () => {
  it('matches BFCL: case, ` ,./-_*^`, and single quotes', () => {
    expect(standardize("New York, N.Y. 'x'")).toBe('newyorkny"x"');
    expect(standardize('a\tb!')).toBe('a\tb!');
  });
});
