/** WildAgtEval's own benchmark: what a run of it is set up with, and the setup it opens with. */
export const WILD_BENCHMARK_SUITE = 'wildagteval-benchmark';
/** the suite's id when its sample ids were first hashed: the hash keeps it, so a sample's id (and a resumed run) never changes */
export const SAMPLE_IDS_HASHED_AS = 'wildagteval';

export interface WildAgtEvalConfig {
  /** the imported WildAgtEval pack */
  packId: string;
  /** the conversation set (its folder name, e.g. Combined50_transformed) */
  set: string;
  /** experiment ids of WILD_EXPERIMENTS */
  experiments: string[];
  /** the first N conversations of the set (by file name); 0 = all */
  conversations: number;
}

export const DEFAULT_WILDAGTEVAL: WildAgtEvalConfig = { packId: '', set: 'Combined50_transformed', experiments: ['isolated:ad-hoc:off', 'isolated:ad-hoc:on'], conversations: 0 };
