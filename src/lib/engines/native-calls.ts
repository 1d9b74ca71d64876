/**
 * Native tool calls as OpenAI-style chat completions return them (a server, or llama.cpp in the tab
 * with the model's own template): streamed fragments joined by index, and the answer written as
 * one message our parser reads (`textFormat: 'openai-message'`), the model's content kept beside.
 */

export interface ToolCallFragment {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

export interface JoinedToolCall {
  id?: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A stream names at most this many calls (an index past it joins the last): bounded memory whatever it sends. */
const MAX_CALL_INDEX = 255;

export class ToolCallJoiner {
  private readonly joined: JoinedToolCall[] = [];

  add(fragments: readonly ToolCallFragment[] | undefined): void {
    for (const c of fragments ?? []) {
      const i = Math.min(Math.max(c.index ?? 0, 0), MAX_CALL_INDEX);
      const call = (this.joined[i] ??= { type: 'function', function: { name: '', arguments: '' } });
      if (c.id) call.id = c.id;
      if (c.function?.name) call.function.name += c.function.name;
      if (c.function?.arguments) call.function.arguments += c.function.arguments;
    }
  }

  calls(): JoinedToolCall[] {
    return this.joined.filter(Boolean);
  }
}

/** The answer as one OpenAI message: what `parseCalls` reads when the engine says `openai-message`. */
export function nativeText(content: string, toolCalls: readonly unknown[]): string {
  return JSON.stringify({ content, tool_calls: toolCalls });
}
