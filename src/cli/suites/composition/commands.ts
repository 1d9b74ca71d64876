/** CompToolBench's figures of the simulated catalog and its generated tasks. */
import { type CliCommand, printing } from '../../command';
import { runCompositionFigures } from './figures';

export const commands: readonly CliCommand[] = [
  printing(['composition'], '', "the simulated tool catalog, the generated L0–L3 tasks, and the oracle's and baseline's Table 1 rows", (_args, out) => runCompositionFigures(out)),
];
