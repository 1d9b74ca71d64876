/** The multi-turn suite's fact settings and what a run of it is set up with. */

export type FactSetting = 'prose' | 'structured';

export const FACT_SETTINGS: { id: FactSetting; label: string }[] = [
  { id: 'prose', label: "setting 1: the fact in the user's words (unstructured)" },
  { id: 'structured', label: "setting 2: the fact in a tool's JSON response (structured)" },
];

export interface MultiturnConfig {
  lengths: number[];
  settings: FactSetting[];
  /** base conversations (the paper: 100) */
  count: number;
  seed: number;
}

export const DEFAULT_MULTITURN: MultiturnConfig = { lengths: [2048, 4096, 8192], settings: ['prose', 'structured'], count: 20, seed: 42 };
