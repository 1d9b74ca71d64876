/** Which built-in packs each suite uses unless the user picks others (ids only: the page need not load the builders). */
import type { SuiteId } from './run-row';

export const DEFAULT_PACKS: Readonly<Record<SuiteId, readonly string[]>> = {
  catalog: ['builtin-catalog'],
  robustness: ['builtin-catalog'],
  'response-qa': ['builtin-travel-responses'],
  multiturn: ['builtin-travel-conversations'],
  composition: ['builtin-composition'],
  // the API-complexity suite brings its own API system
  'api-complexity': [],
  // WildAgtEval's benchmark is the imported pack it is run on (chosen in its fields)
  wildagteval: [],
};
