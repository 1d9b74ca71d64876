/**
 * Property tests: parsers take any string and answer with calls or a typed
 * error; they never throw, never run anything, and stay fast on large or
 * adversarial input (bounded by count of work, not by a timer).
 */
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCalls } from '../../src/lib/parsing';
import { decodeBfclPython } from '../../src/lib/parsing/bfcl-python';
import { parseJsonCalls, parseToolCallTags } from '../../src/lib/parsing/json-calls';
import { scoreQa } from '../../src/lib/scoring/qa';

const VALID = [
  "[get_weather(city='Paris', days=3), convert(amount=2.5e-3, to=None, flags=[True, False], extra={'k': (1, 2)})]",
  'search(query="long \\"quoted\\" text", limit=-10)',
  '[{"name": "f", "arguments": {"a": [1, 2.0, {"b": null}]}}]',
  '<tool_call>{"name": "f", "arguments": {"x": "y"}}</tool_call>',
];

const PARSERS: [string, (s: string) => unknown][] = [
  ['bfcl-python', decodeBfclPython],
  ['json', parseJsonCalls],
  ['tool-call-tags', parseToolCallTags],
  ['auto', (s) => parseCalls(s, 'auto')],
];

/** A valid output with random characters inserted, deleted or replaced. */
const mutated = fc.tuple(fc.constantFrom(...VALID), fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.string({ maxLength: 3 })), { maxLength: 6 })).map(([base, edits]) => {
  let s = base;
  for (const [pos, kind, text] of edits) {
    const i = pos % (s.length + 1);
    s = kind === 0 ? s.slice(0, i) + text + s.slice(i) : kind === 1 ? s.slice(0, i) + s.slice(i + 1) : s.slice(0, i) + text + s.slice(i + text.length);
  }
  return s;
});

const PY_CHARS = fc.constantFrom(...'[](){}=,.\'"\\#:*-+~ \n\tabcfxyz0123456789_eEjJ'.split(''));
const pythonish = fc.array(PY_CHARS, { maxLength: 80 }).map((cs) => cs.join(''));

describe('parsers on arbitrary input', () => {
  for (const [name, parse] of PARSERS) {
    it(`${name}: never throws, always answers ok or a typed error`, () => {
      fc.assert(
        fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), mutated, pythonish), (s) => {
          const r = parse(s) as { ok: boolean; error?: { kind: string; message: string } };
          expect(typeof r.ok).toBe('boolean');
          if (!r.ok) expect(['syntax', 'not_calls', 'unsupported', 'empty']).toContain(r.error?.kind);
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('QA scoring never throws', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.double(), (out, want, n) => {
        scoreQa(out, { kind: 'scalar', value: want });
        scoreQa(out, { kind: 'number', value: n });
        scoreQa(out, { kind: 'list', values: [want] });
      }),
    );
  });

  it('does not execute code written in the output', () => {
    const g = globalThis as { pwned?: boolean };
    for (const s of ["[f(a=__import__('os').system('touch /tmp/x'))]", '[f(a=(lambda: globalThis.pwned = true)())]', "[f(a=eval('1+1'))]", '[f(a=exec("x"))]']) {
      const r = decodeBfclPython(s);
      if (r.ok) for (const c of r.calls) for (const v of Object.values(c.args)) expect(typeof v).toBe('string'); // calls become their source text
    }
    expect(g.pwned).toBeUndefined();
  });

  it('scales linearly: 100× larger input costs about 100× the tokens, not the square', () => {
    // count tokens via the parse of a long argument list; a quadratic parser would exceed the budget of a few seconds by far
    const big = '[f(' + Array.from({ length: 1200 }, (_, i) => `a${i}=${i}`).join(', ') + ')]';
    const r = decodeBfclPython(big);
    expect(r.ok && Object.keys(r.calls[0]?.args ?? {}).length).toBe(1200);
    const longString = `[f(a='${'x'.repeat(15_000)}')]`;
    expect(decodeBfclPython(longString).ok).toBe(true);
    const unterminated = `[f(a='${'x'.repeat(15_000)}`;
    expect(decodeBfclPython(unterminated).ok).toBe(false);
    // beyond MAX_OUTPUT_CHARS an output is refused unread, as too large
    for (const parse of PARSERS.map(([, p]) => p)) expect(parse(`[f(a='${'x'.repeat(2_000_000)}')]`)).toMatchObject({ ok: false, error: { kind: 'too_large' } });
  });
});

describe('no eval in the source', () => {
  it('no eval( or new Function( anywhere under src/', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|svelte|js)$/.test(e.name)) files.push(p);
      }
    };
    walk('src');
    for (const f of files) expect(readFileSync(f, 'utf8'), f).not.toMatch(/\beval\(|new Function\(/);
  });
});
