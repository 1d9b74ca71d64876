/** Pieces of the runner's text report: a share as a right-aligned percentage, the catalog heatmap as a table. */
import { cellStats } from './catalog';
import { formatTokens } from './format';
import type { SampleResult } from '../core/types';
import { ladder, table3, unansweredWords } from './wildagteval';
import { barsSvg } from './svg';

/** `  42.0%`, or `  n/a` where there is no share to show. */
export const pct = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '  n/a' : `${(v * 100).toFixed(1).padStart(5)}%`);

/** Accuracy per length (rows) × position (columns): the heatmap as a table. */
export function heatmapLines(results: readonly SampleResult[]): string[] {
  const cells = cellStats(results);
  const lengths = [...new Set(cells.map((c) => c.length))].sort((a, b) => a - b);
  const positions = [...new Set(cells.map((c) => c.alpha))].sort((a, b) => a - b);
  const lines = [`  ${'length'.padEnd(8)}${positions.map((p) => String(p).padStart(8)).join('')}`];
  for (const l of lengths) {
    const row = positions.map((p) => {
      const c = cells.find((x) => x.length === l && x.alpha === p);
      return c ? pct(c.accuracy).padStart(8) : '       —';
    });
    lines.push(`  ${formatTokens(l).padEnd(8)}${row.join('')}`);
  }
  return lines;
}

/** Bars of accuracy per group, for the runner's SVG charts. */
export const barsOf = (groups: readonly { key: string | number; accuracy: number; n: number }[], label: (k: string | number) => string = String) =>
  groups.map((g) => ({ label: label(g.key), accuracy: g.accuracy, n: g.n }));

/** The API-complexity report of an episode suite: the cumulative ladder (in `rungs` order) and Table 3's off → on pairs. */
export function episodeReportLines(results: readonly SampleResult[], rungs: readonly string[]): string[] {
  return [
    ...ladder(results, rungs).map((r) => `  ${r.rung}: ${pct(r.acc.accuracy).trim()} of ${r.acc.turns} turns${r.unanswered ? ` · ${unansweredWords(r)}` : ''}`),
    ...table3(results).rows.map((r) => `  ${r.type}: off ${pct(r.off.accuracy).trim()} → on ${pct(r.on.accuracy).trim()} (${r.pairs} pairs)`),
  ];
}

/** The same as bars: the ladder, and each type off and on. */
export function episodeCharts(results: readonly SampleResult[], rungs: readonly string[], title: string): { name: string; svg: string }[] {
  const steps = ladder(results, rungs);
  const rows = table3(results).rows;
  return [
    ...(steps.length
      ? [
          {
            name: 'ladder.svg',
            svg: barsSvg(
              steps.map((r) => ({ label: r.rung, accuracy: r.acc.accuracy ?? 0, n: r.acc.turns })),
              title,
              'cumulative complexity',
            ),
          },
        ]
      : []),
    ...(rows.length
      ? [
          {
            name: 'table3.svg',
            svg: barsSvg(
              rows.flatMap((r) => [
                { label: `${r.type} off`, accuracy: r.off.accuracy ?? 0, n: r.pairs },
                { label: `${r.type} on`, accuracy: r.on.accuracy ?? 0, n: r.pairs },
              ]),
              title,
              'complexity type, off and on',
            ),
          },
        ]
      : []),
  ];
}
