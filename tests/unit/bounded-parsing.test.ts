/**
 * Parsing is total and bounded (issue 17, item 1): the outputs that blew up, hung or threw
 * are typed parse errors now, integers stay exact, and every argument name survives storage
 * and display. Then the seeded campaign: 20,000 adversarial outputs through every reader.
 */
import { describe, expect, it } from 'vitest';
import { checkOutput } from '../../src/cli/checks/output-check';
import { pyRepr } from '../../src/lib/core/pyvalue';
import { callsText } from '../../src/lib/formats/json-text';
import { parseCalls } from '../../src/lib/parsing';
import { MAX_OUTPUT_CHARS } from '../../src/lib/parsing/budget';
import { parseJsonCalls, parseToolCallTags, stripFence } from '../../src/lib/parsing/json-calls';
import { parseReply } from '../../src/lib/prompts/episode-protocol';
import { plainCalls } from '../../src/lib/scoring/score-sample';
import { adversarialOutputs } from '../../harness/adversarial-outputs';

const python = (s: string) => parseCalls(s, 'bfcl-python');
const errorKind = (r: ReturnType<typeof parseCalls>) => (r.ok ? 'ok' : r.error.kind);
const onlyArg = (s: string) => {
  const r = python(s);
  if (!r.ok) throw new Error(r.error.message);
  return r.calls[0]?.args.a;
};

describe('values built by arithmetic are bounded', () => {
  it('refuses shared references that would expand to 10⁹ elements, from 29 characters', () => {
    const r = python('[f(a=[[[1]*1000]*1000]*1000)]');
    expect(r).toMatchObject({ ok: false, error: { kind: 'too_large' } });
    expect(r.ok || r.error.message).toBe('values of more than 50,000 elements and characters once expanded (repeated parts counted each time)');
  });

  it('refuses list and tuple arithmetic past the budget, before building it', () => {
    expect(errorKind(python('f(a=[1]*1000000+[2]*1000000)'))).toBe('too_large');
    expect(errorKind(python('f(a=(1,)*10**12)'))).toBe('too_large');
    expect(errorKind(python("f(a='x'*10**9)"))).toBe('too_large');
    // ([1]*99999)*1*1*…: each step is small, the copying adds up
    expect(errorKind(python('f(a=[1]*49999' + '*1'.repeat(10) + ')'))).toBe('too_large');
    // within the budget, arithmetic still evaluates as Python does
    expect(onlyArg('f(a=[0]*3+[1])')).toEqual([0, 0, 0, 1]);
  });

  it('an empty sequence times a huge count is empty, not a hang', () => {
    expect(onlyArg('f(a=[]*10**30)')).toEqual([]);
    expect(onlyArg("f(a=''*10**30)")).toBe('');
  });
});

describe('integers are exact and bounded like Python', () => {
  it('computes with integers beyond 2^53 exactly', () => {
    expect(pyRepr(onlyArg('f(a=2**64 + 1)') ?? null)).toBe('18446744073709551617');
    expect(pyRepr(onlyArg('f(a=-9007199254740993)') ?? null)).toBe('-9007199254740993');
    const big = '9'.repeat(400);
    expect(pyRepr(onlyArg(`f(a=${big} & 255)`) ?? null)).toBe(String(BigInt(big) & 255n));
    expect(pyRepr(onlyArg(`f(a=${big} ^ ${big})`) ?? null)).toBe('0');
    expect(pyRepr(onlyArg('f(a=-7 // 2)') ?? null)).toBe('-4');
    expect(pyRepr(onlyArg('f(a=-(2**70) % 3)') ?? null)).toBe(String(((-(2n ** 70n) % 3n) + 3n) % 3n));
  });

  it('refuses integers past 4300 digits (Python: "Exceeds the limit") and shifts that would make them', () => {
    expect(errorKind(python('f(a=1 << 2**30)'))).toBe('too_large');
    expect(errorKind(python('f(a=10**10**10)'))).toBe('too_large');
    expect(errorKind(python('f(a=2**2**2**2**2)'))).toBe('too_large');
    expect(errorKind(python(`f(a=${'1'.repeat(4301)})`))).toBe('syntax');
    expect(errorKind(parseJsonCalls(`{"name": "f", "arguments": {"a": ${'1'.repeat(4301)}}}`))).toBe('syntax');
    expect(pyRepr(onlyArg('f(a=1 >> 2**40)') ?? null)).toBe('0');
  });

  it('keeps big integers exact in JSON outputs, in what is stored and in what is shown', () => {
    const r = parseJsonCalls('{"name": "f", "arguments": {"a": 123456789012345678901234567890, "b": 9007199254740993}}');
    if (!r.ok) throw new Error('not parsed');
    const stored = structuredClone(plainCalls(r.calls));
    expect(callsText(stored)).toBe('f(a=123456789012345678901234567890, b=9007199254740993)');
    const big = '7'.repeat(400);
    const p = python(`f(a=${big})`);
    if (!p.ok) throw new Error('not parsed');
    expect(callsText(structuredClone(plainCalls(p.calls)))).toBe(`f(a=${big})`);
  });
});

