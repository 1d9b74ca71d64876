/**
 * A multi-turn exchange with tools: the model's calls are run by the
 * sample's simulations and their results sent back, turn after turn, until
 * the model answers without a call or the turn limit is reached. Every call
 * of every turn is collected for scoring.
 */
import { type CallExecutor, TURN_SEPARATOR } from '../core/sample-source';
import type { ChatMessage, GenerateRequest, GenerateResult } from '../core/types';
import { type OutputFormat, parseCalls } from '../parsing';
import type { Call } from '../core/calls';
import { toolResultText } from '../prompts/template';

export interface ExchangeResult extends GenerateResult {
  calls: Call[];
}

export async function runExchange(
  generate: (request: GenerateRequest) => Promise<GenerateResult>,
  first: GenerateRequest,
  format: OutputFormat,
  execute: CallExecutor,
  maxTurns: number,
): Promise<ExchangeResult> {
  const messages: ChatMessage[] = [...first.messages];
  const calls: Call[] = [];
  const transcript: string[] = [];
  const total: ExchangeResult = { ...emptyResult(), calls };
  for (let turn = 0; turn < maxTurns; turn++) {
    const gen = await generate({ ...first, messages: [...messages], ...(turn > 0 ? { continues: true } : {}) });
    accumulate(total, gen);
    transcript.push(`[assistant]\n${gen.text}`);
    if (gen.finishReason === 'abort') break;
    const parsed = parseCalls(gen.text, format);
    if (!parsed.ok || parsed.calls.length === 0) break;
    calls.push(...parsed.calls);
    const results = parsed.calls.map((c) => toolResultText(c.name, execute(c))).join(TURN_SEPARATOR);
    transcript.push(`[tool]\n${results}`);
    messages.push({ role: 'assistant', content: gen.text }, { role: 'tool', content: results });
  }
  total.text = transcript.join(TURN_SEPARATOR);
  return withSpeeds(total);
}

export function emptyResult(): GenerateResult {
  return { text: '', finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 0 }, timings: { prefillMs: 0, decodeMs: 0 } };
}

/** Adds one generation's counts and times to a running total of several. */
export function accumulate(total: GenerateResult, gen: GenerateResult): void {
  total.usage.promptTokens += gen.usage.promptTokens;
  if (gen.usage.prefilledTokens !== undefined) total.usage.prefilledTokens = (total.usage.prefilledTokens ?? 0) + gen.usage.prefilledTokens;
  total.usage.completionTokens += gen.usage.completionTokens;
  total.timings.prefillMs += gen.timings.prefillMs;
  total.timings.decodeMs += gen.timings.decodeMs;
  total.finishReason = gen.finishReason;
}

/** The speeds over all generations of a total, from the engine's own counts. */
export function withSpeeds<T extends GenerateResult>(total: T): T {
  const { promptTokens, completionTokens } = total.usage;
  if (total.timings.prefillMs > 0 && promptTokens > 0) total.timings.prefillTokensPerSecond = (promptTokens / total.timings.prefillMs) * 1000;
  if (total.timings.decodeMs > 0 && completionTokens > 0) total.timings.decodeTokensPerSecond = (completionTokens / total.timings.decodeMs) * 1000;
  return total;
}
