/**
 * Drafts of requests for a user's tool, written by the loaded model: first the requests (one per
 * line), then the call the model itself would make for each, with our usual prompt. A draft is
 * never ground truth: the editor shows it with its problems, and only what the user accepts is kept.
 */
import { newDict, type PyValue } from '../core/pyvalue';
import type { GenerateRequest, ToolSchema } from '../core/types';
import { decodeBfclPython } from '../parsing/bfcl-python';
import { DEFAULT_PROMPT, renderMessages, toolLine } from './template';

export const MAX_DRAFTS = 10;

export function draftQueriesRequest(tool: ToolSchema, count: number): GenerateRequest {
  const n = Math.max(1, Math.min(MAX_DRAFTS, Math.floor(count)));
  return {
    messages: [
      {
        role: 'system',
        content:
          'You write test requests for a function-calling benchmark. Given one function, write requests a user might type that need exactly one call of it, ' +
          'each stating concrete values for the arguments it needs. Write each request on its own line, with no numbering and no explanation.',
      },
      { role: 'user', content: `Function:\n${toolLine(tool)}\nWrite ${n} different requests.` },
    ],
    maxTokens: 60 * n,
    temperature: 0,
  };
}

/** The requests of the model's answer: its non-empty lines, without numbering, bullets or quotes. */
export function draftQueries(output: string, count: number): string[] {
  const lines = output
    .split('\n')
    .slice(0, 200)
    .map((l) =>
      l
        .trim()
        .replace(/^(\d+[.)]|[-*•])\s*/, '')
        .replace(/^["“](.*)["”]$/s, '$1')
        .trim(),
    )
    .filter((l) => l.length >= 8 && l.length <= 500 && !/^(here are|sure|requests?:)/i.test(l));
  return [...new Set(lines)].slice(0, Math.max(1, Math.min(MAX_DRAFTS, count)));
}

export function draftCallRequest(tool: ToolSchema, query: string): GenerateRequest {
  return { messages: renderMessages(DEFAULT_PROMPT, [tool], query), maxTokens: 200, temperature: 0 };
}

/** The model's call as a requests file writes it (`[{"name", "arguments"}]`), or [] when it wrote none. */
export function draftExpected(output: string): PyValue[] {
  const parsed = decodeBfclPython(output);
  if (!parsed.ok) return [];
  return parsed.calls.map((c) => {
    const call = newDict();
    call.name = c.name;
    call.arguments = c.args;
    return call;
  });
}
