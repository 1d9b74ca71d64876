import { describe, expect, it } from 'vitest';
import { newDict, pyRepr, type PyValue } from '../../src/lib/core/pyvalue';
import { decodeBfclPython } from '../../src/lib/parsing/bfcl-python';

/**
 * Raw outputs and what BFCL's decoder (default_decode_ast_prompting, Python 3.11)
 * returns for them, as Python repr; null where it raises. The expected column
 * was produced by running that decoder's logic on these inputs.
 */
const CASES: [string, string | null][] = [
  ["[f(a=1, b='x'), g.h(c=[1, 2.5e-3, None, True], d={'k': (1, 2)})]", "[{'f': {'a': 1, 'b': 'x'}}, {'g.h': {'c': [1, 0.0025, None, True], 'd': {'k': (1, 2)}}}]"],
  ['f(a=1)', "[{'f': {'a': 1}}]"],
  ['```python\n[f(a=1)]\n```', null],
  ['```\n[f(a=1)]\n```', "[{'f': {'a': 1}}]"],
  ["'[f(a=1)]'", null],
  ["[f(s='''multi\nline''', t=\"q\\\"x\", u='\\u00e9\\x41\\n', r=r'\\d+')]", "[{'f': {'s': 'multi\\nline', 't': 'q\"x', 'u': '\u00e9A\\n', 'r': '\\\\d+'}}]"],
  ['[f(a=-5, b=-2.5, c=+5, d=~3, e=not True, f=-True)]', "[{'f': {'a': -5, 'b': -2.5, 'c': -5, 'd': -3, 'e': -1, 'f': -1}}]"],
  ["[f(a=4 + 1, b=10 / 4, c=7 // 2, d=-7 % 3, e=2 ** 10, f='ab' * 2, g=[1] + [2], h=(1 + 2) * 3)]", "[{'f': {'a': 5, 'b': 2.5, 'c': 3, 'd': 2, 'e': 1024, 'f': 'abab', 'g': [1, 2], 'h': 9}}]"],
  ['[f(city=Paris, flag=true, val=null)]', "[{'f': {'city': 'Paris', 'flag': 'true', 'val': 'null'}}]"],
  ['[f(city=str(\'Paris\'), n=int("5"), x=foo(1,2), y=a.b(c))]', "[{'f': {'city': \"str('Paris')\", 'n': \"int('5')\", 'x': 'foo(1, 2)', 'y': 'a.b(c)'}}]"],
  ['[f(1, 2, a=3)]', "[{'f': {'a': 3}}]"],
  ['[f(a=1, a=2)]', "[{'f': {'a': 2}}]"],
  ['[f(a=1, 2)]', null],
  ['[f(a=007)]', null],
  ['[f(a=1_000, b=0x1F, c=1e3, d=.5, e=5.)]', "[{'f': {'a': 1000, 'b': 31, 'c': 1000.0, 'd': 0.5, 'e': 5.0}}]"],
  ['Sure! [f(a=1)]', null],
  ['[f(a=1)] I called it.', null],
  ['[f(a=1)]\t', null],
  ['', '[]'],
  ['[]', '[]'],
  ["[f(a=x[0], b=d['k'], c=m[1:2], e=n[1, 2])]", "[{'f': {'a': 'x[0]', 'b': \"d['k']\", 'c': 'm[1:2]', 'e': 'n[(1, 2)]'}}]"],
  ['[f(a=g(b=1))]', "[{'f': {'a': {'g': {'b': 1}}}}]"],
  ["[f(a={'x': 1, 'y': [1, 2]}, b=(1,), c=())]", "[{'f': {'a': {'x': 1, 'y': [1, 2]}, 'b': (1,), 'c': ()}}]"],
  ["[f(a='x' 'y', b=u'z')]", "[{'f': {'a': 'xy', 'b': 'z'}}]"],
  ['[math.factorial(number=5), a.b.c.d(x=1)]', "[{'math.factorial': {'number': 5}}, {'a.b.c.d': {'x': 1}}]"],
  ['[f(a=1)]\n[g(b=2)]', null],
  ['f(a=1)\ng(b=2)', null],
  ['[f(a=lambda x: x)]', null],
  ['[f(a=1 if True else 2)]', null],
  ['[f(a=[x for x in y])]', null],
  ["[f(a=b'bytes')]", "[{'f': {'a': b'bytes'}}]"],
  ['[f(a=3j)]', "[{'f': {'a': 3j}}]"],
  ['[f(a=...)]', "[{'f': {'a': '...'}}]"],
  ['[f(**kw)]', "[{'f': {None: 'kw'}}]"],
  ["[f(a=1), 'text']", null],
  ["[{'name': 'f', 'arguments': {'a': 1}}]", null],
  ['<TOOLCALL>[f(a=1)]</TOOLCALL>', null],
  ['[f(a="He said \\"hi\\"")]', "[{'f': {'a': 'He said \"hi\"'}}]"],
  ['[f(a=1.0, b=1, c=True, d=-0.0)]', "[{'f': {'a': 1.0, 'b': 1, 'c': True, 'd': -0.0}}]"],
  ['[f(a=2**-1, b=-2**2, c=(-8)**2)]', null],
];

function decodedRepr(raw: string): string | null {
  const r = decodeBfclPython(raw);
  if (!r.ok) return null;
  return pyRepr(
    r.calls.map((c) => {
      const d = newDict();
      d[c.name] = c.args;
      return d as PyValue;
    }),
  );
}

describe('BFCL python-call decoder', () => {
  it.each(CASES)('decodes %j like BFCL', (raw, expected) => {
    expect(decodedRepr(raw)).toBe(expected);
  });

  it('returns a typed error, never throws, and says why', () => {
    const r = decodeBfclPython('[f(a=1, 2)]');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('syntax');
      expect(r.error.message).toMatch(/positional argument follows keyword argument/);
    }
    const n = decodeBfclPython('[f(a=1), 2]');
    expect(n.ok || n.error.kind).toBe('not_calls');
  });

  it('limits nesting like Python (200 brackets) without exhausting the stack', () => {
    expect(decodeBfclPython('['.repeat(200) + ']'.repeat(200)).ok).toBe(false);
    const deep = decodeBfclPython('['.repeat(201) + ']'.repeat(201));
    expect(deep.ok || deep.error.message).toMatch(/too many nested parentheses/);
    const calls = decodeBfclPython('[' + 'f(a='.repeat(190) + '1' + ')'.repeat(190) + ']');
    expect(calls.ok).toBe(true);
    expect(decodeBfclPython('-'.repeat(5000) + '1').ok).toBe(false);
  });
});