describe('no recursion without a depth limit', () => {
  it('a 7,000-term sum or chain is a parse error, not a stack overflow', () => {
    const sum = 'f(a=' + Array(7_000).fill('1').join('+') + ')';
    expect(sum.length).toBeLessThan(MAX_OUTPUT_CHARS);
    expect(python(sum)).toMatchObject({ ok: false, error: { kind: 'syntax' } });
    expect(errorKind(python('f(a=' + '-'.repeat(20_000) + '1)'))).not.toBe('ok');
    expect(onlyArg('f(a=' + Array(500).fill('1').join('+') + ')')).toBe(500);
  });
});

describe('linear-time patterns', () => {
  it('30,000 unclosed <tool_call> tags are read in one pass (refused as too long, or no block)', () => {
    const unclosed = '<tool_call>'.repeat(30_000);
    expect(errorKind(parseToolCallTags(unclosed))).toBe('too_large');
    expect(errorKind(parseToolCallTags('<tool_call>'.repeat(1_400)))).toBe('not_calls');
    expect(parseReply('<API_CALL>'.repeat(30_000))).toEqual({ kind: 'unknown' });
  });

  it('strips a fence exactly as the pattern did, and a long unterminated fence costs one pass', () => {
    expect(stripFence('```json\n[1]\n```')).toBe('[1]');
    expect(stripFence('```\n```')).toBe('');
    expect(stripFence('````x````')).toBe('`x`');
    expect(stripFence('```py [1]\r\n```')).toBe('[1]');
    expect(stripFence('[1]')).toBe('[1]');
    const open = '```' + 'a'.repeat(100_000) + '\n' + 'x'.repeat(100_000);
    expect(stripFence(open)).toBe(open);
  });
});

describe('every argument name is kept', () => {
  it('__proto__ and other Object.prototype names survive storage and display', () => {
    for (const text of ["[f(__proto__={'polluted': True}, constructor=1)]", '{"name": "f", "arguments": {"__proto__": {"polluted": 1}, "constructor": 1}}']) {
      const r = parseCalls(text, 'auto');
      if (!r.ok) throw new Error('not parsed');
      const stored = structuredClone(plainCalls(r.calls));
      expect(Object.keys(stored[0]?.args as object)).toEqual(['__proto__', 'constructor']);
      expect(callsText(stored)).toMatch(/^f\(__proto__=\{"polluted":(True|true|1)\}, constructor=1\)$/);
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    }
  });
});

describe('the seeded campaign', () => {
  // Time limits are measured by `npm run fuzz` (100,000 outputs, inputs over 50 ms listed), not here:
  // a wall-clock bound in a test fails when the machine is busy. Here: every reader answers every
  // output without throwing, and an output past the size budget is always a typed error.
  // its bound is set from what it does (5,000 outputs through every reader: ~15 s idle here), for a machine 40 times slower
  it('5,000 adversarial outputs through every reader: no throw, oversized ones refused as too_large', { timeout: 600_000 }, () => {
    const threw: string[] = [];
    let oversized = 0;
    for (const { family, text } of adversarialOutputs(17, 5_000)) {
      for (const c of checkOutput(text)) if (c.threw) threw.push(`${family}/${c.format}: ${c.threw}`);
      if (text.length > MAX_OUTPUT_CHARS) {
        oversized++;
        expect(errorKind(python(text))).toBe('too_large');
      }
    }
    expect(threw).toEqual([]);
    expect(oversized).toBeGreaterThan(0);
  });
});
