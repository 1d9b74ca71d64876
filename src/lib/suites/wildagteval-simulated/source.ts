/** API complexity's episodes: the built-in API system and its conversations, or the user's tools and requests. */
import type { SuiteSource } from '../declaration';
import { ownApiSetup } from './request-conversations';
import type { WildSimulatedConfig } from './config';
import { wildSimulatedSource } from './suite';

export const source: SuiteSource<WildSimulatedConfig> = (run, packs, counter) => {
  const config = run.config;
  if (!config.packId) return wildSimulatedSource({ config, counter });
  const pack = packs.find((p) => p.id === config.packId);
  if (!pack) throw new Error(`the tools pack '${config.packId}' of this run is not stored any more (deleted?)`);
  return wildSimulatedSource({ config, counter, own: ownApiSetup(pack) });
};
