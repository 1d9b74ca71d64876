/** WildAgtEval's complexity types on the simulated API system: its figures. */
import { type CliCommand, printing } from '../../command';
import { runWildSimulatedFigures } from './figures';

export const commands: readonly CliCommand[] = [
  {
    ...printing(['wildagteval-simulated'], '', "the simulated API system, its conversations, and the oracle's and baseline's Table 3 and cumulative ladder", (_args, out) =>
      runWildSimulatedFigures(out),
    ),
    formerly: ['api-complexity'],
  },
];
