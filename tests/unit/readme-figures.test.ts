/** The figures the README quotes are read from the recordings it names (issue 49: it quoted another entry's). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRunFile } from '../../src/lib/store/run-file';
import type { SampleResult } from '../../src/lib/core/types';
import { curveRecordings } from '../../src/lib/analysis/first-view';
import { EFFECTS, measureNameOf } from '../../src/lib/analysis/findings';
import { requestOf } from '../../src/lib/analysis/clustered';
import { GENERATED_BLOCKS, galleryRuns, unpublishedRecordings, withBlock } from '../../bench/gallery-findings';

const README = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
const GALLERY = JSON.parse(readFileSync('examples/index.json', 'utf8')) as { file: string; model: string; suite: string }[];

const resultsOf = (file: string) => readRunFile(readFileSync(`examples/${file}`, 'utf8')).results;

/** Per cent right among a catalog recording's samples of one length, rounded as the README writes it. */
function percentOf(results: readonly SampleResult[], length: number): number {
  const here = results.filter((r) => r.cell.length === length);
  return Math.round((100 * here.filter((r) => r.score.correct).length) / here.length);
}
const percentAt = (file: string, length: number) => percentOf(resultsOf(file), length);

describe("the README's quick start", () => {
  it("names the gallery's first entry, and its figures at 1K and 8K are that recording's", () => {
    const m = /The first\s+is (Qwen[\w.-]+)\s+\(`examples\/([\w./-]+)`\) looking for one tool in catalogs of\s+1K–8K tokens: (\d+)% right at 1K, (\d+)% at 8K/.exec(README);
    expect(m, 'the sentence that quotes the first entry').not.toBeNull();
    const [, model, file, at1k, at8k] = m!;
    expect(GALLERY[0]?.file).toBe(file);
    expect(GALLERY[0]?.model).toContain(model!.replace('-Instruct', ''));
    expect([percentAt(file!, 1024), percentAt(file!, 8192)]).toEqual([Number(at1k), Number(at8k)]);
  });
  it("the screenshot's caption gives the figures the first view draws: each model's length curve, chosen as the first view chooses it", () => {
    const m = /Qwen2\.5-Coder-0\.5B falls from (\d+)% at 1K to (\d+)% at 4K, Qwen2\.5-Coder-1\.5B from (\d+)% at 1K to (\d+)% at 4K and 8K \((\d+) requests\)/.exec(README);
    expect(m, 'the caption of docs/screenshot.png').not.toBeNull();
    const catalog = GALLERY.filter((e) => e.suite === 'catalog').map((e) => ({ model: e.model, results: resultsOf(e.file) }));
    const drawn = curveRecordings(catalog, (r) => r.cell.length);
    const of = (model: string) => drawn.find((r) => r.model.includes(model))!;
    const small = of('0.5B');
    const large = of('1.5B');
    expect([percentOf(small.results, 1024), percentOf(small.results, 4096)]).toEqual([Number(m![1]), Number(m![2])]);
    expect([percentOf(large.results, 1024), percentOf(large.results, 4096), percentOf(large.results, 8192)]).toEqual([Number(m![3]), Number(m![4]), Number(m![4])]);
    expect(new Set(large.results.map(requestOf)).size).toBe(Number(m![5]));
  });
  it('the second model it quotes is its recording too', () => {
    const m = /the 0\.5B beside it\s+\(`examples\/([\w./-]+)`\) falls from (\d+)% to (\d+)%/.exec(README);
    expect(m).not.toBeNull();
    expect([percentAt(m![1]!, 1024), percentAt(m![1]!, 8192)]).toEqual([Number(m![2]), Number(m![3])]);
  });
});

const manifest = JSON.parse(readFileSync('examples/index.json', 'utf8')) as { file: string; command: string; model: string; parameters: number }[];
/** the rows (below their header) of a generated block's tables */
const blockRows = (path: string, name: string) =>
  readFileSync(path, 'utf8')
    .split(`<!-- ${name}:start -->`)[1]!
    .split(`<!-- ${name}:end -->`)[0]!
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---') && !/^\| (model|effect \(paper\)|recordings \(A → B\)) \|/.test(line));

