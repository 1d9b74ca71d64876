import { describe, expect, it } from 'vitest';
import { PyFloat, pyRepr } from '../../src/lib/core/pyvalue';
import { JsonError, parseJsonValue } from '../../src/lib/parsing/json-value';
import { FormatError, parseJsonLines } from '../../src/lib/formats/jsonl';

describe('lossless JSON', () => {
  it('keeps int and float apart as Python json does', () => {
    const v = parseJsonValue('{"a": 5, "b": 5.0, "c": 1e3, "d": -0, "e": [1.5, 2]}');
    expect(pyRepr(v)).toBe("{'a': 5, 'b': 5.0, 'c': 1000.0, 'd': 0, 'e': [1.5, 2]}");
    expect(parseJsonValue('NaN')).toBeInstanceOf(PyFloat);
  });
  it('reports where the JSON is broken', () => {
    expect(() => parseJsonValue('{"a": }')).toThrow(JsonError);
    expect(() => parseJsonValue('[1, 2')).toThrow(/offset 5/);
    expect(() => parseJsonValue('"\\x"')).toThrow(/invalid escape/);
  });
  it('is not fooled by __proto__ keys', () => {
    const v = parseJsonValue('{"__proto__": {"polluted": 1}}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('names the line of a bad JSON Lines record', () => {
    expect(() => parseJsonLines('{"a":1}\n{oops}\n', 'x.jsonl')).toThrow(FormatError);
    expect(() => parseJsonLines('{"a":1}\n{oops}\n', 'x.jsonl')).toThrow(/x.jsonl line 2/);
  });
});
