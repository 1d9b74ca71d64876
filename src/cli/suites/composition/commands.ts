/** CompToolBench's figures of the simulated catalog and its generated tasks. */
import type { CliCommand } from '../../command';
import { runCompositionFigures } from './figures';

export const commands: readonly CliCommand[] = [
  {
    words: ['composition'],
    args: '',
    what: "the simulated tool catalog, the generated L0–L3 tasks, and the oracle's and baseline's Table 1 rows",
    needs: 0,
    run: async (_args, io) => {
      await runCompositionFigures(io.out);
      return 0;
    },
  },
];
