/**
 * Rephrasings written by the loaded model itself, as the robustness paper had
 * Llama 3.1 70B write them (our own wording of its instruction). They are kept
 * for review: each is checked for the ground-truth values it must still state,
 * and only the ones a user accepts are asked in a run.
 */
import type { GenerateRequest, PackItem } from '../../core/types';
import { keepsStatedValues } from './perturbations';

export const MODEL_REPHRASED = 'model-rephrased';

const INSTRUCTION =
  "Rewrite the user's request so that it means exactly the same thing, keeping every number, name, date and other value it contains. " +
  'Do not answer or carry out the request. Reply with the rewritten request only, on one line, with no explanation.\n\n' +
  'Example\nRequest: Can I find the dimensions and properties of a triangle, if it is known that its three sides are 5 units, 4 units and 3 units long?\n' +
  'Rewrite: What are the dimensions and properties of a triangle whose three sides are 5, 4 and 3 units long?';

export function rephrasingRequest(question: string, maxTokens = 160): GenerateRequest {
  return {
    messages: [
      { role: 'system', content: INSTRUCTION },
      { role: 'user', content: `Request: ${question}\nRewrite:` },
    ],
    maxTokens,
    temperature: 0,
    stop: ['\n'],
  };
}

/** The rewrite from a model's answer: its first non-empty line, without a "Rewrite:" label or wrapping quotes. */
export function cleanRephrasing(output: string): string {
  const line =
    output
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  return line
    .replace(/^(rewrite|rephrased( request)?|request)\s*:\s*/i, '')
    .replace(/^["“'](.*)["”']$/s, '$1')
    .trim();
}

export function reviewRephrasing(item: PackItem, output: string): { text: string; keepsValues: boolean } {
  const text = cleanRephrasing(output);
  return { text, keepsValues: text !== '' && text !== item.question && keepsStatedValues(item.question, text, item.possibleAnswer) };
}

export function rephrasingKey(packId: string, itemId: string): string {
  return `${packId}|${itemId}`;
}
