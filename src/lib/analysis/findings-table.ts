/**
 * The findings table as Markdown, for the README: for every paper's effect, one row per model, from
 * that model's recording that measures it on the most samples — the rows of the app's first view
 * (`effectRows`); an effect no recording measures yet has one row saying so. Then the model ladder
 * (`modelLadder`), as the first view shows it too.
 */
import { detectsText, formatP, formatPercent as pct, differenceText } from './format';
import { pairedDifferenceText, type PairedComparison } from './paired';
import { detectsOf, EFFECTS, familyPText, verdictText } from './findings';
import { effectRows, shortModelName } from './first-view';
import { modelLadder, type SizedRun } from './ladder';

/** a table cell holds no pipe */
const cell = (text: string) => text.replace(/\|/g, '/');

/** `runs` keyed by their run file's name (as examples/index.json names it). */
export function findingsMarkdown(runs: readonly SizedRun<string>[]): string {
  const measured = effectRows(runs);
  const rows = EFFECTS.flatMap((e) => {
    const effect = `${e.effect} (${e.paper}: ${e.paperFigure})`;
    const mine = measured.filter((r) => r.effectId === e.id);
    if (!mine.length) return [`| ${cell(effect)} | not recorded yet | | | | | |`];
    return mine.map(({ run, finding }) => {
      const c = finding.contrast;
      const again = run.command ? `; re-recorded by \`${cell(run.command)}\`` : '';
      return `| ${cell(effect)} | ${cell(run.model)}, ${run.results.length} samples (\`examples/${run.key}\`${again}) | ${cell(`${finding.a} ${pct(c.a)} → ${finding.b} ${pct(c.b)}`)} | ${differenceText(c)} | ${familyPText(finding)} | ${detectsOf(finding)} | ${verdictText(finding)} |`;
    });
  });
  const effects = ['| effect (paper: its figure) | recording | A → B | B − A [95%] | p | detects ≥ | verdict |', '| --- | --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
  const ladder = ladderMarkdown(runs);
  return ladder ? `${effects}\n\n${ladder}` : effects;
}

/** A paired comparison's cells of a Markdown row: samples (requests), A, B, B − A [95%], p, detects ≥. */
const pairedCells = (p: PairedComparison): string => `${p.pairs} (${p.requests}) | ${pct(p.accuracyA)} | ${pct(p.accuracyB)} | ${pairedDifferenceText(p)} | ${formatP(p.pValue)} | ${detectsText(p)}`;

/** The model ladder as Markdown: each recording against a smaller model's on the samples both asked; empty when none shares samples. */
function ladderMarkdown(runs: readonly SizedRun<string>[]): string {
  const steps = modelLadder(runs);
  if (!steps.length) return '';
  return [
    '| recordings (A → B) | models | samples (requests) | A | B | B − A [95%] | p | detects ≥ |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...steps.map(({ a, b, paired: p }) => `| \`examples/${cell(a.key)}\` → \`examples/${cell(b.key)}\` | ${cell(shortModelName(a.model))} → ${cell(shortModelName(b.model))} | ${pairedCells(p)} |`),
  ].join('\n');
}
