/** The robustness paper's figures. */
import { type CliCommand, printing } from '../../command';
import { runRobustnessFigures } from './figures';

export const commands: readonly CliCommand[] = [
  printing(['robustness'], '[q.json a.json]', "rephrasing coverage, toolkit expansion and the baseline's Table 2 (built-in catalog, or a BFCL file pair)", (args, out) =>
    runRobustnessFigures([...args], out),
  ),
];
