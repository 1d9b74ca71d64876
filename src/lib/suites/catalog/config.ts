/** The catalog suite's sweep (what a run of it is set up with) and its variant names. */
export interface CatalogSweep {
  lengths: number[];
  positions: number[];
  samplesPerCell: number;
  seed: number;
  /** e.g. ['free', 'constrained']: every sample is asked once per variant, with the same prompt */
  variants?: string[];
  /** the packs whose requests are asked (the needles); the other packs only lend distractor tools. All when absent. */
  requestPackIds?: string[];
}

export { CONSTRAINED } from '../../core/types';
export const FREE = 'free';

export const PAPER_POSITIONS = [0.1, 0.3, 0.5, 0.7, 0.9];
