/** The composition suite (CompToolBench): what a run of it is set up with. */
import type { CompositionProtocol } from '../../core/types';
import { LEVELS, type Level } from '../../core/expected';

export interface CompositionConfig {
  levels: Level[];
  /** tasks per level, in the pack's order after a seeded shuffle; 0 = every task */
  perLevel: number;
  /** distractors offered beside the task's own tools; null = the whole catalog of the chosen packs */
  distractors: number | null;
  protocol: CompositionProtocol;
  seed: number;
  /** only these task ids (e.g. the tasks a predictions file covers); absent = no restriction */
  onlyTasks?: string[];
}

export const DEFAULT_COMPOSITION: CompositionConfig = { levels: [...LEVELS], perLevel: 0, distractors: null, protocol: 'single-turn', seed: 42 };
