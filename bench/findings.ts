/**
 * `npm run findings`: the papers' effects (src/lib/analysis/findings.ts) measured on the evidence
 * recordings in examples/recordings/MODEL/DESIGN.run.jsonl, as the Markdown table of
 * docs/findings.md: per effect and model, A and B, the difference with its 95% interval clustered
 * by request, the paired test's p-value, the smallest difference the run could detect, and the
 * verdict. A recording still being made is read as it is and marked partial: its figures are not
 * findings yet (the design is not stopped when a result looks significant).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusteredShare, requestOf } from '../src/lib/analysis/clustered';
import { designsOf, detectsOf, effectsOf, verdictText } from '../src/lib/analysis/findings';
import { differenceText, formatP, formatPercent as pct } from '../src/lib/analysis/format';
import { findingsMarkdown, ladderMarkdown } from '../src/lib/analysis/findings-table';
import { designRecordings, galleryRuns, unpublishedRecordings } from './gallery-findings';
import { countsInFigures, isUnbuilt } from '../src/lib/core/types';
import { readRunFile, type RunFile } from '../src/lib/store/run-file';

const ROOT = join(process.cwd(), 'examples', 'recordings');

function main() {
  if (!existsSync(ROOT)) throw new Error(`${ROOT} is not there: run from the repository's root`);
  const rows: string[] = [];
  const headlines: string[] = [];
  // each file read once: the unpublished ones' state (below) comes from here too
  const files = new Map<string, RunFile>();
  for (const { model, design, path } of designRecordings()) {
    const file = readRunFile(readFileSync(path, 'utf8'), path);
    files.set(path, file);
    // a prompt that could not be built was never asked: in no figure, but counted in the row
    const unbuilt = file.results.filter(isUnbuilt).length;
    const results = file.results.filter(countsInFigures);
    const state = file.run.status !== 'completed' ? `partial (${file.results.length} so far)` : unbuilt ? `complete, ${unbuilt} prompts not built` : 'complete';
    // the same seed as the app's report panel: the same file gives the same interval in both
    const share = clusteredShare(results, (r) => (r.score.correct ? 1 : 0), requestOf);
    // what it cost: the engine's own time over the samples (prefill and decode as the server timed them)
    const engineSeconds = file.results.reduce((s, r) => s + ((r.timings?.prefillMs ?? 0) + (r.timings?.decodeMs ?? 0)) / 1000, 0);
    headlines.push(
      `| ${model} | ${design} | ${state} | ${share.samples} samples${unbuilt ? ` (${unbuilt} more not built: not a finding)` : ''}, ${share.clusters} requests | ${share.samples === 0 ? '— (nothing scored yet)' : `${pct(share.value)} [${pct(share.low)}–${pct(share.high)}]`} | ${(engineSeconds / 60).toFixed(0)} min |`,
    );
    // each effect of this design pooled over lengths, then at each length where the design tests it there too (its A and B say the length)
    for (const f of effectsOf(file.run.suite, results, undefined, { restated: true }).filter((x) => designsOf(x.effect).includes(design))) {
      const c = f.contrast;
      rows.push(
        `| ${f.effect.effect} (${f.effect.paper}) | ${model} | ${state} | ${f.a} ${pct(c.a)} → ${f.b} ${pct(c.b)} | ${differenceText(c)} | ${formatP(c.pValue)} | ${detectsOf(f)} | ${state === 'complete' ? verdictText(f) : `(${verdictText(f)}; ${state})`} |`,
      );
    }
  }
  console.log('Accuracy per recording (95% interval: cluster bootstrap by request)\n');
  console.log('| model | design | recording | n | accuracy [95%] | engine time |\n| --- | --- | --- | --- | --- | --- |');
  for (const h of headlines) console.log(h);
  console.log('\nEffects (B − A in points, 95% interval clustered by request; p: sign-flip permutation per request, or label permutation per task)\n');
  console.log('| effect (paper) | model | recording | A → B | B − A [95%] | p | detects ≥ | verdict |\n| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
  // the table the app and the README give, from the same published recordings by the same function: each effect and
  // model from its best-powered recording, the designed rows one family (Holm), then the model ladder
  console.log(
    "\nThe findings table (the app's and the README's): the published recordings, each effect and model from the one that tests it on the most samples; the rows of its own design are one family (Holm-adjusted p)\n",
  );
  const gallery = galleryRuns(readFileSync);
  console.log(
    findingsMarkdown(
      gallery,
      unpublishedRecordings(undefined, undefined, (path) => files.get(path) ?? readRunFile(readFileSync(path, 'utf8'), path)),
    ),
  );
  console.log(`\nThe model ladder (docs/findings.md's): each recording against a smaller model's on the samples both asked\n\n${ladderMarkdown(gallery)}`);
}

main();
