/**
 * Seeded adversarial model outputs for the fuzz tests and `npm run fuzz`: the families
 * found by probing the parsers (shared-reference blow-ups, unbounded sequence arithmetic,
 * huge integers and shifts, long operator chains, deep nesting, unclosed tags and fences,
 * hostile keys) plus random mutations of valid outputs. Same seed, same inputs.
 */
import { Rng } from '../src/lib/core/random';

const VALID = [
  "[get_weather(city='Paris', days=3), convert(amount=2.5e-3, to=None, flags=[True, False], extra={'k': (1, 2)})]",
  'search(query="long \\"quoted\\" text", limit=-10)',
  '[{"name": "f", "arguments": {"a": [1, 2.0, {"b": null}]}}]',
  '<tool_call>{"name": "f", "arguments": {"x": "y"}}</tool_call>',
  '<API_CALL>{"api": "get_user", "params": {"id": 7}}</API_CALL>',
  '```json\n[{"name": "f", "arguments": {"n": 5}}]\n```',
];

const BIG = (rng: Rng, min: number, spread: number) => '9'.repeat(min + rng.int(spread));
const ATOMS = ['1', '0', '-1', "'a'", '"b"', 'True', 'None', '1.5', '[1]', '(1,)', "{'k': 1}", '[]', '()', '123456789012345678901234567890'];

type Family = (rng: Rng) => string;

const wrapCall = (rng: Rng, value: string): string => {
  const style = rng.int(4);
  if (style === 0) return `[f(a=${value})]`;
  if (style === 1) return `f(a=${value})`;
  if (style === 2) return `<tool_call>{"name": "f", "arguments": {"a": ${value}}}</tool_call>`;
  return `[f(a=${value}), g(b=${value})]`;
};

