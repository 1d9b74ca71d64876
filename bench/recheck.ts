/**
 * `npm run bench:recheck -- MODEL DESIGN [--seed N] [--share F]`: asks an evidence design again
 * (bench/gallery-designs.ts) with another seed — other requests, other distractors — on a share of
 * its requests (default a third, at least 10), on the same server setup as its recording, and says
 * per effect whether the re-run lands inside the recording's 95% intervals and agrees with it
 * (src/lib/analysis/recheck.ts). Resumable: the re-run is written as it comes to
 * .cache/recheck/MODEL/DESIGN-seedN-K.run.jsonl, and the same command again goes on from it.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatPercent as pct, differenceText } from '../src/lib/analysis/format';
import { insideTally, type LevelCheck, recheck } from '../src/lib/analysis/recheck';
import { recordingKey } from '../src/lib/analysis/recording-key';
import { countsInFigures } from '../src/lib/core/types';
import { readRunFile } from '../src/lib/store/run-file';
import { modelMissing } from '../harness/real-model';
import { evidenceDesign, MODELS } from './gallery-designs';
import { runRecording, withRecordingServer } from './recording-server';

const MIN_REQUESTS = 10;

/** The design's arguments with another seed and `share` of its requests (its `--per-cell` or `--count`), and the seed it was recorded with. */
function rerunArgs(args: readonly string[], seed: number, share: number): { args: string[]; requests: number; recordedSeed: string } {
  const out = [...args];
  const seedAt = out.indexOf('--seed');
  if (seedAt < 0) throw new Error('the design names no --seed: nothing to vary');
  const recordedSeed = out[seedAt + 1]!;
  out[seedAt + 1] = String(seed);
  const sizeAt = out.findIndex((a) => a === '--per-cell' || a === '--count');
  if (sizeAt < 0) throw new Error('the design names no --per-cell or --count');
  const requests = Math.max(MIN_REQUESTS, Math.round(Number(out[sizeAt + 1]) * share));
  out[sizeAt + 1] = String(requests);
  return { args: out, requests, recordedSeed };
}

const chanceText = (chance: number) => `${Math.round(chance * 100)}%`;
const levelText = (l: LevelCheck) =>
  `${l.label} ${pct(l.recorded.value)} [${pct(l.recorded.low)}–${pct(l.recorded.high)}] → ${pct(l.rerun.value)} ${l.inside ? 'inside' : '**outside**'} (${chanceText(l.chance)})`;

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { seed: { type: 'string', default: '7' }, share: { type: 'string', default: String(1 / 3) } } });
  const [key, design] = positionals;
  const g = key ? MODELS[key] : undefined;
  const r = g && design ? evidenceDesign(g, design) : undefined;
  if (!g || !r)
    throw new Error(`usage: npm run bench:recheck -- ${Object.keys(MODELS).join('|')} DESIGN [--seed N] [--share F] (DESIGN: an evidence design with a recording in examples/recordings/MODEL/)`);
  const seed = Number(values.seed);
  const share = Number(values.share);
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`--seed ${values.seed}: give a whole number`);
  if (!(share > 0 && share <= 1)) throw new Error(`--share ${values.share}: give a number above 0, at most 1`);
  const recordedPath = join(process.cwd(), 'examples', recordingKey(key!, design!));
  if (!existsSync(recordedPath)) throw new Error(`${recordedPath} is not there: record it first (npm run bench:gallery -- ${key} ${design})`);
  const recorded = readRunFile(readFileSync(recordedPath, 'utf8'), recordedPath);
  if (recorded.run.status !== 'completed') console.log(`(the recording is ${recorded.run.status}, ${recorded.results.length} results: its intervals are not its design's yet)`);
  const missing = modelMissing(g.model);
  if (missing) throw new Error(missing);

  const { args, requests, recordedSeed } = rerunArgs(r.args, seed, share);
  const dir = join(process.cwd(), '.cache', 'recheck', key!);
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${design}-seed${seed}-${requests}.run.jsonl`);
  const code = await withRecordingServer(g, r, (baseUrl, signal) => runRecording(g, { ...r, args }, baseUrl, { name: `${r.title} · recheck, seed ${seed}, ${requests} requests`, out, signal }));
  if (code !== 0) throw new Error(`the re-run stopped (exit ${code}); the same command goes on from ${out}`);

  const rerun = readRunFile(readFileSync(out, 'utf8'), out);
  const check = recheck(recorded.run.suite, recorded.results.filter(countsInFigures), rerun.results.filter(countsInFigures));
  console.log(
    `\n${key} · ${design}: the recording (seed ${recordedSeed}, ${check.requests.recorded} requests) against a re-run with seed ${seed} (${check.requests.rerun} requests, ${check.requests.shared} of whose item ids the recording holds too${recorded.run.suite === 'response-qa' ? ': response QA numbers its questions, so these are places, not the same questions' : ''})`,
  );
  console.log(`${levelText(check.accuracy)} (the re-run's accuracy against the recording's interval)\n`);
  console.log('| effect | recorded B − A [95%] | re-run B − A [95%] | inside | agree | A | B |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const c of check.effects) {
    const where = c.length === null ? '' : ` (at ${c.length / 1024}K)`;
    console.log(
      `| ${c.effect.effect}${where} | ${differenceText(c.recorded.contrast)} | ${differenceText(c.rerun.contrast)} | ${c.inside ? 'yes' : '**no**'} (${chanceText(c.chance)}) | ${c.agree ? 'yes' : '**no**'} | ${levelText(c.levels[0])} | ${levelText(c.levels[1])} |`,
    );
  }
  const tally = insideTally(check);
  console.log(
    `\n${tally.inside} of ${tally.figures} figures inside; ${tally.expected.toFixed(1)} expected were both runs measuring the same model (the chance in brackets: how often a re-run of this size lands inside, its own error and the recording's read from their intervals).`,
  );
  console.log(
    `inside: the re-run's figure within the recording's 95% interval; agree: the two differences within 1.96 standard errors of their difference (each run's error read from its own interval). Re-run file: ${out}`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
