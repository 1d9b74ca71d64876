/**
 * `npm run bench:scorers`: single-threaded scoring throughput on the parity
 * corpora (decode + check per case; corpus files read beforehand).
 * Skips with a message when ../shared is absent.
 */
import { existsSync } from 'node:fs';
import { loadBfclCorpus, scoreBfclCase } from '../src/cli/parity/parity-bfcl';
import { loadDagCorpus } from '../src/cli/parity/parity-comptoolbench';
import { scoreDag } from '../src/lib/scoring/dag';

const BFCL_DIR = process.env.BFCL_PARITY_DIR ?? '../shared/parity/bfcl-ast';
const DAG_DIR = process.env.DAG_PARITY_DIR ?? '../shared/parity/comptoolbench';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function measure(name: string, n: number, run: () => void): void {
  run(); // warm-up: JIT and caches
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const best = times[0] as number;
  console.log(
    `${name}: ${n} cases, median ${median.toFixed(1)} ms → ${Math.round((n / median) * 1000).toLocaleString('en-US')} cases/s (best ${Math.round((n / best) * 1000).toLocaleString('en-US')} cases/s, ${ROUNDS} rounds)`,
  );
}

if (existsSync(BFCL_DIR)) {
  const corpus = loadBfclCorpus(BFCL_DIR);
  measure('BFCL AST (decode + check)', corpus.cases.length, () => {
    for (const c of corpus.cases) scoreBfclCase(corpus, c);
  });
} else console.log(`BFCL AST: skipped, no corpus at ${BFCL_DIR}`);

if (existsSync(DAG_DIR)) {
  const corpus = loadDagCorpus(DAG_DIR);
  const pairs = corpus.cases.map((c) => [corpus.tasks.get(c.taskId), c.calls] as const);
  measure('CompToolBench DAG', pairs.length, () => {
    for (const [task, calls] of pairs) if (task) scoreDag(task, calls);
  });
} else console.log(`CompToolBench DAG: skipped, no corpus at ${DAG_DIR}`);
