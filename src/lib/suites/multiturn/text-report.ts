/** The multiturn suite's report for a terminal (the runner's): its tables as text and its charts as SVG. */
import { formatTokens } from '../../analysis/format';
import { settingsTable } from '../../analysis/long-context';
import { barsSvg } from '../../analysis/svg';
import { barsOf, pct } from '../../analysis/text-report';
import type { SuiteTextReport } from '../declaration';

export const textReport: SuiteTextReport = {
  reportLines: (_run, results) =>
    settingsTable(results).rows.map((row) => `  ${row.setting.padEnd(10)} ${row.cells.map((c) => `${formatTokens(Number(c.key))} ${pct(c.accuracy).trim()}`).join(', ')}`),
  charts: (run, results) => [
    {
      name: 'by-length.svg',
      svg: barsSvg(
        settingsTable(results).rows.flatMap((row) => barsOf(row.cells, (k) => `${row.setting} ${formatTokens(Number(k))}`)),
        run.name,
        'setting and conversation length',
      ),
    },
  ],
};
