/** Output parsing: one entry point over the formats a model may answer in. */
import { decodeBfclPython } from './bfcl-python';
import { failure, type ParseResult } from './parse-result';
import { parseJsonCalls, parseToolCallTags, stripFence } from './json-calls';

export type OutputFormat = 'bfcl-python' | 'json' | 'tool-call-tags' | 'auto';

export type { ParseResult } from './parse-result';

/**
 * `bfcl-python` is BFCL's own decoder, quirks included (use it for
 * BFCL-comparable numbers). `auto` picks by what the text looks like and
 * otherwise falls back to the python decoder after removing a fence.
 */
export function parseCalls(text: string, format: OutputFormat): ParseResult {
  switch (format) {
    case 'bfcl-python':
      return decodeBfclPython(text);
    case 'json':
      return parseJsonCalls(text);
    case 'tool-call-tags':
      return parseToolCallTags(text);
    case 'auto': {
      if (text.includes('<tool_call>')) return parseToolCallTags(text);
      const body = stripFence(text).trim();
      if (body === '') return failure('empty', 'empty output');
      if (body.startsWith('{') || /^\[\s*\{/.test(body)) return parseJsonCalls(body);
      return decodeBfclPython(body);
    }
  }
}
