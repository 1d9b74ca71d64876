/** WildAgtEval's complexity types on the simulated API system: its figures. */
import type { CliCommand } from '../../command';
import { runWildSimulatedFigures } from './figures';

export const commands: readonly CliCommand[] = [
  {
    words: ['wildagteval-simulated'],
    args: '',
    what: "the simulated API system, its conversations, and the oracle's and baseline's Table 3 and cumulative ladder",
    needs: 0,
    run: async (_args, io) => {
      await runWildSimulatedFigures(io.out);
      return 0;
    },
  },
];
