/** The catalog suite's report for a terminal (the runner's): its tables as text and its charts as SVG. */
import { cellStats, degradationTable, variantSummary } from '../../analysis/catalog';
import { formatTokens } from '../../analysis/format';
import { heatmapLines, pct } from '../../analysis/text-report';
import { heatmapSvg } from '../../analysis/svg';
import type { SampleResult } from '../../core/types';
import type { SuiteTextReport } from '../declaration';

const variantsIn = (results: readonly SampleResult[]) => [...new Set(results.map((r) => r.cell.variant).filter((v): v is string => !!v))];

export const textReport: SuiteTextReport = {
  reportLines(_run, results) {
    const lines: string[] = [];
    const variants = variantsIn(results);
    for (const v of variants.length ? variants : [undefined]) {
      const rs = v ? results.filter((r) => r.cell.variant === v) : results;
      lines.push(`accuracy by catalog length × needle position${v ? ` (${v})` : ''}:`, ...heatmapLines(rs));
      const d = degradationTable(cellStats(rs));
      const deg = (x: { percent: number } | null) => (x ? `${x.percent.toFixed(1)}%` : 'n/a');
      lines.push(
        `  degradation (max−min)/max: overall ${deg(d.overall)}, across positions at ${formatTokens(d.acrossPositionsAt ?? 0)} ${deg(d.acrossPositions)}, across lengths at α ${d.acrossLengthsAt ?? '—'} ${deg(d.acrossLengths)}`,
      );
    }
    for (const s of variantSummary(results))
      lines.push(
        `  ${s.variant === 'default' ? 'all' : s.variant}: ${pct(s.accuracy).trim()} of ${s.n}; wrong format ${pct(s.wrongSyntax).trim()} (the right call in another format ${pct(s.rightCallOtherFormat).trim()}), wrong function ${pct(s.wrongFunction).trim()}, wrong parameters ${pct(s.wrongParameter).trim()}`,
      );
    return lines;
  },
  charts(run, results) {
    const variants = variantsIn(results);
    return (variants.length ? variants : [undefined]).map((v) => ({
      name: v ? `heatmap-${v}.svg` : 'heatmap.svg',
      svg: heatmapSvg(cellStats(v ? results.filter((r) => r.cell.variant === v) : results), `${run.name}${v ? ` (${v})` : ''}`),
    }));
  },
};
