/**
 * The agent protocol as WildAgtEval's code implements it (PROTOCOL.md §2): one prompt per step
 * holding the instructions, the API reference and the conversation so far (`Human:` queries,
 * `Assistant:` replies, `<API_RESPONSE>` blocks); each reply is free text and then either one
 * `<API_CALL>{"api": …, "params": {…}}</API_CALL>` or `<End of Turn>`.
 */
import { isObject } from '../core/objects';
import { toPlain } from '../core/pyvalue';
import type { Json, JsonObject } from '../core/types';
import { parseToolCallTags, tagBodies } from '../parsing/json-calls';
import type { ApiCallRecord } from '../scoring/api-accuracy';

/**
 * How a reply writes its call: WildAgtEval's `<API_CALL>{"api", "params"}</API_CALL>`, or the
 * `<tool_call>{"name", "arguments"}</tool_call>` block many small models were trained on.
 */
export type CallFormat = 'api-call' | 'tool-call';
export const CALL_FORMATS: readonly CallFormat[] = ['api-call', 'tool-call'];

export const END_OF_TURN = '<End of Turn>';
export const MAX_STEPS_PER_TURN = 15;
export const STOP_SEQUENCES = ['<API_RESPONSE>', '<USER_QUERY>', 'Human:'];
/** replies are read up to this many characters (a model that never stops cannot make parsing slow) */
const MAX_REPLY_CHARS = 20_000;

/** Our wording of WildAgtEval's sequential-execution instructions (its prompts/step_by_step_suffix.md), shortened; the worked example names the built-in system's functions. */
export function systemPrompt(reference: string, intro: string, format: CallFormat = 'api-call', withExample = true): string {
  const example = (api: string, params: JsonObject) => callText({ api, params }, format);
  return [
    intro,
    '# API reference',
    reference,
    '# How to answer',
    'Each reply: optional short explanation, then EITHER exactly one API call wrapped in tags:',
    format === 'api-call' ? '<API_CALL>{"api": "api_name", "params": {"parameter": "value"}}</API_CALL>' : '<tool_call>{"name": "api_name", "arguments": {"parameter": "value"}}</tool_call>',
    `OR, when the user's request is fully done, a short answer to the user followed by ${END_OF_TURN}`,
    'Never write <API_RESPONSE> blocks or user turns yourself; never make two calls in one reply.',
    ...(withExample
      ? [
          'Example:',
          'Human: Turn on the living room lights',
          `Assistant: I will find the devices first.\n${example('get_user_inventory', {})}`,
          '<API_RESPONSE>\nAPI Result: {"success": true, "devices": [{"endpoint": "1", "name": "Living Room Lights"}]}\n</API_RESPONSE>',
          `Assistant: ${example('power_on', { endpoints: ['1'] })}`,
          '<API_RESPONSE>\nAPI Result: {"success": true}\n</API_RESPONSE>',
          `Assistant: The living room lights are on. ${END_OF_TURN}`,
        ]
      : []),
  ].join('\n\n');
}

export type ParsedReply = { kind: 'completion' } | { kind: 'api_call'; call: ApiCallRecord } | { kind: 'unknown' };

/** WildAgtEval's `parse_llm_response`: end marker first (any case), then the first well-formed call. */
export function parseReply(text: string, format: CallFormat = 'api-call'): ParsedReply {
  const t = text.slice(0, MAX_REPLY_CHARS);
  if (t.toLowerCase().includes(END_OF_TURN.toLowerCase())) return { kind: 'completion' };
  if (format === 'tool-call') {
    const parsed = parseToolCallTags(t);
    const first = parsed.ok ? parsed.calls[0] : undefined;
    return first ? { kind: 'api_call', call: { api: first.name, params: toPlain(first.args) as JsonObject } } : { kind: 'unknown' };
  }
  for (const tagged of tagBodies(t, '<API_CALL>', '</API_CALL>')) {
    let body: Json;
    try {
      body = JSON.parse(tagged.trim().replace(/^```(?:json)?|```$/g, '')) as Json;
    } catch {
      continue;
    }
    if (isObject(body) && typeof body.api === 'string' && isObject(body.params)) return { kind: 'api_call', call: { api: body.api, params: body.params } };
  }
  return { kind: 'unknown' };
}

export const humanLine = (query: string): string => `Human: ${query}`;
export const assistantLine = (reply: string): string => `Assistant: ${reply.trim()}`;
export const responseBlock = (result: Json): string => `<API_RESPONSE>\nAPI Result: ${JSON.stringify(result)}\n</API_RESPONSE>`;
export const callText = (c: ApiCallRecord, format: CallFormat = 'api-call'): string =>
  format === 'api-call' ? `<API_CALL>${JSON.stringify({ api: c.api, params: c.params })}</API_CALL>` : `<tool_call>${JSON.stringify({ name: c.api, arguments: c.params })}</tool_call>`;

/** Where an episode stands, read off its prompt: the turn (0-based) and the calls shown since its query. */
export function episodePosition(history: string): { turn: number; callsThisTurn: number } {
  const blocks = history.split('\n\n');
  let turn = -1;
  let calls = 0;
  for (const b of blocks) {
    if (b.startsWith('Human: ')) {
      turn++;
      calls = 0;
    } else if (b.startsWith('<API_RESPONSE>')) calls++;
  }
  return { turn: Math.max(turn, 0), callsThisTurn: calls };
}

/** The query of the turn in progress. */
export function currentQuery(history: string): string {
  const blocks = history.split('\n\n').filter((b) => b.startsWith('Human: '));
  return (blocks[blocks.length - 1] ?? '').slice('Human: '.length);
}
