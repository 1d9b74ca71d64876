import { describe, expect, it } from 'vitest';
import { floatRepr, fromPlain, newDict, PyFloat, pyEquals, pyRepr, PyTuple, strRepr } from '../../src/lib/core/pyvalue';
import { codePointLength, pyCollapseSpace, pyStrip } from '../../src/lib/core/pystr';

describe('Python repr', () => {
  it.each([
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [123, '123.0'],
    [0.1, '0.1'],
    [-0, '-0.0'],
    [1.5e300, '1.5e+300'],
    [2.5, '2.5'],
    [123456789.125, '123456789.125'],
    [Infinity, 'inf'],
    [NaN, 'nan'],
  ])('floatRepr(%s) = %s', (x, want) => expect(floatRepr(x)).toBe(want));

  it('chooses quotes and escapes like Python', () => {
    expect(strRepr('abc')).toBe("'abc'");
    expect(strRepr("it's")).toBe('"it\'s"');
    expect(strRepr(`it's "x"`)).toBe(`'it\\'s "x"'`);
    expect(strRepr('a\nb\t\\')).toBe("'a\\nb\\t\\\\'");
    expect(strRepr('\x07\u00e9\u200b🙂')).toBe("'\\x07é\\u200b🙂'");
  });

  it('writes containers like Python', () => {
    const d = newDict();
    d.city = 'Chicago';
    d.n = new PyFloat(2);
    expect(pyRepr([1, new PyFloat(2.5), null, true, new PyTuple([1]), d])).toBe("[1, 2.5, None, True, (1,), {'city': 'Chicago', 'n': 2.0}]");
  });
});

describe('Python equality', () => {
  it('treats int, float and bool as numbers but keeps lists and tuples apart', () => {
    expect(pyEquals(1, new PyFloat(1))).toBe(true);
    expect(pyEquals(true, 1)).toBe(true);
    expect(pyEquals(false, new PyFloat(0))).toBe(true);
    expect(pyEquals('1', 1)).toBe(false);
    expect(pyEquals([1, 2], new PyTuple([1, 2]))).toBe(false);
    expect(pyEquals(fromPlain({ a: [1, 'x'] }), fromPlain({ a: [1, 'x'] }))).toBe(true);
    expect(pyEquals(new PyFloat(NaN), new PyFloat(NaN))).toBe(false);
  });
});

describe('Python string helpers', () => {
  it('strips Python whitespace, which differs from JavaScript trim', () => {
    expect(pyStrip('\x1c a \x85')).toBe('a');
    expect(pyStrip('\ufeffa')).toBe('\ufeffa');
    expect(pyStrip('``a`\n', '`\n ')).toBe('a');
    expect(pyCollapseSpace('  A \t b\u00a0c ')).toBe('A b c');
  });
  it('counts code points', () => expect(codePointLength('a🙂b')).toBe(3));
});
