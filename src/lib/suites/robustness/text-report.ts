/** The robustness suite's report for a terminal (the runner's): its tables as text and its charts as SVG. */
import { barsSvg } from '../../analysis/svg';
import { robustnessTable } from '../../analysis/robustness';
import { pct } from '../../analysis/text-report';
import type { SuiteTextReport } from '../declaration';

export const textReport: SuiteTextReport = {
  reportLines: (_run, results) => robustnessTable(results).rows.map((r) => `  ${r.variant.padEnd(10)} ${pct(r.accuracy)} of ${r.n}${r.drop !== null ? `, drop ${r.drop.toFixed(1)}%` : ''}`),
  charts: (run, results) => [
    {
      name: 'by-variant.svg',
      svg: barsSvg(
        robustnessTable(results).rows.map((r) => ({ label: r.variant, accuracy: r.accuracy, n: r.n })),
        run.name,
        'request variant',
      ),
    },
  ],
};
