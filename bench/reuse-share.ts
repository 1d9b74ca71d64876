/**
 * Per suite, the share of prompt tokens an engine that keeps its last prompt's KV cache would not
 * compute, in sweep-grid order and with shared prompts together (Llama 3 tokenizer). Part of
 * `npm run bench`; alone: `npx tsx bench/reuse-share.ts`.
 */
import { pathToFileURL } from 'node:url';
import { buildCatalogPack } from '../datasets/catalog/build';
import { buildCompositionPack } from '../datasets/composition/build';
import { buildConversationsPack, buildResponsesPack } from '../datasets/travel/build';
import { CachedCounter } from '../src/lib/context/token-counter';
import { inRunOrder, type PlannedSource, type RunOrder } from '../src/lib/core/sample-source';
import { DEFAULT_PROMPT } from '../src/lib/prompts/template';
import { promptText, reusableShare } from '../src/lib/run/reuse';
import { catalogSource } from '../src/lib/suites/catalog/suite';
import { CONSTRAINED, FREE } from '../src/lib/suites/catalog/config';
import { compositionSource } from '../src/lib/suites/composition/suite';
import { DEFAULT_COMPOSITION } from '../src/lib/suites/composition/config';
import { multiturnSource } from '../src/lib/suites/multiturn/suite';
import { responseQaSource } from '../src/lib/suites/response-qa/suite';
import { robustnessSource } from '../src/lib/suites/robustness/suite';
import { DEFAULT_ROBUSTNESS } from '../src/lib/suites/robustness/config';
import { llama3Counter } from '../src/lib/tokenizers/llama3';

export function printReuseShares(): void {
  const pack = buildCatalogPack();
  const responsesPack = buildResponsesPack();
  const conversationsPack = buildConversationsPack();
  const compositionPack = buildCompositionPack();
  const counter = new CachedCounter(llama3Counter);
  const suites: [string, () => PlannedSource][] = [
    [
      'tool catalog 1K–8K × 5 α × 2 requests',
      () => catalogSource({ packs: [pack], sweep: { lengths: [1024, 2048, 4096, 8192], positions: [0.1, 0.3, 0.5, 0.7, 0.9], samplesPerCell: 2, seed: 11 }, template: DEFAULT_PROMPT, counter }),
    ],
    [
      'tool catalog, the same, free vs constrained',
      () =>
        catalogSource({
          packs: [pack],
          sweep: { lengths: [1024, 2048, 4096, 8192], positions: [0.1, 0.3, 0.5, 0.7, 0.9], samplesPerCell: 2, seed: 11, variants: [FREE, CONSTRAINED] },
          template: DEFAULT_PROMPT,
          counter,
        }),
    ],
    [
      'long tool responses 1K–8K, p 1–8 × 4',
      () =>
        responseQaSource({
          packs: [responsesPack],
          config: { lengths: [1024, 2048, 4096, 8192], positions: [1, 2, 3, 4, 5, 6, 7, 8], experiments: ['size', 'position'], samplesPerCell: 4, seed: 11 },
          counter,
        }),
    ],
    [
      'long conversations 2K–16K × 2 settings × 4',
      () =>
        multiturnSource({
          packs: [conversationsPack],
          config: { lengths: [2048, 4096, 8192, 16384], settings: ['prose', 'structured'], count: 4, seed: 11 },
          template: DEFAULT_PROMPT,
          counter,
        }),
    ],
    ['robustness 30 requests × 3 variants', () => robustnessSource({ packs: [pack], config: { ...DEFAULT_ROBUSTNESS, count: 30, seed: 11 }, template: DEFAULT_PROMPT, counter })],
    ['composition L0–L3 × 5, single-turn, +10 distractors', () => compositionSource({ packs: [compositionPack], config: { ...DEFAULT_COMPOSITION, perLevel: 5, distractors: 10, seed: 11 }, counter })],
  ];
  console.log('prompt tokens an engine would not compute, by what it keeps cached (Llama 3 tokenizer; multi-turn exchanges add their own turns on top):');
  console.log('  its last prompt (our engines in the tab) | a server prefix cache of 16 prompts (vLLM / SGLang under load) | an unbounded prefix cache');
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  for (const [name, make] of suites) {
    const prompts = (order: RunOrder) => {
      const source = inRunOrder(make(), order);
      return source.ids.map((id) => promptText(source.build(id).messages));
    };
    const grid = prompts('grid');
    const prefix = prompts('prefix');
    const share = (ps: string[], capacity: number) => reusableShare(ps, (t) => counter.count(t), capacity);
    const last = [share(grid, 1), share(prefix, 1)] as const;
    const server = [share(grid, 16), share(prefix, 16)] as const;
    const unbounded = share(prefix, Infinity);
    console.log(
      `  ${name}: ${last[0].promptTokens} prompt tokens; last prompt: grid order ${pct(last[0].share)}, shared prompts together ${pct(last[1].share)} (prefill ${(1 / (1 - last[1].share)).toFixed(2)}× less) | 16 cached: grid ${pct(server[0].share)}, together ${pct(server[1].share)} | unbounded ${pct(unbounded.share)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printReuseShares();
