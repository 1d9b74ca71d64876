/** The composition suite's report for a terminal (the runner's): its tables as text and its charts as SVG. */
import { compositionReport, scoredTasksOf } from '../../analysis/composition';
import { barsSvg } from '../../analysis/svg';
import { pct } from '../../analysis/text-report';
import type { SuiteTextReport } from '../declaration';

export const textReport: SuiteTextReport = {
  reportLines(_run, results) {
    const r = compositionReport(scoredTasksOf(results));
    return [
      `  overall ${pct(r.overallAccuracy).trim()}; ${Object.entries(r.perLevelAccuracy)
        .map(([l, a]) => `${l} ${pct(a).trim()} (${r.taskCounts[l as keyof typeof r.taskCounts]})`)
        .join(', ')}`,
      `  Selection Gap (composed − L0): ${(r.selectionGap.composedMinusL0 * 100).toFixed(1)} points${r.selectionGap.present ? ' — present' : ''}`,
    ];
  },
  charts(run, results) {
    const r = compositionReport(scoredTasksOf(results));
    return [
      {
        name: 'by-level.svg',
        svg: barsSvg(
          Object.entries(r.perLevelAccuracy).map(([l, a]) => ({ label: l, accuracy: a, n: r.taskCounts[l as keyof typeof r.taskCounts] })),
          run.name,
          'composition level',
        ),
      },
    ];
  },
};
