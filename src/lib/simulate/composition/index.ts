/** The simulated tool catalog: every tool, by name, and one entry point to run a call. */
import type { Json, ToolSchema } from '../../core/types';
import { COMMUNICATION_TOOLS, FILE_TOOLS, PRODUCTIVITY_TOOLS, STATE_TOOLS } from './actions';
import { DATA_TOOLS, FORMATTING_TOOLS, STRING_TOOLS } from './data';
import { DATE_TOOLS } from './dates';
import { runTool, type ToolResult } from '../define';
import { EXTERNAL_TOOLS, WEB_TOOLS } from './external';
import { MATH_TOOLS } from './math';
import { ENCODING_TOOLS, RETRIEVAL_TOOLS } from './security';
import { NLP_TOOLS, TEXT_TOOLS } from './text';
import type { CompositionTool } from './categories';

export const SIM_TOOLS: readonly CompositionTool[] = [
  ...MATH_TOOLS,
  ...TEXT_TOOLS,
  ...EXTERNAL_TOOLS,
  ...DATA_TOOLS,
  ...WEB_TOOLS,
  ...STRING_TOOLS,
  ...DATE_TOOLS,
  ...COMMUNICATION_TOOLS,
  ...ENCODING_TOOLS,
  ...RETRIEVAL_TOOLS,
  ...FILE_TOOLS,
  ...FORMATTING_TOOLS,
  ...PRODUCTIVITY_TOOLS,
  ...NLP_TOOLS,
  ...STATE_TOOLS,
];

const BY_NAME = new Map(SIM_TOOLS.map((t) => [t.name, t]));

export function simulatedSchemas(): ToolSchema[] {
  return SIM_TOOLS.map((t) => t.schema);
}

/** Runs one call; an unknown tool is a structured error like any other. */
export function simulateCall(name: string, args: Json): ToolResult {
  const tool = BY_NAME.get(name);
  if (!tool) return { ok: false, error: { type: 'not_found', message: `no tool named '${name}'` } };
  return runTool(tool, args);
}

export { type ToolResult } from '../define';
