/** The catalog's work in the worker: the needle explorer's readings. */
import type { CallLogprob } from '../../core/types';
import { DEFAULT_PROMPT } from '../../prompts/template';
import type { SuiteJob } from '../jobs';
import { needleSamples } from './suite';

/** the catalog the explorer moves the right tool through: the built-in one */
const EXPLORED_PACKS = ['builtin-catalog'];
/** the explorer's distractors and their order: the app's default seed */
const EXPLORER_SEED = 42;

/**
 * One catalog request at one length, its right tool moved through the catalog, and at each place the
 * loaded GGUF model's probability of the right call (docs/scoring.md) with the tools it thought of
 * instead — no answer generated, the prompts' shared prefix read once (α ascending, KV cache kept).
 * Each point is reported as it is read.
 */
const exploreNeedle: SuiteJob<{ itemId: string; length: number; positions: number[] }, void, { alpha: number; measure: CallLogprob; promptTokens: number }> = async (ask, host, report) => {
  const counter = await host.forcingCounter('the explorer reads its probabilities');
  const packs = await host.loadPacks(EXPLORED_PACKS);
  for (const sample of needleSamples({ packs, template: DEFAULT_PROMPT, counter, seed: EXPLORER_SEED, itemId: ask.itemId, length: ask.length, positions: ask.positions })) {
    report({ alpha: sample.cell.alpha ?? 0, measure: await host.forcedRead(sample), promptTokens: sample.promptTokens });
  }
};

export const jobs = { exploreNeedle };
