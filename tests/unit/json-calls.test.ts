import { describe, expect, it } from 'vitest';
import { pyRepr } from '../../src/lib/core/pyvalue';
import { parseCalls } from '../../src/lib/parsing';
import type { ParseResult } from '../../src/lib/parsing/parse-result';

const show = (r: ParseResult) => (r.ok ? r.calls.map((c) => `${c.name}${pyRepr(c.args)}`).join(' ; ') : `error:${r.error.kind}`);

describe('JSON-family call parsers', () => {
  it.each([
    ['[{"name": "f", "arguments": {"a": 5, "b": 5.0}}]', "f{'a': 5, 'b': 5.0}"],
    ['```json\n{"name": "f", "parameters": {"a": [1, 2]}}\n```', "f{'a': [1, 2]}"],
    ['[{"function": "f", "parameters": {"x": "y"}}]', "f{'x': 'y'}"],
    ['{"tool_calls": [{"id": "1", "type": "function", "function": {"name": "f", "arguments": "{\\"a\\": 1.5}"}}]}', "f{'a': 1.5}"],
    ['{"choices": [{"message": {"tool_calls": [{"function": {"name": "g", "arguments": "{}"}}]}}]}', 'g{}'],
    ['<tool_call>\n{"name": "f", "arguments": {"a": 1}}\n</tool_call>\n<tool_call>{"name": "g", "arguments": {}}</tool_call>', "f{'a': 1} ; g{}"],
    ['[{"name": "f", "arguments": "not json"}]', 'error:not_calls'],
    ['[{"arguments": {}}]', 'error:not_calls'],
    ['{"name": "f", "arguments": {"a": }', 'error:syntax'],
    ['', 'error:empty'],
  ])('auto-detects %j', (text, want) => expect(show(parseCalls(text, 'auto'))).toBe(want));

  it('falls back to python-call syntax', () => {
    expect(show(parseCalls("[f(a='x')]", 'auto'))).toBe("f{'a': 'x'}");
    expect(show(parseCalls('```python\nf(a=1)\n```', 'auto'))).toBe("f{'a': 1}");
    expect(show(parseCalls('```python\nf(a=1)\n```', 'bfcl-python'))).toBe('error:syntax'); // BFCL's own decoder rejects it
  });
});
