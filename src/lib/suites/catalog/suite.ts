/**
 * Suite C1 of LongFuncEval: a large tool catalog. For each sampled request,
 * at each context length, the same seeded distractor order is used and only
 * the needle's position moves, so cells differ in exactly one factor.
 */
import { hashString, Rng } from '../../core/random';
import type { Pack, PackItem, Sample, ToolSchema } from '../../core/types';
import { buildCatalogContext, ContextBudgetError, isLineAdditive } from '../../context/catalog-context';
import type { TokenCounter } from '../../context/token-counter';
import type { PromptTemplate } from '../../prompts/template';
import { type PlannedSample, planSource, type PlannedSource } from '../../core/sample-source';
import type { CatalogSweep } from './config';
import { catalogCategory, eligibleItems, toolPool } from './tool-pool';

const CATALOG_SUITE = 'catalog';

export interface CatalogBuildOptions {
  packs: readonly Pack[];
  sweep: CatalogSweep;
  template: PromptTemplate;
  counter: TokenCounter;
  templateOverhead?: number;
}

interface PlannedCatalog extends PlannedSample {
  length: number;
  position: number;
  variant?: string;
  pack: Pack;
  item: PackItem;
}

/**
 * Sample ids and cells without building prompts: for planning and for resuming. One request at one
 * length keeps its distractor order at every position, so its prompts share everything before the
 * needle's earliest position (α ascending); its free and constrained variants share the whole prompt.
 */
export function planCatalog(packs: readonly Pack[], sweep: CatalogSweep): PlannedCatalog[] {
  const rng = new Rng(`catalog-items:${sweep.seed}`);
  const asked = sweep.requestPackIds ? packs.filter((p) => sweep.requestPackIds?.includes(p.id)) : packs;
  const chosen = rng.sample(eligibleItems(asked), sweep.samplesPerCell);
  const variants: (string | undefined)[] = sweep.variants?.length ? sweep.variants : [undefined];
  const plan: PlannedCatalog[] = [];
  for (const length of sweep.lengths) {
    for (const position of sweep.positions) {
      for (const [k, { pack, item }] of chosen.entries()) {
        for (const [v, variant] of variants.entries()) {
          const id = hashString(`${CATALOG_SUITE}|${pack.id}|${item.id}|${length}|${position}|${k}|${sweep.seed}${variant === undefined ? '' : `|${variant}`}`);
          const cell = variant === undefined ? { length, alpha: position } : { length, alpha: position, variant };
          plan.push({ id, cell, group: `${length}|${k}`, rank: [position, v], itemId: item.id, length, position, variant, pack, item });
        }
      }
    }
  }
  return plan;
}

/** The run's samples, each built only when the run loop reaches it. */
export function catalogSource(opts: CatalogBuildOptions): PlannedSource {
  const pool = toolPool(opts.packs);
  let measureWhole: boolean | undefined;
  return planSource(planCatalog(opts.packs, opts.sweep), (p) => {
    measureWhole ??= !isLineAdditive(opts.counter, pool);
    return buildOne(opts, pool, p, measureWhole);
  });
}

/**
 * One request's prompts at one length with its right tool moved through the catalog, α ascending:
 * the same distractors in the same order at every position (the sweep's own rule), so consecutive
 * prompts share everything before the needle's earlier place and an engine that keeps its KV cache
 * reads that prefix once. What the needle explorer asks the loaded model.
 */
export function needleSamples(opts: Omit<CatalogBuildOptions, 'sweep'> & { seed: number; itemId: string; length: number; positions: readonly number[] }): Sample[] {
  const found = eligibleItems(opts.packs).find(({ item }) => item.id === opts.itemId);
  if (!found) throw new Error(`no request "${opts.itemId}" in these packs`);
  const pool = toolPool(opts.packs);
  const sweep: CatalogSweep = { lengths: [opts.length], positions: [...opts.positions], samplesPerCell: 1, seed: opts.seed };
  const measureWhole = !isLineAdditive(opts.counter, pool);
  return [...opts.positions]
    .sort((a, b) => a - b)
    .map((position) => {
      const cell = { length: opts.length, alpha: position };
      const id = hashString(`${CATALOG_SUITE}|explore|${found.pack.id}|${found.item.id}|${opts.length}|${position}|${opts.seed}`);
      return buildOne(
        { ...opts, sweep },
        pool,
        { id, cell, group: String(opts.length), rank: [position, 0], itemId: found.item.id, length: opts.length, position, pack: found.pack, item: found.item },
        measureWhole,
      );
    });
}

export function buildCatalogSamples(opts: CatalogBuildOptions): Sample[] {
  const source = catalogSource(opts);
  return source.ids.map((id) => source.build(id));
}

function buildOne(opts: CatalogBuildOptions, pool: readonly ToolSchema[], p: PlannedCatalog, measureWhole: boolean): Sample {
  const needleNames = new Set(p.item.tools.map((t) => t.name));
  const distractors = new Rng(`catalog-distractors:${opts.sweep.seed}:${p.pack.id}:${p.item.id}:${p.length}`).shuffle(pool.filter((t) => !needleNames.has(t.name)));
  const ctx = buildCatalogContext(
    {
      template: opts.template,
      question: p.item.question,
      needles: p.item.tools,
      distractors,
      position: p.position,
      targetTokens: p.length,
      templateOverhead: opts.templateOverhead ?? 0,
      measureWhole,
    },
    opts.counter,
  );
  if (!ctx.withinTolerance) {
    throw new ContextBudgetError(
      `A ${p.length}-token prompt cannot be built for request ${p.item.id}: it measures ${ctx.promptTokens} tokens. ` +
        (ctx.promptTokens < p.length
          ? 'The chosen packs do not have enough distinct tools; pick shorter lengths or import more packs.'
          : 'The request and its own tools alone are longer; pick a longer length.'),
    );
  }
  return {
    id: p.id,
    suite: CATALOG_SUITE,
    packId: p.pack.id,
    itemId: p.item.id,
    cell: p.cell,
    messages: ctx.messages,
    tools: ctx.tools,
    needleIndexes: ctx.needleIndexes,
    expected: { kind: 'ast', category: catalogCategory(p.item.category), possibleAnswer: p.item.possibleAnswer },
    promptTokens: ctx.promptTokens,
  };
}
