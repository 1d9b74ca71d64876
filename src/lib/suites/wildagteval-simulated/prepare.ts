/** What the API-complexity setup reads before Start, in the worker: your tools' pack, where the setup chose one. */
import type { SuitePrepare } from '../declaration';
import type { WildSimulatedConfig } from './config';
import type { OwnToolsPrepared } from './request-conversations';

export const prepare: SuitePrepare<WildSimulatedConfig, OwnToolsPrepared> = async (config, data) => {
  if (!config.packId || !data.packs.some((p) => p.id === config.packId)) return { own: null };
  const [own] = await data.load([config.packId]);
  return { own: own ?? null };
};
