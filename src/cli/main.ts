/** fc-playground command line: `npm run -s cli -- <command> …` */
import { runBfclParity } from './parity/parity-bfcl';
import { runDagParity } from './parity/parity-comptoolbench';
import { runDagAggregates } from './parity/parity-comptoolbench-aggregates';
import { runCompositionFigures } from './figures/composition';
import { runLongFuncEvalFigures } from './figures/longfunceval';
import { runRobustnessFigures } from './figures/robustness';
import { runApiComplexityFigures } from './figures/api-complexity';
import { runFuzzCheck } from './checks/fuzz-check';
import { runWildAgtEvalParity } from './parity/parity-wildagteval';
import { runWildAgtEvalReplay } from './parity/wildagteval-replay';
import { runWildAgtEvalCalls } from './parity/wildagteval-calls';

const USAGE = `usage:
  cli parity bfcl-ast <dir>        score <dir>/cases.jsonl against <dir>/samples.jsonl (BFCL AST)
  cli parity comptoolbench <dir>   score <dir>/cases.jsonl against <dir>/tasks.jsonl (CompToolBench DAG)
  cli parity wildagteval <dir>     WildAgtEval's analyzer verdicts on every result log (*.json) under <dir>, one line per file; agree N/M with <dir>/scoring_reference.json
  cli wildagteval-replay <ref dir> every gold call of Combined50_transformed replayed on the re-implemented API system, compared with the stored execution results
  cli wildagteval-calls <cases.jsonl> [--databases DIR]
                                   each case's call ({"id", "user", "api", "params", "switches", "variant", "setup"?} per line) on
                                   fresh databases at the frozen clock; prints {"id", "output"} per case, then calls N, errors E
  cli robustness [q.json a.json]   rephrasing coverage, toolkit expansion and the baseline's Table 2 (built-in catalog, or a BFCL file pair)
  cli longfunceval                 statistics of the built-in travel packs and the baseline on challenges 2 and 3
  cli composition                  the simulated tool catalog, the generated L0–L3 tasks, and the oracle's and baseline's Table 1 rows
  cli api-complexity               the simulated API system, its conversations, and the oracle's and baseline's Table 3 and cumulative ladder
  cli fuzz-check <inputs.jsonl>    every output ({"text": …} per line) through every parser and renderer, timed; exit 1 on a throw or an input over 50 ms`;

async function main(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(line + '\n');
  const [cmd, kind, dir] = argv;
  if (cmd === 'longfunceval') {
    await runLongFuncEvalFigures(out);
    return 0;
  }
  if (cmd === 'composition') {
    await runCompositionFigures(out);
    return 0;
  }
  if (cmd === 'api-complexity') {
    await runApiComplexityFigures(out);
    return 0;
  }
  if (cmd === 'robustness') {
    await runRobustnessFigures(argv.slice(1), out);
    return 0;
  }
  if (cmd === 'wildagteval-replay' && kind) {
    runWildAgtEvalReplay(kind, out);
    return 0;
  }
  if (cmd === 'wildagteval-calls' && kind) {
    const { errors } = runWildAgtEvalCalls(argv.slice(1), out, (line) => process.stderr.write(line + '\n'));
    return errors ? 1 : 0;
  }
  if (cmd === 'fuzz-check' && kind) return runFuzzCheck(kind, out);
  if (cmd === 'parity' && dir) {
    if (kind === 'bfcl-ast') {
      runBfclParity(dir, out);
      return 0;
    }
    if (kind === 'wildagteval') {
      const { agree, total } = runWildAgtEvalParity(dir, out, (line) => process.stderr.write(line + '\n'));
      return agree === total ? 0 : 1;
    }
    if (kind === 'comptoolbench') {
      const { scores, corpus } = runDagParity(dir, out);
      runDagAggregates(dir, corpus, scores, out);
      return 0;
    }
  }
  process.stderr.write(USAGE + '\n');
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
