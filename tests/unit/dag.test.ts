import { describe, expect, it } from 'vitest';
import { fromPlain, type PyDict } from '../../src/lib/core/pyvalue';
import type { Call } from '../../src/lib/core/calls';
import { parseJsonValue } from '../../src/lib/parsing/json-value';
import { levenshtein, matchString, matchValue, numbersMatch, pyFloatOf, round4, scoreDag } from '../../src/lib/scoring/dag';
import { type DagTask } from '../../src/lib/core/expected';

const call = (name: string, args: Record<string, unknown> = {}): Call => ({ name, args: fromPlain(args) as PyDict });
const step = (stepId: string, toolName: string, args: Record<string, unknown>, dependsOn: string[] = []) => ({ stepId, toolName, arguments: fromPlain(args) as PyDict, dependsOn, outputKey: null });

const CHAIN: DagTask = {
  taskId: 't1',
  level: 'L1_chain',
  steps: [step('step_1', 'get_weather', { city: 'Helsinki' }), step('step_2', 'unit_convert', { value: 30, from_unit: 'celsius', to_unit: 'fahrenheit' }, ['step_1'])],
};
const DAG: DagTask = {
  taskId: 't3',
  level: 'L3_dag',
  steps: [step('a', 'x', { n: 1 }), step('b', 'y', { n: 2 }), step('c', 'z', { n: 3 }, ['a', 'b'])],
};

describe('values', () => {
  it('string rule: exact, normalized, then Levenshtein similarity ≥ 0.85 with partial credit', () => {
    expect(matchString('Hello  World', ' hello world\n')).toBe(1);
    expect(matchString('abcdefghijklmnopqrst', 'abcdefghijklmnopq###')).toBe(0.85); // exactly 1 − 3/20 counts
    expect(matchString('abcdefghijklmnopqrst', 'abcdefghijklmnop####')).toBe(0);
    expect(matchString('abcdefghij', 'abcdefghiX')).toBeCloseTo(0.9, 12);
  });
  it('counts code points, not UTF-16 units', () => {
    expect(levenshtein('a🙂', 'a')).toBe(1);
    expect(matchString('abcdefghijklmnopqrs', 'abcdefghijklmnopqrs 🙂')).toBeCloseTo(1 - 2 / 21, 12);
  });
  it('numbers: relative 1e-4, numeric strings accepted as Python float() does', () => {
    expect(numbersMatch(30, 30.0015)).toBe(true);
    expect(numbersMatch(30, 30.15)).toBe(false);
    expect(numbersMatch(0, 0.00009)).toBe(true);
    expect(pyFloatOf(' 1_000 ')).toBe(1000);
    expect(pyFloatOf('0x10')).toBeNull();
    expect(matchValue(36, '36')).toBe(1);
    expect(matchValue(36, 'thirty-six')).toBe(0);
  });
  it('booleans by truthiness, lists with a length penalty, objects as Python repr', () => {
    expect(matchValue(true, 'false')).toBe(1); // a non-empty string is truthy in Python
    expect(matchValue(fromPlain([1, 2, 3]), fromPlain([1, 2]))).toBeCloseTo((2 / 3) * (2 / 3), 12);
    expect(matchValue("{'city': 'Chicago'}", fromPlain({ city: 'Chicago' }))).toBe(1);
    expect(matchValue('250.0', parseJsonValue('250.0'))).toBe(1);
    expect(matchValue('250', parseJsonValue('250.0'))).toBe(0); // str(250.0) is '250.0': similarity 0.6
  });
  it('rounds half to even like Python round(x, 4)', () => {
    expect(round4(0.03125)).toBe(0.0312);
    expect(round4(0.94166666)).toBe(0.9417);
  });
});

describe('task scores', () => {
  it('perfect chain', () => {
    const s = scoreDag(CHAIN, [call('get_weather', { city: 'Helsinki' }), call('unit_convert', { value: 30, from_unit: 'celsius', to_unit: 'fahrenheit' })]);
    expect([s.overall, s.errorType, s.dataFlowScore]).toEqual([1, null, 1]);
  });
  it('wrong order lowers the sequence score only, and is E3', () => {
    const s = scoreDag(CHAIN, [call('unit_convert', { value: 30, from_unit: 'celsius', to_unit: 'fahrenheit' }), call('get_weather', { city: 'Helsinki' })]);
    expect(s.toolSequenceScore).toBe(0.5);
    expect(s.overall).toBeCloseTo(0.4 * 0.5 + 0.35 + 0.25, 12);
    expect(s.errorType).toBe('E3_wrong_order');
  });
  it('tool names match case-insensitively but count as hallucinated (E6)', () => {
    const s = scoreDag(CHAIN, [call('GET_WEATHER', { city: 'Helsinki' }), call('unit_convert', { value: 30, from_unit: 'celsius', to_unit: 'fahrenheit' })]);
    expect(s.completenessScore).toBe(1);
    expect(s.toolSequenceScore).toBe(0.5);
    expect(s.errorType).toBe('E6_hallucinated_tool');
  });
  it('data flow drops only when a dependency is unmatched', () => {
    const s = scoreDag(DAG, [call('y', { n: 2 }), call('z', { n: 3 })]);
    expect(s.dataFlowScore).toBe(0);
    expect(s.errorType).toBe('E8_partial_completion');
    const placeholder = scoreDag(DAG, [call('x', { n: 1 }), call('y', { n: 2 }), call('z', { n: '{{step_a}}' })]);
    expect(placeholder.dataFlowScore).toBe(1);
    expect(placeholder.errorType).toBe('E4_wrong_arguments');
  });
  it('empty answer: E10, data flow 1 when there are no dependencies', () => {
    const l2: DagTask = { taskId: 't2', level: 'L2_parallel', steps: [step('a', 'x', {}), step('b', 'y', {})] };
    const s = scoreDag(l2, []);
    expect([s.overall, s.errorType, s.dataFlowScore]).toEqual([0.15, 'E10_format_error', 1]);
  });
  it('L0 is binary on argument score ≥ 0.85 and ignores extra calls', () => {
    const l0: DagTask = { taskId: 't0', level: 'L0_node', steps: [step('a', 'x', { n: 1, s: 'abc' })] };
    expect(scoreDag(l0, [call('x', { n: 1, s: 'abc' }), call('x', { n: 9 })]).overall).toBe(1);
    expect(scoreDag(l0, [call('x', { n: 2, s: 'abc' })]).overall).toBe(0);
  });
  it('greedy matching picks the best-scoring candidate, earliest on ties', () => {
    const twice: DagTask = { taskId: 't', level: 'L2_parallel', steps: [step('a', 'x', { n: 1 }), step('b', 'x', { n: 2 })] };
    const s = scoreDag(twice, [call('x', { n: 2 }), call('x', { n: 1 })]);
    expect(s.argumentScore).toBe(1);
    expect(s.callScores.map((c) => c.argsScore)).toEqual([1, 1]);
  });
});
