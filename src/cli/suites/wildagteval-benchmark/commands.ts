/** WildAgtEval's own commands: its analyzer's verdicts on result logs, its gold calls replayed, single calls run. */
import { type CliCommand, printing } from '../../command';
import { runWildAgtEvalCalls } from './calls';
import { runWildAgtEvalParity } from './parity';
import { runWildAgtEvalReplay } from './replay';

export const commands: readonly CliCommand[] = [
  {
    words: ['parity', 'wildagteval'],
    args: '<dir>',
    what: "WildAgtEval's analyzer verdicts on every result log (*.json) under <dir>, one line per file; agree N/M with <dir>/scoring_reference.json",
    needs: 1,
    run: async ([dir = ''], io) => {
      const { agree, total } = runWildAgtEvalParity(dir, io.out, io.err);
      return agree === total ? 0 : 1;
    },
  },
  printing(['wildagteval-replay'], '<ref dir>', 'every gold call of Combined50_transformed replayed on the re-implemented API system, compared with the stored execution results', ([dir = ''], out) =>
    runWildAgtEvalReplay(dir, out),
  ),
  {
    words: ['wildagteval-calls'],
    args: '<cases.jsonl> [--databases DIR]',
    what: 'each case\'s call ({"id", "user", "api", "params", "switches", "variant", "setup"?} per line) on\nfresh databases at the frozen clock; prints {"id", "output"} per case, then calls N, errors E',
    needs: 1,
    run: async (args, io) => (runWildAgtEvalCalls(args, io.out, io.err).errors ? 1 : 0),
  },
];
