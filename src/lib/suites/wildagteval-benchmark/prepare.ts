/** What WildAgtEval's setup measures before Start, in the worker: the imported benchmark's files, and the plan with its system prompts in Llama 3's tokens. */
import type { SuitePrepare } from '../declaration';
import { wildSummaryOf, type WildFilesSummary } from './benchmark-files';
import type { WildAgtEvalConfig } from './config';
import { wildBenchmarkOf, wildPlanSummary, type WildPlanSummary } from './suite';

export interface WildPrepared {
  /** the imported benchmark's pack, or null: none imported */
  packId: string | null;
  summary: WildFilesSummary | null;
  /** what the setup would run, or why it cannot */
  plan: WildPlanSummary | { error: string } | null;
}

export const prepare: SuitePrepare<WildAgtEvalConfig, WildPrepared> = async (config, data) => {
  const row = data.packs.find((p) => p.source === 'wildagteval');
  const [pack] = row ? await data.load([row.id]) : [];
  if (!pack) return { packId: null, summary: null, plan: null };
  const summary = wildSummaryOf(pack.files ?? []);
  try {
    return { packId: pack.id, summary, plan: wildPlanSummary({ ...config, packId: pack.id }, wildBenchmarkOf(pack), await data.counter()) };
  } catch (e) {
    return { packId: pack.id, summary, plan: { error: (e as Error).message } };
  }
};
