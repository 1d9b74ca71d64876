/** WildAgtEval's own benchmark as episodes: every conversation of the chosen set under each experiment. */
import type { SuiteSource } from '../declaration';
import type { WildAgtEvalConfig } from './config';
import { wildAgtEvalSource, wildBenchmarkOf } from './suite';

export const source: SuiteSource<WildAgtEvalConfig | null> = (run, packs, counter) => {
  const config = run.config;
  if (!config) throw new Error('this WildAgtEval run has no configuration (it was read from published result logs)');
  const pack = packs.find((p) => p.id === config.packId);
  if (!pack) throw new Error(`the WildAgtEval pack '${config.packId}' of this run is not stored any more (deleted?)`);
  return wildAgtEvalSource({ config, bench: wildBenchmarkOf(pack), counter, model: run.model });
};
