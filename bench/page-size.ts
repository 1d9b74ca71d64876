/**
 * `npm run bench:page [-- OUT_DIR]`: the size of a run shared as one HTML page (lib/store/run-page.ts)
 * at 100, 1K and 10K samples — the gallery's Qwen2.5-Coder-0.5B catalog recording (100 samples),
 * its results repeated under new ids for the larger sizes — without prompts, and the time to write
 * and to read each back. Writes the pages to OUT_DIR (default .cache/pages) to open in a browser.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chartsOf, headlineOf, reportLines } from '../src/lib/run/run-report';
import { readRunFile } from '../src/lib/store/run-file';
import { runFilesInPage, runPageHtml } from '../src/lib/store/run-page';

const out = process.argv[2] ?? join('.cache', 'pages');
mkdirSync(out, { recursive: true });
const base = readRunFile(readFileSync('examples/recordings/qwen0.5b/catalog.run.jsonl', 'utf8'), 'qwen05-catalog');
for (const n of [100, 1_000, 10_000]) {
  const results = Array.from({ length: n }, (_, i) => {
    const r = base.results[i % base.results.length]!;
    const sampleId = i < base.results.length ? r.sampleId : `${r.sampleId}-${Math.floor(i / base.results.length)}`;
    return { ...r, sampleId, id: `${base.run.id}:${sampleId}`, index: i };
  });
  const run = { ...base.run, total: n, done: n };
  const t0 = performance.now();
  const html = runPageHtml({
    run,
    recording: base.recording,
    results,
    prompts: new Map(),
    headline: headlineOf(run, results),
    withServer: false,
    reportLines: await reportLines(run, results),
    charts: await chartsOf(run, results),
    madeAt: new Date().toISOString(),
  });
  const t1 = performance.now();
  const back = readRunFile(runFilesInPage(html)?.[0] as string);
  const t2 = performance.now();
  if (back.results.length !== n) throw new Error(`read back ${back.results.length} of ${n}`);
  const file = join(out, `catalog-${n}.html`);
  writeFileSync(file, html);
  console.log(
    `${String(n).padStart(6)} samples: ${(Buffer.byteLength(html) / 2 ** 20).toFixed(2)} MB (${Math.round(Buffer.byteLength(html) / n)} bytes a sample) · written in ${(t1 - t0).toFixed(0)} ms, read back in ${(t2 - t1).toFixed(0)} ms → ${file}`,
  );
}
