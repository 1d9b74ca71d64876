/**
 * The robustness suite (Rabinovich & Anaby-Tavor): every request of a base set
 * asked as written, rephrased (meaning kept), and with an expanded toolkit, in
 * one run, so the drops are paired request by request.
 */
import { hashString, Rng } from '../../core/random';
import type { Pack, PackItem, Sample } from '../../core/types';
import { messagesTokens, type TokenCounter } from '../../context/token-counter';
import { type PromptTemplate, renderMessages } from '../../prompts/template';
import { type PlannedSample, planSource, type PlannedSource } from '../../core/sample-source';
import { catalogCategory, eligibleItems, toolPool } from '../catalog/tool-pool';
import { ToolIndex } from './expand';
import { EXPANDED, REPHRASED, type RobustnessConfig } from './config';
import { MODEL_REPHRASED, rephrasingKey } from './model-rephrase';
import { PERTURBATIONS, rephrase } from './perturbations';

const ROBUSTNESS_SUITE = 'robustness';

/** The requests of the base set (those with a call to make), in their seeded order. */
export function baseSet(packs: readonly Pack[], config: Pick<RobustnessConfig, 'count' | 'seed'>): { pack: Pack; item: PackItem }[] {
  return new Rng(`robustness-items:${config.seed}`).sample(eligibleItems(packs), config.count);
}

interface PlannedRequest extends PlannedSample {
  variant: string;
  pack: Pack;
  item: PackItem;
}

/** A request's variants one after the other (as written and rephrased share their tools, so the whole system prompt). */
export function planRobustness(packs: readonly Pack[], config: RobustnessConfig): PlannedRequest[] {
  const chosen = baseSet(packs, config);
  const plan: PlannedRequest[] = [];
  for (const { pack, item } of chosen) {
    for (const [v, variant] of config.variants.entries()) {
      // a request no accepted model rephrasing exists for is not asked in that variant
      if (variant === MODEL_REPHRASED && config.modelRephrasings?.texts[rephrasingKey(pack.id, item.id)] === undefined) continue;
      const id = hashString(`${ROBUSTNESS_SUITE}|${pack.id}|${item.id}|${variant}|${config.seed}`);
      plan.push({ id, cell: { length: 0, variant }, group: `${pack.id}|${item.id}`, rank: [v], itemId: item.id, variant, pack, item });
    }
  }
  return plan;
}

export interface RobustnessBuildOptions {
  packs: readonly Pack[];
  config: RobustnessConfig;
  template: PromptTemplate;
  counter: TokenCounter;
}

export function robustnessSource(opts: RobustnessBuildOptions): PlannedSource {
  let index: ToolIndex | null = null;
  return planSource(planRobustness(opts.packs, opts.config), (p): Sample => {
    let tools = p.item.tools;
    let question = p.item.question;
    if (p.variant === REPHRASED) question = rephrase(question, p.item.possibleAnswer).text;
    if (p.variant === MODEL_REPHRASED) question = opts.config.modelRephrasings?.texts[rephrasingKey(p.pack.id, p.item.id)] ?? question;
    if (p.variant === EXPANDED) {
      index ??= new ToolIndex(toolPool(opts.packs));
      const added = index.expand(question, tools, opts.config.expansion).added;
      // the added tools are mixed in, so the original ones are not always first
      tools = new Rng(`robustness-order:${opts.config.seed}:${p.item.id}`).shuffle([...tools, ...added]);
    }
    const messages = renderMessages(opts.template, tools, question);
    const names = new Set(p.item.tools.map((t) => t.name));
    return {
      id: p.id,
      suite: ROBUSTNESS_SUITE,
      packId: p.pack.id,
      itemId: p.item.id,
      cell: p.cell,
      messages,
      tools,
      needleIndexes: tools.flatMap((t, i) => (names.has(t.name) ? [i] : [])),
      expected: { kind: 'ast', category: catalogCategory(p.item.category), possibleAnswer: p.item.possibleAnswer },
      promptTokens: messagesTokens(opts.counter, messages),
    };
  });
}

export interface RobustnessCoverage {
  requests: number;
  /** share of the base set each rule changed */
  perturbations: { id: string; label: string; share: number }[];
  /** base requests no rule could change (their "rephrased" variant repeats the original) */
  unchanged: number;
  /** how many base requests got 0, 1, 2 … added tools */
  addedHistogram: number[];
  meanAdded: number;
  meanToolkitBefore: number;
  meanToolkitAfter: number;
  /** candidates left out as too similar to an offered tool */
  tooSimilar: number;
}

/** What the rephrasing rules and the expansion do to this base set, before running anything. */
export function robustnessCoverage(packs: readonly Pack[], config: RobustnessConfig): RobustnessCoverage {
  const chosen = baseSet(packs, config);
  const index = new ToolIndex(toolPool(packs));
  const counts = new Map<string, number>();
  const histogram: number[] = [];
  let unchanged = 0;
  let tooSimilar = 0;
  let before = 0;
  let added = 0;
  for (const { item } of chosen) {
    const r = rephrase(item.question, item.possibleAnswer);
    if (r.applied.length === 0) unchanged++;
    for (const a of r.applied) counts.set(a, (counts.get(a) ?? 0) + 1);
    const e = index.expand(item.question, item.tools, config.expansion);
    histogram[e.added.length] = (histogram[e.added.length] ?? 0) + 1;
    tooSimilar += e.tooSimilar.length;
    before += item.tools.length;
    added += e.added.length;
  }
  const n = Math.max(1, chosen.length);
  return {
    requests: chosen.length,
    perturbations: PERTURBATIONS.map((p) => ({ id: p.id, label: p.label, share: (counts.get(p.id) ?? 0) / n })),
    unchanged,
    addedHistogram: Array.from({ length: histogram.length }, (_, i) => histogram[i] ?? 0),
    meanAdded: added / n,
    meanToolkitBefore: before / n,
    meanToolkitAfter: (before + added) / n,
    tooSimilar,
  };
}
