/** fc-playground command line: `npm run -s cli -- <command> …` (the generic commands here, a suite's own from `suites/registry.ts`). */
import { runFuzzCheck } from './checks/fuzz-check';
import { commandOf, printing, usageOf, type CliCommand, type CliIo } from './command';
import { runBfclParity } from './parity/parity-bfcl';
import { runDagParity } from './parity/parity-comptoolbench';
import { runDagAggregates } from './parity/parity-comptoolbench-aggregates';
import { SUITE_COMMANDS } from './suites/registry';

const GENERIC: readonly CliCommand[] = [
  printing(['parity', 'bfcl-ast'], '<dir>', 'score <dir>/cases.jsonl against <dir>/samples.jsonl (BFCL AST)', ([dir = ''], out) => runBfclParity(dir, out)),
  printing(['parity', 'comptoolbench'], '<dir>', 'score <dir>/cases.jsonl against <dir>/tasks.jsonl (CompToolBench DAG)', ([dir = ''], out) => {
    const { scores, corpus } = runDagParity(dir, out);
    runDagAggregates(dir, corpus, scores, out);
  }),
  {
    words: ['fuzz-check'],
    args: '<inputs.jsonl>',
    what: 'every output ({"text": …} per line) through every parser and renderer, timed; exit 1 on a throw or an input over 50 ms',
    needs: 1,
    run: async ([path = ''], io) => runFuzzCheck(path, io.out),
  },
];

const COMMANDS = [...GENERIC, ...SUITE_COMMANDS];

async function main(argv: readonly string[]): Promise<number> {
  const io: CliIo = { out: (line) => process.stdout.write(line + '\n'), err: (line) => process.stderr.write(line + '\n') };
  const named = commandOf(COMMANDS, argv);
  if (named?.renamed) io.err(`note: ${named.renamed}`);
  if (named) return named.command.run(named.args, io);
  io.err(`usage:\n${usageOf(COMMANDS)}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
