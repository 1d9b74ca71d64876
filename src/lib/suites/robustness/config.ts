/** The robustness suite's variants and what a run of it is set up with (the paper's defaults). */
import { type ExpansionOptions, PAPER_EXPANSION } from './expand';

export const ORIGINAL = 'original';
export const REPHRASED = 'rephrased';
export const EXPANDED = 'expanded';
export const ROBUSTNESS_VARIANTS = [ORIGINAL, REPHRASED, EXPANDED] as const;

export interface RobustnessConfig {
  /** requests in the base set (the paper: 200) */
  count: number;
  seed: number;
  variants: string[];
  expansion: ExpansionOptions;
  /** accepted model rephrasings, copied into the run when it starts (so it can resume as it began) */
  modelRephrasings?: { model: string; texts: Record<string, string> };
}

export const DEFAULT_ROBUSTNESS: RobustnessConfig = { count: 200, seed: 42, variants: [...ROBUSTNESS_VARIANTS], expansion: PAPER_EXPANSION };
