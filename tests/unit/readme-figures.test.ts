/** The figures the README quotes are read from the recordings it names (issue 49: it quoted another entry's). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRunFile } from '../../src/lib/store/run-file';
import { galleryRuns, readmeWithFindings } from '../../bench/gallery-findings';

const README = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
const GALLERY = JSON.parse(readFileSync('examples/index.json', 'utf8')) as { file: string; model: string }[];

/** Per cent right among a catalog recording's samples of one length, rounded as the README writes it. */
function percentAt(file: string, length: number): number {
  const results = readRunFile(readFileSync(`examples/${file}`, 'utf8')).results.filter((r) => r.cell.length === length);
  return Math.round((100 * results.filter((r) => r.score.correct).length) / results.length);
}

describe("the README's quick start", () => {
  it("names the gallery's first entry, and its figures at 1K and 8K are that recording's", () => {
    const m = /The first\s+is (Qwen[\w.-]+)\s+\(`examples\/([\w./-]+)`\) looking for one tool in catalogs of\s+1K–8K tokens: (\d+)% right at 1K, (\d+)% at 8K/.exec(README);
    expect(m, 'the sentence that quotes the first entry').not.toBeNull();
    const [, model, file, at1k, at8k] = m!;
    expect(GALLERY[0]?.file).toBe(file);
    expect(GALLERY[0]?.model).toContain(model!.replace('-Instruct', ''));
    expect([percentAt(file!, 1024), percentAt(file!, 8192)]).toEqual([Number(at1k), Number(at8k)]);
    // the screenshot's caption says the same
    expect(README).toContain(`${at1k}% right at 1K, ${at8k}% at 8K (the gallery's first entry`);
  });
  it('the second model it quotes is its recording too', () => {
    const m = /the 0\.5B beside it\s+\(`examples\/([\w./-]+)`\) falls from (\d+)% to (\d+)%/.exec(README);
    expect(m).not.toBeNull();
    expect([percentAt(m![1]!, 1024), percentAt(m![1]!, 8192)]).toEqual([Number(m![2]), Number(m![3])]);
  });
});

const manifest = JSON.parse(readFileSync('examples/index.json', 'utf8')) as { file: string; command: string; model: string; parameters: number }[];
/** the findings block's tables (the effects, the model ladder), each as its rows below the header */
const tables = () =>
  readFileSync('README.md', 'utf8')
    .split('<!-- findings:start -->')[1]!
    .split('<!-- findings:end -->')[0]!
    .trim()
    .split('\n\n')
    .map((t) => t.split('\n').slice(2));

describe("the README's findings table", () => {
  it('is the one the recordings give (npm run findings:readme), row for row', () => {
    const text = readFileSync('README.md', 'utf8');
    expect(text, 'run npm run findings:readme').toBe(readmeWithFindings(text, galleryRuns(readFileSync)));
  });
  it('names, on each recorded row, the run file and the command that re-records it; a row whose requests are too few to decide has no interval and detects nothing, nor does one at a floor', () => {
    const rows = tables()[0]!.filter((r) => !r.includes('not recorded yet'));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const file = /`examples\/([^`]+)`/.exec(row)?.[1];
      const entry = manifest.find((e) => e.file === file);
      expect(entry, row).toBeDefined();
      expect(row).toContain(`re-recorded by \`${entry!.command}\``);
      const cells = row.split(' | ');
      // too few requests to decide, or A at a floor the effect cannot drop from: nothing detectable, and no verdict but inconclusive
      if (cells[3]!.includes('[none:') || cells[6]!.includes('a floor')) {
        expect(cells[5]).toBe('nothing');
        expect(cells[6]).toMatch(/^inconclusive( \(a floor: .* is 0\.0%\))?( \(exploratory: not its design\))? \|$/);
      } else expect(Number(cells[5])).toBeGreaterThan(0);
      // a reproduced or opposite row is one of the family, significant after Holm's correction, and says whether it was rechecked
      if (/\| (reproduced|opposite)/.test(row)) {
        const holm = /\(Holm ([<\d.\s]+)\)/.exec(cells[4] ?? '')?.[1] ?? '';
        expect(holm.startsWith('<') || Number(holm) < 0.05, row).toBe(true);
        expect(row).toMatch(/(rechecked|not yet rechecked|not confirmed by its recheck on other requests) \|$/);
      }
    }
  });
  it("sets each recording against a smaller model's recording in the gallery, with its interval over requests", () => {
    // the ladder's order: every entry says its model's size (a recorder that left it out fails here)
    for (const e of manifest) expect(e.parameters, e.file).toBeGreaterThan(0);
    const ladder = tables()[1];
    expect(ladder, 'the model ladder follows the effects').toBeDefined();
    expect(ladder!.length).toBeGreaterThan(2);
    for (const row of ladder!) {
      const [a, b] = [...row.matchAll(/`examples\/([^`]+)`/g)].map((m) => manifest.find((e) => e.file === m[1]));
      expect(a && b, row).toBeTruthy();
      expect(a!.parameters, row).toBeLessThan(b!.parameters);
      const cells = row.split(' | ');
      if (cells[5]!.includes('[none:')) expect(cells[7]).toBe('nothing |');
    }
    // the robustness requests, 0.5B → 1.5B, as docs/findings.md reads them
    expect(ladder!.find((r) => r.includes('`examples/recordings/qwen0.5b/robustness-200.run.jsonl` → `examples/recordings/qwen1.5b/robustness-200.run.jsonl`'))).toContain(
      '| 600 (200) | 37.2% | 78.2% | +41.0 [+34.5, +47.5] |',
    );
  });
});
