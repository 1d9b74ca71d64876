import { describe, expect, it } from 'vitest';
import type { PyValue } from '../../src/lib/core/pyvalue';
import { parseQuantity, parseNumberWords } from '../../src/lib/core/entities';
import { readFunctionSchema } from '../../src/lib/formats/bfcl';
import { decodeBfclPython } from '../../src/lib/parsing/bfcl-python';
import { parseJsonValue } from '../../src/lib/parsing/json-value';
import { checkBfclSample, toPossibleAnswers } from '../../src/lib/scoring/bfcl-ast';
import { checkBfclSampleLenient, lenientEqual } from '../../src/lib/scoring/lenient';
import { scoreQa, unorderedListMatch } from '../../src/lib/scoring/qa';

const HOTEL = readFunctionSchema(
  parseJsonValue(`{"name": "find_hotel", "parameters": {"type": "dict", "properties": {
    "city": {"type": "string"}, "state": {"type": "string"}, "guests": {"type": "integer"}, "max_km": {"type": "float"},
    "pets": {"type": "boolean"}}, "required": ["city"]}}`),
  't',
  'f',
);
const PA = toPossibleAnswers(parseJsonValue('[{"find_hotel": {"city": ["Austin"], "state": ["TX", ""], "guests": [2, ""], "max_km": [5.0, ""], "pets": [true, ""]}}]') as PyValue);

const both = (out: string) => {
  const d = decodeBfclPython(out);
  return [checkBfclSample('simple', [HOTEL], PA, d).valid, checkBfclSampleLenient('simple', [HOTEL], PA, d).valid];
};

describe('lenient matching', () => {
  it.each([
    ['[find_hotel(city="Austin", state="Texas")]', [false, true]],
    ['[find_hotel(city="Austin", guests="two")]', [false, true]],
    ['[find_hotel(city="Austin", guests="2")]', [false, true]],
    ['[find_hotel(city="Austin", max_km="5 km")]', [false, true]],
    ['[find_hotel(city="Austin", pets="yes")]', [false, true]],
    ['[find_hotel(city="Austin!")]', [false, true]],
    ['[find_hotel(city="Austin", state="TX")]', [true, true]],
    ['[find_hotel(city="Dallas")]', [false, false]],
    ['[find_hotel(city="Austin", max_km="5 miles and more")]', [false, false]],
    ['[find_hotel(city="Austin", guests=3)]', [false, false]],
  ])('%s → [strict, lenient] = %j', (out, want) => expect(both(out)).toEqual(want));

  it('never confuses identifiers that merely contain a number', () => {
    expect(lenientEqual('DNA123zz', 'DNA123')).toBe(false);
    expect(lenientEqual('2022zz', '2022')).toBe(false);
    expect(lenientEqual('5 km', '5 mi')).toBe(false);
    expect(lenientEqual('19th centuryzz', '19th century')).toBe(false);
  });

  it('reads quantities and number words', () => {
    expect(parseQuantity('$1,200.50')).toEqual({ value: 1200.5, unit: '$' });
    expect(parseQuantity('20%')).toEqual({ value: 20, unit: '%' });
    expect(parseQuantity('x**2')).toBeNull();
    expect(parseNumberWords('two hundred and five')).toBe(205);
    expect(parseNumberWords('seven')).toBe(7);
  });
});

describe('QA scorers', () => {
  it('exact after normalization, and contains', () => {
    expect(scoreQa('"LH-1234".', { kind: 'scalar', value: 'LH-1234' })).toEqual({ exact: true, contains: true });
    expect(scoreQa('The flight is LH 1234.', { kind: 'scalar', value: 'LH-1234' })).toEqual({ exact: false, contains: true });
    expect(scoreQa('The flight is LH12345.', { kind: 'scalar', value: 'LH-1234' }).contains).toBe(false);
  });
  it('numbers with a tolerance and without the currency', () => {
    expect(scoreQa('1,250.00', { kind: 'number', value: 1250 }).exact).toBe(true);
    expect(scoreQa('$1250', { kind: 'number', value: 1250 }).exact).toBe(true);
    expect(scoreQa('about 1251', { kind: 'number', value: 1250, relTolerance: 0.01 })).toEqual({ exact: false, contains: true });
    expect(scoreQa('1300', { kind: 'number', value: 1250 }).exact).toBe(false);
  });
  it('lists in any order', () => {
    expect(unorderedListMatch('H3, H1 and H2', ['H1', 'H2', 'H3'])).toBe(true);
    expect(unorderedListMatch('H1, H2', ['H1', 'H2', 'H3'])).toBe(false);
    expect(scoreQa('Hotels H2, H1, H9', { kind: 'list', values: ['H1', 'H2'] })).toEqual({ exact: false, contains: true });
  });
});
