/** The response-QA sweep's settings and cells, apart from the templates (the setup screen needs only these). */

export const QA_EXPERIMENTS = ['size', 'position'] as const;
export type QaExperiment = (typeof QA_EXPERIMENTS)[number];
/** p runs from 1 (the first record) to 8 (the last), evenly spaced over the records shown. */
export const POSITION_SLOTS = 8;
export const PAPER_QA_POSITIONS = [1, 2, 3, 4, 5, 6, 7, 8];

export interface ResponseQaConfig {
  /** prompt lengths of the size ladder; the largest is also the position experiment's length */
  lengths: number[];
  positions: number[];
  experiments: QaExperiment[];
  samplesPerCell: number;
  seed: number;
}

export const DEFAULT_RESPONSE_QA: ResponseQaConfig = { lengths: [1024, 2048, 4096], positions: PAPER_QA_POSITIONS, experiments: ['size', 'position'], samplesPerCell: 10, seed: 42 };

/** The cells a configuration plans: each experiment, its response size and the record that holds the answer (position p). */
export function cellsOf(config: ResponseQaConfig): { experiment: QaExperiment; length: number; record: number }[] {
  const lengths = [...config.lengths].sort((a, b) => a - b);
  const largest = lengths.at(-1);
  const cells: { experiment: QaExperiment; length: number; record: number }[] = [];
  if (config.experiments.includes('size')) for (const length of lengths) cells.push({ experiment: 'size', length, record: 1 });
  if (config.experiments.includes('position') && largest !== undefined)
    for (const record of [...config.positions].sort((a, b) => a - b)) cells.push({ experiment: 'position', length: largest, record });
  return cells;
}