describe('the findings tables of the README and docs/findings.md', () => {
  it('are the ones the recordings give (npm run findings:readme), row for row', () => {
    const runs = galleryRuns(readFileSync);
    const unpublished = unpublishedRecordings();
    for (const { path, name, markdown } of GENERATED_BLOCKS) {
      const text = readFileSync(path, 'utf8');
      expect(text, `${path}: run npm run findings:readme`).toBe(withBlock(text, path, name, markdown(runs, unpublished)));
    }
  });
  it("names, on a row no published recording gives yet, its design's recording queued, under way or unpublished, and the command that goes on with it", () => {
    const pending = blockRows('docs/findings.md', 'findings').filter((r) => r.includes('not recorded yet'));
    const says = { queued: 'is queued (`npm run bench:gallery -- MODEL DESIGN` records it)', partial: 'is partial (`npm run bench:gallery -- MODEL DESIGN` resumes it)', complete: 'is complete' };
    for (const { model, design, state } of unpublishedRecordings()) {
      const measures = new Set(EFFECTS.filter((e) => e.design === design).map((e) => `| — | ${measureNameOf(e)} |`));
      const rows = pending.filter((r) => [...measures].some((m) => r.startsWith(m)));
      expect(rows.length, `${model}/${design}: no row waits for it`).toBeGreaterThan(0);
      for (const row of rows) expect(row).toContain(`\`${model}/${design}\` ${says[state].replace('MODEL DESIGN', `${model} ${design}`)}`);
    }
  });
  it('the README gives every effect a row naming its measure, every model a column, and the same verdicts and differences as the full table', () => {
    const summary = blockRows('README.md', 'findings');
    const full = blockRows('docs/findings.md', 'findings').filter((r) => !r.includes('not recorded yet'));
    expect(summary.length).toBeGreaterThan(10);
    for (const row of summary) expect(row.split(' | ')[1], row).toMatch(/^(accuracy|CompToolBench score|the right call's probability|API calls right over turns)/);
    const cells = summary.flatMap((r) => r.split(' | ').slice(2)).filter((c) => c.replace(/ \|$/, '') !== '—');
    // each full row appears once as a cell "verdict…: B − A [95%]"
    expect(cells.length).toBe(full.length);
    for (const row of full) {
      const c = row.split(' | ');
      const verdict = c[6]!.split(/[ ,(]/)[0]!;
      expect(
        cells.some((x) => x.startsWith(verdict) && x.includes(`: ${c[3]}`)),
        row,
      ).toBe(true);
    }
  });
  it('names, on each recorded row, the run file and any command other than the gallery recorder; a row whose requests are too few to decide has no interval and detects nothing, nor does one at a floor', () => {
    const rows = blockRows('docs/findings.md', 'findings').filter((r) => !r.includes('not recorded yet'));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const cells = row.split(' | ');
      expect(cells[1], row).toMatch(/^(accuracy|CompToolBench score|the right call's probability|API calls right over turns)/);
      const key = /`([\w.-]+\/[\w.-]+)`/.exec(cells[7] ?? '')?.[1];
      const entry = manifest.find((e) => e.file === `recordings/${key}.run.jsonl`);
      expect(entry, row).toBeDefined();
      const [model, design] = key!.split('/');
      if (entry!.command !== `npm run bench:gallery -- ${model} ${design}`) expect(row).toContain(`by \`${entry!.command}\``);
      // too few requests to decide, or A at a floor the effect cannot drop from: nothing detectable, and no verdict but inconclusive
      if (cells[3]!.includes('[none:') || cells[6]!.includes('a floor')) {
        expect(cells[5]).toBe('nothing');
        expect(cells[6]).toMatch(/^inconclusive( \(a floor: .* is 0\.0%\))?( \(exploratory: not its design\))?$/);
      } else expect(Number(cells[5])).toBeGreaterThan(0);
      // a reproduced or opposite row is one of the family, significant after Holm's correction, and says whether it was rechecked
      if (/^(reproduced|opposite)/.test(cells[6]!)) {
        const holm = /\(Holm ([<\d.\s]+)\)/.exec(cells[4] ?? '')?.[1] ?? '';
        expect(holm.startsWith('<') || Number(holm) < 0.05, row).toBe(true);
        expect(cells[6]).toMatch(/(rechecked|not yet rechecked|not confirmed by its recheck on other requests)$/);
      }
    }
  });
  it("sets each recording against a smaller model's recording in the gallery, with its interval over requests", () => {
    // the ladder's order: every entry says its model's size (a recorder that left it out fails here)
    for (const e of manifest) expect(e.parameters, e.file).toBeGreaterThan(0);
    const ladder = blockRows('docs/findings.md', 'ladder');
    expect(ladder.length).toBeGreaterThan(2);
    for (const row of ladder) {
      const [a, b] = [...row.matchAll(/`examples\/([^`]+)`/g)].map((m) => manifest.find((e) => e.file === m[1]));
      expect(a && b, row).toBeTruthy();
      expect(a!.parameters, row).toBeLessThan(b!.parameters);
      const cells = row.split(' | ');
      if (cells[5]!.includes('[none:')) expect(cells[7]).toBe('nothing |');
    }
    // the robustness requests, 0.5B → 1.5B, as docs/findings.md reads them
    expect(ladder.find((r) => r.includes('`examples/recordings/qwen0.5b/robustness-200.run.jsonl` → `examples/recordings/qwen1.5b/robustness-200.run.jsonl`'))).toContain(
      '| 600 (200) | 37.2% | 78.2% | +41.0 [+34.5, +47.5] |',
    );
  });
  it('keeps the README a newcomer reads under 2,000 words', () => {
    expect(readFileSync('README.md', 'utf8').split(/\s+/).filter(Boolean).length).toBeLessThan(2000);
  });
});
