/**
 * The findings table as Markdown, for the README: for every paper's effect, one row per model, from
 * that model's recording that measures it on the most samples — the rows of the app's first view
 * (`effectRows`); an effect no recording measures yet has one row saying so.
 */
import { formatP, formatPercent as pct, differenceText } from './format';
import { detectsOf, EFFECTS, verdictText } from './findings';
import { effectRows, type RecordedRun } from './first-view';

/** a table cell holds no pipe */
const cell = (text: string) => text.replace(/\|/g, '/');

/** `runs` keyed by their run file's name (as examples/index.json names it). */
export function findingsMarkdown(runs: readonly RecordedRun<string>[]): string {
  const measured = effectRows(runs);
  const rows = EFFECTS.flatMap((e) => {
    const effect = `${e.effect} (${e.paper}: ${e.paperFigure})`;
    const mine = measured.filter((r) => r.effectId === e.id);
    if (!mine.length) return [`| ${cell(effect)} | not recorded yet | | | | | |`];
    return mine.map(({ run, finding }) => {
      const c = finding.contrast;
      const again = run.command ? `; re-recorded by \`${cell(run.command)}\`` : '';
      return `| ${cell(effect)} | ${cell(run.model)}, ${run.results.length} samples (\`examples/${run.key}\`${again}) | ${cell(`${finding.a} ${pct(c.a)} → ${finding.b} ${pct(c.b)}`)} | ${differenceText(c)} | ${formatP(c.pValue)} | ${detectsOf(finding)} | ${verdictText(finding)} |`;
    });
  });
  return ['| effect (paper: its figure) | recording | A → B | B − A [95%] | p | detects ≥ | verdict |', '| --- | --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}
