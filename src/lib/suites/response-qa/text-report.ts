/** The response-QA suite's report for a terminal (the runner's): its tables as text and its charts as SVG. */
import { formatTokens } from '../../analysis/format';
import { accuracyBy, byFacet, qaCurves } from '../../analysis/long-context';
import { barsSvg } from '../../analysis/svg';
import { barsOf, pct } from '../../analysis/text-report';
import type { SuiteTextReport } from '../declaration';

export const textReport: SuiteTextReport = {
  reportLines(_run, results) {
    const { bySize, byPosition } = qaCurves(results);
    return [
      `  by response size: ${bySize.map((g) => `${formatTokens(Number(g.key))} ${pct(g.accuracy).trim()}`).join(', ')}`,
      `  by answer position: ${byPosition.map((g) => `p${g.key} ${pct(g.accuracy).trim()}`).join(', ')}`,
      `  by category: ${accuracyBy(results, byFacet('category'))
        .map((g) => `${g.key} ${pct(g.accuracy).trim()}`)
        .join(', ')}`,
    ];
  },
  charts(run, results) {
    const { bySize, byPosition } = qaCurves(results);
    return [
      {
        name: 'by-size.svg',
        svg: barsSvg(
          barsOf(bySize, (k) => formatTokens(Number(k))),
          run.name,
          'tool response size (tokens)',
        ),
      },
      {
        name: 'by-position.svg',
        svg: barsSvg(
          barsOf(byPosition, (k) => `p${k}`),
          run.name,
          'record holding the answer',
        ),
      },
    ];
  },
};
