/** LongFuncEval's figures of the built-in travel packs. */
import type { CliCommand } from '../../command';
import { runLongFuncEvalFigures } from './figures';

export const commands: readonly CliCommand[] = [
  {
    words: ['longfunceval'],
    args: '',
    what: 'statistics of the built-in travel packs and the baseline on challenges 2 and 3',
    needs: 0,
    run: async (_args, io) => {
      await runLongFuncEvalFigures(io.out);
      return 0;
    },
  },
];
