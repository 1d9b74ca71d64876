/**
 * Suite C3 of LongFuncEval: long multi-turn conversations. A fact the final
 * call needs is given at the start, either in the user's prose (setting 1,
 * unstructured) or inside a tool's JSON response (setting 2, structured);
 * filler exchanges (request, call, JSON result, reply) then grow the
 * conversation to each target length, and the last user turn asks for the
 * call that depends on the fact. The filler order is seeded per conversation,
 * so a longer conversation continues a shorter one; the last exchange's
 * result is cut to the exact budget (see response-context).
 */
import { hashString, Rng } from '../../core/random';
import type { ChatMessage, ConversationSeed, FillerEpisode, Pack, Sample, ToolSchema } from '../../core/types';
import { ContextBudgetError } from '../../context/catalog-context';
import { fitResponse, responseText } from '../../context/response-context';
import { messagesTokens, type TokenCounter } from '../../context/token-counter';
import { renderMessages, type PromptTemplate, toolResultText } from '../../prompts/template';
import { type PlannedSample, planSource, type PlannedSource } from '../../core/sample-source';
import type { FactSetting, MultiturnConfig } from './config';

const MULTITURN_SUITE = 'multiturn';

/** Whole filler exchanges show this many records of their result; the last one shows as many as the budget needs. */
const WHOLE_EPISODE_RECORDS = 6;

function toolResultMessage(name: string, json: string): ChatMessage {
  return { role: 'tool', content: toolResultText(name, json) };
}

