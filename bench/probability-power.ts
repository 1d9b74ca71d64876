/**
 * `npm run bench:power -- [RUN_FILE …]`: what the right call's probability decides beside accuracy,
 * on the same samples (issue 75, docs/findings.md). For each paper effect a run file holds pairs of,
 * on accuracy and on the probability: A → B, the difference with its 95% interval over requests, the
 * paired sign-flip p, the smallest difference its requests detect (power 0.8, α 0.05), and the
 * requests a paired test needs for 80% power against the difference observed. Then how well the
 * probability separates right from wrong verdicts (AUC) and what reading it cost (forced ms against
 * the answer's engine time). Default file: the 0.5B's `position-probability` recording.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { probabilitySummary, requestsForPower } from '../src/lib/analysis/call-probability';
import { type EffectFinding, effectsOf } from '../src/lib/analysis/findings';
import { differenceText, formatP } from '../src/lib/analysis/format';
import { countsInFigures } from '../src/lib/core/types';
import { readRunFile } from '../src/lib/store/run-file';

const DEFAULT = join('examples', 'recordings', 'qwen0.5b', 'position-probability.run.jsonl');

const scaled = (x: number) => `${(x * 100).toFixed(1)}%`;
/** past this many requests a design is out of reach: said so, not counted */
const MANY_REQUESTS = 10_000;

function row(f: EffectFinding): string {
  const c = f.contrast;
  const n = c.decides && Math.abs(c.difference) > 0 ? requestsForPower(c.detectable, c.clusters, Math.abs(c.difference)) : null;
  const needed = n === null ? '—' : n > MANY_REQUESTS ? `> ${MANY_REQUESTS.toLocaleString('en-US')}` : n.toLocaleString('en-US');
  return [
    f.effect.id.padEnd(18),
    (f.measure === 'probability' ? 'P(right name)' : 'accuracy').padEnd(14),
    `${scaled(c.a)} → ${scaled(c.b)}`.padEnd(16),
    differenceText(c).padEnd(24),
    `p ${formatP(c.pValue)}`.padEnd(10),
    `detects ${c.decides ? (c.detectable * 100).toFixed(1) : 'nothing'}`.padEnd(15),
    `requests for 80% power ${needed}`.padEnd(28),
    `(${c.clusters} requests, ${c.pairs} pairs)`,
  ].join(' ');
}

function main() {
  const files = process.argv.slice(2);
  for (const path of files.length ? files : [DEFAULT]) {
    if (!existsSync(path)) {
      console.log(`${path}: not there (record it: npm run bench:gallery -- qwen0.5b position-probability)`);
      continue;
    }
    const file = readRunFile(readFileSync(path, 'utf8'), path);
    const results = file.results.filter(countsInFigures);
    console.log(`\n${path}: ${file.run.name} — ${results.length} answered samples${file.run.status === 'completed' ? '' : ' (partial)'}`);
    for (const f of effectsOf(file.run.suite, results)) {
      console.log(row(f));
      const p = effectsOf(file.run.suite, results, 'probability').find((x) => x.effect.id === f.effect.id && x.a === f.a && x.b === f.b);
      if (p) console.log(row(p));
    }
    const s = probabilitySummary(results);
    console.log(
      `measured ${s.measured} of ${results.length} samples (${s.otherPath} along another token path, ${s.absent} without it); mean P ${s.mean ? `${(s.mean.value * 100).toFixed(1)}% [${(s.mean.low * 100).toFixed(1)}–${(s.mean.high * 100).toFixed(1)}]` : '—'}; AUC for right vs wrong verdicts ${s.auc?.toFixed(3) ?? '—'} (${s.right} right, ${s.wrong} wrong), for the right function named vs not ${s.aucFunction?.toFixed(3) ?? '—'} (${s.rightFunction} named it)`,
    );
    const timed = results.filter((r) => r.timings?.forcedMs !== undefined && !r.timings.unsplit);
    if (timed.length) {
      const forced = timed.reduce((a, r) => a + (r.timings?.forcedMs ?? 0), 0);
      const answer = timed.reduce((a, r) => a + (r.timings?.prefillMs ?? 0) + (r.timings?.decodeMs ?? 0), 0);
      console.log(
        `cost: reading the forced call took ${(forced / 1000).toFixed(1)} s over ${timed.length} samples, ${((forced / answer) * 100).toFixed(1)}% of the answers' engine time (${(answer / 1000).toFixed(1)} s)`,
      );
    }
  }
}

main();
