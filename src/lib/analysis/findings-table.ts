/**
 * The findings table as Markdown, for the README: one row per paper's effect, from the recording that
 * measures it on the most samples — the rows the app's first view tells in sentences (`effectLines`).
 */
import { detectsText, formatP, formatPercent as pct, intervalText, signedPoints } from './format';
import { EFFECTS } from './findings';
import { effectLines, type RecordedRun } from './first-view';

/** a table cell holds no pipe */
const cell = (text: string) => text.replace(/\|/g, '/');

/** `runs` keyed by their run file's name (as examples/index.json names it). */
export function findingsMarkdown(runs: readonly RecordedRun<string>[]): string {
  const lines = effectLines(runs);
  const rows = EFFECTS.map((e) => {
    const best = lines.find((l) => l.effectId === e.id)?.best;
    const effect = `${e.effect} (${e.paper}: ${e.paperFigure})`;
    if (!best) return `| ${cell(effect)} | not recorded yet | | | | | |`;
    const c = best.finding.contrast;
    const again = best.run.command ? `; re-recorded by \`${cell(best.run.command)}\`` : '';
    return `| ${cell(effect)} | ${cell(best.run.model)}, ${best.run.results.length} samples (\`examples/${best.run.key}\`${again}) | ${cell(`${best.finding.a} ${pct(c.a)} → ${best.finding.b} ${pct(c.b)}`)} | ${signedPoints(c.difference)} ${intervalText(c)} | ${formatP(c.pValue)} | ${detectsText(c)} | ${best.finding.verdict} |`;
  });
  return ['| effect (paper: its figure) | recording | A → B | B − A [95%] | p | detects ≥ | verdict |', '| --- | --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}
