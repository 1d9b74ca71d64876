/** The robustness paper's figures. */
import type { CliCommand } from '../../command';
import { runRobustnessFigures } from './figures';

export const commands: readonly CliCommand[] = [
  {
    words: ['robustness'],
    args: '[q.json a.json]',
    what: "rephrasing coverage, toolkit expansion and the baseline's Table 2 (built-in catalog, or a BFCL file pair)",
    needs: 0,
    run: async (args, io) => {
      await runRobustnessFigures([...args], io.out);
      return 0;
    },
  },
];
