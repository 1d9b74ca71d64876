/** Whether a WildAgtEval setup's prompt fits the engine's window, in words (one message for the Start blockers and the setup's red line). */
import type { SetupCommon } from '../declaration';
import type { WildPlanSummary } from './suite';

/** the longest system prompt of the setup: every step sends at least that */
export function planPromptTokens(plan: WildPlanSummary | { error: string } | null): number {
  return plan && 'samples' in plan ? Math.max(0, ...plan.systemTokens.map((t) => t.tokens)) : 0;
}

/** The refusal when the prompt does not fit the window's `limit` (the window less the answer's tokens), or null. */
export function windowRefusal(plan: WildPlanSummary | { error: string } | null, { limit, answerTokens, owner }: SetupCommon['window']): string | null {
  const tokens = planPromptTokens(plan);
  if (tokens <= limit) return null;
  const window = Number.isFinite(limit) ? ` (${(limit + answerTokens).toLocaleString('en-US')} tokens, ${answerTokens} of them for the answer)` : '';
  return `The prompt measures ${tokens.toLocaleString('en-US')} tokens before any conversation: more than ${owner} takes${window}. Run it on an OpenAI-compatible server (engine “OpenAI-compatible server”: vLLM, llama.cpp server, Ollama) serving a model with a window of ${Math.ceil((tokens + answerTokens + 8192) / 1024)}K tokens or more.`;
}
