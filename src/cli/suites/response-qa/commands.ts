/** LongFuncEval's figures of the built-in travel packs. */
import { type CliCommand, printing } from '../../command';
import { runLongFuncEvalFigures } from './figures';

export const commands: readonly CliCommand[] = [
  printing(['longfunceval'], '', 'statistics of the built-in travel packs and the baseline on challenges 2 and 3', (_args, out) => runLongFuncEvalFigures(out)),
];