const FAMILIES: Record<string, Family> = {
  sharedReferences: (rng) => {
    const depth = 2 + rng.int(4);
    let v = rng.pick(ATOMS.slice(0, 8));
    for (let i = 0; i < depth; i++) v = `[${v}]*${10 ** (1 + rng.int(4))}`;
    return wrapCall(rng, v);
  },
  sequenceArithmetic: (rng) => {
    const terms = Array.from({ length: 1 + rng.int(6) }, () => `${rng.pick(['[1]', '[1, 2]', "('x',)", "'ab'", '[[0]*10]'])}*${10 ** (3 + rng.int(5))}`);
    return wrapCall(rng, terms.join(rng.pick(['+', '+', '*'])));
  },
  hugeIntegers: (rng) => {
    const op = rng.pick(['&', '|', '^', '<<', '>>', '+', '*', '**', '//', '%', '-']);
    const a = rng.int(2) ? BIG(rng, 300, 5000) : String(1 + rng.int(100));
    const b = rng.pick([BIG(rng, 300, 400), String(rng.int(64)), `2**${rng.int(100)}`, `2**${10 ** (1 + rng.int(9))}`, '10**10**10']);
    return wrapCall(rng, `${a} ${op} ${b}`);
  },
  shifts: (rng) => wrapCall(rng, `${rng.pick(['1', '-1', '3', BIG(rng, 20, 40)])} << ${rng.pick(['2**30', '2**62', '10**9', '100000', '4000', '64'])}`),
  powers: (rng) => wrapCall(rng, rng.pick(['2**2**2**2**2', '10**10**10', '9**9**9', '2.0**2000', '(-8)**(1/3)', '0**-1', '10**400', '2**64', '1.5**1e9'])),
  longChains: (rng) => {
    const n = 100 + rng.int(10_000);
    const op = rng.pick([' + ', '+', '*', '-', ' or ', ' and ', ' < ', ' if 1 else ']);
    return wrapCall(rng, Array.from({ length: n }, () => '1').join(op));
  },
  unaryChains: (rng) => wrapCall(rng, rng.pick(['-', '~', 'not ', '+']).repeat(1000 + rng.int(20_000)) + '1'),
  deepNesting: (rng) => {
    const n = 100 + rng.int(20_000);
    const [open, close] = rng.pick([
      ['[', ']'],
      ['(', ')'],
      ['{"a":', '}'],
      ['f(a=', ')'],
      ['[{"a":', '}]'],
    ]);
    return rng.int(2) ? open.repeat(n) + '1' + close.repeat(n) : open.repeat(n);
  },
  unclosedTags: (rng) => rng.pick(['<tool_call>', '<tool_call>{', '<API_CALL>', '<API_CALL>{"api":', '</tool_call><tool_call>']).repeat(100 + rng.int(5_000)),
  unterminatedFence: (rng) => '```' + rng.pick(['json', 'python', '', 'a'.repeat(1_000 + rng.int(40_000))]) + '\n' + rng.pick(['[f(a=1)', '{', ' ', 'x']).repeat(100 + rng.int(8_000)),
  longStrings: (rng) => wrapCall(rng, `${rng.pick(["'a'", "'é'*3", "'\\n'", '"\\u2028"'])}*${10 ** (4 + rng.int(4))}` + rng.pick(['', `*${rng.int(1000)}`, `+'b'*${10 ** rng.int(7)}`])),
  manyCalls: (rng) => '[' + Array.from({ length: 100 + rng.int(4_000) }, (_, i) => `f${i % 7}(a=${i})`).join(', ') + ']',
  manyKeys: (rng) => '{"name": "f", "arguments": {' + Array.from({ length: 100 + rng.int(3_000) }, (_, i) => `"k${i % 5000}": ${i}`).join(', ') + '}}',
  hostileKeys: (rng) => {
    const key = rng.pick(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__', 'valueOf']);
    return rng.pick([
      `[f(${key}=1, b={'${key}': {'polluted': True}})]`,
      `{"name": "f", "arguments": {"${key}": {"polluted": 1}}}`,
      `<tool_call>{"name": "${key}", "arguments": {"${key}": [1]}}</tool_call>`,
      `<API_CALL>{"api": "f", "params": {"${key}": 1}}</API_CALL>`,
    ]);
  },
  extremeNumbers: (rng) =>
    wrapCall(
      rng,
      rng.pick([
        '1e309',
        '-1e309',
        '1e-400',
        '0x' + 'f'.repeat(300),
        '0b' + '1'.repeat(2000),
        '1_000_000',
        BIG(rng, 4000, 3000),
        '1' + '0'.repeat(400) + '.5',
        '.0e99999',
        'NaN',
        'Infinity',
        '9007199254740993',
        '-9007199254740993',
      ]),
    ),
  hugeFloatsJson: (rng) => `[{"name": "f", "arguments": {"a": ${rng.pick(['1e400', '-1e400', '1' + '0'.repeat(400), '9007199254740993', '1.' + '1'.repeat(5000), '-0', '1E+2'])}}}]`,
  longInput: (rng) => {
    const chars = 'ab(=)[]{},:\'"\\ \n<>`_0123456789.+-*/%';
    let s = '';
    const n = 1_000 + rng.int(40_000);
    for (let i = 0; i < n; i++) s += chars[rng.int(chars.length)];
    return s;
  },
  mutated: (rng) => {
    let s = rng.pick(VALID);
    const edits = 1 + rng.int(8);
    for (let e = 0; e < edits; e++) {
      const i = rng.int(s.length + 1);
      const piece = rng.pick(['(', ')', '[', ']', '{', '}', "'", '"', '\\', ',', '=', '*', '**', '<', '/', '\u0000', '\ud800', '\u2028', '😀', ' ']);
      const kind = rng.int(3);
      s = kind === 0 ? s.slice(0, i) + piece + s.slice(i) : kind === 1 ? s.slice(0, i) + s.slice(i + 1) : s.slice(0, i) + piece.repeat(1 + rng.int(50)) + s.slice(i);
    }
    return s;
  },
};

export const FAMILY_NAMES = Object.keys(FAMILIES);

/** `count` inputs, the families in turn, each drawn from the seed. */
export function* adversarialOutputs(seed: number, count: number): Generator<{ family: string; text: string }> {
  const rng = new Rng(`adversarial-${seed}`);
  for (let i = 0; i < count; i++) {
    const family = FAMILY_NAMES[i % FAMILY_NAMES.length] as string;
    yield { family, text: (FAMILIES[family] as Family)(rng) };
  }
}
