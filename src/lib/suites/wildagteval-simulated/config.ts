/** The API-complexity suite: what a run of it is set up with, and the paper's isolated setting it opens with. */
import type { ComplexityType } from '../../simulate/api/complexity';
import { CUMULATIVE_LADDER } from '../../simulate/api/complexity';
import { type CallFormat, MAX_STEPS_PER_TURN } from '../../prompts/episode-protocol';
import type { Wording } from './conversations';
import type { EvalMode } from './episode';

export const WILD_SIMULATED_SUITE = 'wildagteval-simulated';
/** the suite's id when its sample ids were first hashed: the hash keeps it, so a sample's id (and a resumed run) never changes */
export const SAMPLE_IDS_HASHED_AS = 'api-complexity';

export interface WildSimulatedConfig {
  mode: EvalMode;
  /** isolated: the types evaluated, each off and on */
  types: ComplexityType[];
  /** cumulative: the rungs of the ladder (by name) */
  ladder: string[];
  wordings: Wording[];
  /** the first N built-in conversations; 0 = all */
  conversations: number;
  /** isolated: at most this many target points per type (seeded choice); 0 = all */
  perType: number;
  /** replies allowed per turn (the paper: 15; fewer keeps a slow device's run short) */
  maxSteps?: number;
  /** error handling judged by the rubric checks (default) or by the engine under test given the rubric (the paper: a strong LLM) */
  judge?: 'rubric' | 'engine';
  /** how replies write calls (default WildAgtEval's `<API_CALL>`) */
  callFormat?: CallFormat;
  /** the user's own tools and requests (a "yours" pack) instead of the built-in system and conversations */
  packId?: string;
  seed: number;
}

/** Table 3's four API-accuracy types, plus the two error types (judged) — the paper's isolated setting. */
export const DEFAULT_WILD_SIMULATED: WildSimulatedConfig = {
  mode: 'isolated',
  types: ['ad_hoc', 'unclear', 'notice', 'irrelevant', 'feature_limit', 'system_failure'],
  ladder: CUMULATIVE_LADDER.map((r) => r.name),
  wordings: ['coref'],
  conversations: 0,
  perType: 0,
  seed: 7,
  maxSteps: MAX_STEPS_PER_TURN,
  judge: 'rubric',
  callFormat: 'api-call',
};