function callName(call: string): string {
  return /^\[?\s*([\w.]+)\s*\(/.exec(call)?.[1] ?? 'tool';
}

function episodeMessages(e: FillerEpisode, records: number): ChatMessage[] {
  const shown = e.response.records.slice(0, records);
  return [
    { role: 'user', content: e.request },
    { role: 'assistant', content: e.call },
    toolResultMessage(callName(e.call), responseText(e.response, shown)),
    { role: 'assistant', content: e.reply.replace('{count}', String(shown.length)) },
  ];
}

function openingMessages(seed: ConversationSeed, setting: FactSetting): ChatMessage[] {
  if (setting === 'prose')
    return [
      { role: 'user', content: seed.prose.user },
      { role: 'assistant', content: seed.prose.assistant },
    ];
  const s = seed.structured;
  return [{ role: 'user', content: s.user }, { role: 'assistant', content: s.call }, toolResultMessage(callName(s.call), JSON.stringify(s.response)), { role: 'assistant', content: s.assistant }];
}

function conversationSeeds(packs: readonly Pack[]): { pack: Pack; seed: ConversationSeed; fillers: FillerEpisode[]; tools: ToolSchema[] }[] {
  return packs.flatMap((pack) => (pack.conversations?.seeds ?? []).map((seed) => ({ pack, seed, fillers: pack.conversations?.fillers ?? [], tools: pack.tools })));
}

export interface MultiturnBuildOptions {
  packs: readonly Pack[];
  config: MultiturnConfig;
  template: PromptTemplate;
  counter: TokenCounter;
}

interface PlannedConversation extends PlannedSample {
  length: number;
  setting: FactSetting;
  k: number;
  entry: ReturnType<typeof conversationSeeds>[number];
}

/** A longer conversation continues the shorter one of the same opening: grouped by conversation, shorter first. */
export function planMultiturn(packs: readonly Pack[], config: MultiturnConfig): PlannedConversation[] {
  const chosen = new Rng(`multiturn-items:${config.seed}`).sample(conversationSeeds(packs), config.count);
  const plan: PlannedConversation[] = [];
  for (const length of [...config.lengths].sort((a, b) => a - b))
    for (const setting of config.settings)
      for (const [k, entry] of chosen.entries()) {
        const id = hashString(`${MULTITURN_SUITE}|${entry.pack.id}|${entry.seed.id}|${length}|${setting}|${k}|${config.seed}`);
        plan.push({ id, cell: { length, variant: setting }, group: `${k}|${setting}`, rank: [length], length, setting, k, entry });
      }
  return plan;
}

/** The conversation's messages at exactly `target` tokens (the sum of the messages' contents). */
function buildConversation(p: PlannedConversation, template: PromptTemplate, counter: TokenCounter, tolerance = 0.005): { messages: ChatMessage[]; tokens: number; episodes: number } {
  const { seed, fillers, tools } = p.entry;
  // the fact's value must not turn up in the filler, or the conversation would restate it
  const needle = seed.factValue.toLowerCase();
  const order = new Rng(`multiturn-fillers:${seed.id}`).shuffle(fillers).filter((e) => !JSON.stringify(e).toLowerCase().includes(needle));
  const [system, final] = renderMessages(template, tools, seed.finalRequest) as [ChatMessage, ChatMessage];
  const head = [system, ...openingMessages(seed, p.setting)];
  const fixed = messagesTokens(counter, head) + counter.count(final.content);
  let remaining = p.length - fixed;
  const whole: ChatMessage[][] = [];
  const costs: number[] = [];
  let next = 0;
  for (; next < order.length; next++) {
    const messages = episodeMessages(order[next] as FillerEpisode, WHOLE_EPISODE_RECORDS);
    const cost = messagesTokens(counter, messages);
    if (cost > remaining) break;
    whole.push(messages);
    costs.push(cost);
    remaining -= cost;
  }
  // one more exchange absorbs the rest, its result cut to fit: the first of the next ones whose shortest form fits;
  // when none does, the last whole exchange is given back first
  const resultPrefix = (e: FillerEpisode) => toolResultText(callName(e.call), '');
  const replyFor = (e: FillerEpisode, n: number) => e.reply.replace('{count}', String(n));
  const around = (e: FillerEpisode) => counter.count(e.request) + counter.count(e.call);
  const shortest = (e: FillerEpisode) => around(e) + fitResponse({ set: e.response, before: resultPrefix(e), after: '', target: 0 }, counter).tokens + counter.count(replyFor(e, 1));
  for (let attempt = 0; attempt < 3 && remaining > 0; attempt++) {
    const e = order.slice(next, next + 8).find((x) => shortest(x) <= remaining);
    if (!e) {
      if (whole.length === 0) break;
      whole.pop();
      remaining += costs.pop() as number;
      next--;
      continue;
    }
    // the reply states how many records are shown: refit until the reply's own length is accounted for
    let replyTokens = counter.count(replyFor(e, 1));
    let fitted = fitResponse({ set: e.response, before: resultPrefix(e), after: '', target: remaining - around(e) - replyTokens }, counter);
    for (let round = 0; round < 3 && counter.count(replyFor(e, fitted.records.length)) !== replyTokens; round++) {
      replyTokens = counter.count(replyFor(e, fitted.records.length));
      fitted = fitResponse({ set: e.response, before: resultPrefix(e), after: '', target: remaining - around(e) - replyTokens }, counter);
    }
    whole.push([
      { role: 'user', content: e.request },
      { role: 'assistant', content: e.call },
      { role: 'tool', content: fitted.text },
      { role: 'assistant', content: replyFor(e, fitted.records.length) },
    ]);
    break;
  }
  const messages = [...head, ...whole.flat(), final];
  const tokens = messagesTokens(counter, messages);
  if (Math.abs(tokens - p.length) > tolerance * p.length) {
    throw new ContextBudgetError(
      `A ${p.length}-token conversation cannot be built for ${seed.id}: it measures ${tokens} tokens. ` +
        (tokens < p.length ? 'The pack has too few filler exchanges for this length; pick shorter lengths.' : 'The opening, the tools and the last request alone are longer; pick a longer length.'),
    );
  }
  return { messages, tokens, episodes: whole.length };
}

export function multiturnSource(opts: MultiturnBuildOptions): PlannedSource {
  return planSource(planMultiturn(opts.packs, opts.config), (p): Sample => {
    const { messages, tokens, episodes } = buildConversation(p, opts.template, opts.counter);
    return {
      id: p.id,
      suite: MULTITURN_SUITE,
      packId: p.entry.pack.id,
      itemId: p.entry.seed.id,
      cell: p.cell,
      messages,
      tools: p.entry.tools,
      needleIndexes: [],
      expected: { kind: 'ast', category: 'multiple', possibleAnswer: p.entry.seed.possibleAnswer },
      promptTokens: tokens,
      facets: { fact: p.entry.seed.factKind, turns: messages.length, exchanges: episodes },
    };
  });
}
