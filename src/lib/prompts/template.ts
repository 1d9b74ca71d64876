/** Prompt wording for function-calling samples: our own, editable in the UI. */
import { toPlain } from '../core/pyvalue';
import type { ChatMessage, ToolSchema } from '../core/types';

export interface PromptTemplate {
  /** must contain {tools} exactly once */
  system: string;
  /** must contain {question} exactly once */
  user: string;
}

export const DEFAULT_PROMPT: PromptTemplate = {
  system:
    "You can call functions to fulfil the user's request. Below is the list of available functions, one JSON object per line.\n\n" +
    '{tools}\n' +
    'Answer with the function call(s) that fulfil the request and nothing else, in this format:\n' +
    '[function_name(param1=value1, param2=value2)]\n' +
    'Use Python literals for values (strings in quotes). Include only the parameters the request gives or requires. ' +
    'If no function fits, answer with [].',
  user: '{question}',
};

export class TemplateError extends Error {
  override name = 'TemplateError';
}

export function validateTemplate(t: PromptTemplate): void {
  if (t.system.split('{tools}').length !== 2) throw new TemplateError('the system prompt must contain {tools} exactly once');
  if (t.user.split('{question}').length !== 2) throw new TemplateError('the user prompt must contain {question} exactly once');
}

/** A tool as one line of the prompt (JSON without spaces, newline-terminated). */
export function toolLine(tool: ToolSchema): string {
  return JSON.stringify(toPlain(tool as never)) + '\n';
}

/** How a tool's result is shown to the model (a conversation's tool turn, a multi-turn exchange). */
export function toolResultText(name: string, json: string): string {
  return `Result of ${name}:\n${json}`;
}

/** The system and user messages of a request offering `tools`. */
export function renderMessages(template: PromptTemplate, tools: readonly ToolSchema[], question: string): ChatMessage[] {
  const [before, after] = template.system.split('{tools}') as [string, string];
  return [
    { role: 'system', content: before + tools.map(toolLine).join('') + after },
    { role: 'user', content: template.user.replace('{question}', question) },
  ];
}
