/**
 * Native tool calling: the tools go in the request's `tools` field (OpenAI's shape, JSON Schema)
 * instead of our prompt's tool list, and the server's chat template presents them. The rest of
 * the prompt is ours, so native and prompt runs of the same samples pair sample by sample.
 */
import { toPlain } from '../core/pyvalue';
import type { ChatMessage, ToolSchema } from '../core/types';
import type { ParamSchema } from '../core/schema';
import { toolLine } from './template';

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}

type JsonSchema = { [key: string]: unknown };

/** BFCL's type names (Python's) in JSON Schema's words. */
const JSON_TYPES: Record<string, string> = { dict: 'object', float: 'number', tuple: 'array', list: 'array', str: 'string', int: 'integer', bool: 'boolean' };

function jsonType(type: string): string | null {
  if (type === 'any') return null;
  return JSON_TYPES[type] ?? type;
}

const MAX_SCHEMA_DEPTH = 32;

function paramSchema(p: ParamSchema, depth: number): JsonSchema {
  if (depth > MAX_SCHEMA_DEPTH) return {};
  const type = jsonType(p.type);
  const out: JsonSchema = type ? { type } : {};
  if (p.description) out.description = p.description;
  if (p.enum) out.enum = toPlain(p.enum as never);
  if (p.default !== undefined && p.default !== '') out.default = toPlain(p.default as never);
  if (p.items) out.items = paramSchema({ type: p.items.type, ...(p.items as Partial<ParamSchema>) } as ParamSchema, depth + 1);
  if (p.properties) out.properties = Object.fromEntries(Object.entries(p.properties).map(([k, v]) => [k, paramSchema(v, depth + 1)]));
  return out;
}

export function openAITool(t: ToolSchema): OpenAITool {
  const properties = Object.fromEntries(Object.entries(t.parameters.properties ?? {}).map(([k, v]) => [k, paramSchema(v, 1)]));
  return {
    type: 'function',
    function: { name: t.name, description: t.description ?? '', parameters: { type: 'object', properties, required: t.parameters.required ?? [] } },
  };
}

export class NativeToolsError extends Error {
  override name = 'NativeToolsError';
}

/**
 * The system message of a native request. Ours also tells the model how to write a call
 * (`[name(arg=value)]`): kept, a model follows it instead of its own template (Qwen2.5 did, so its
 * "native" answers were Python calls in the content), and nothing native is measured. LongFuncEval
 * and CompToolBench send the schemas natively with no call syntax in the prompt.
 */
export const NATIVE_SYSTEM = "You can call functions to fulfil the user's request. If no function fits, do not call one.";

/**
 * The sample's messages with the system message that lists our tools replaced by NATIVE_SYSTEM
 * (the tools then travel natively, in the same order; the user's messages stay as they are, so
 * native and prompt runs pair sample by sample). A prompt without our tool list cannot be asked natively.
 */
export function withoutToolList(messages: readonly ChatMessage[], tools: readonly ToolSchema[]): ChatMessage[] {
  const block = tools.map(toolLine).join('');
  const i = messages.findIndex((m) => m.role === 'system' && block !== '' && m.content.includes(block));
  if (i < 0) throw new NativeToolsError('native tool calls need a prompt that lists its tools (tool catalog, robustness, composition); this sample has none to move into the request');
  return messages.map((m, j) => (j === i ? { ...m, content: NATIVE_SYSTEM } : m));
}
