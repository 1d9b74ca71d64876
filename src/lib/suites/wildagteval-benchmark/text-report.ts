/** The WildAgtEval suite's report for a terminal (the runner's): its tables as text and its charts as SVG. */
import { episodeCharts, episodeReportLines } from '../../analysis/text-report';
import { WILD_LADDER } from './experiments';
import type { SuiteTextReport } from '../declaration';

export const textReport: SuiteTextReport = {
  reportLines: (_run, results) => episodeReportLines(results, WILD_LADDER),
  charts: (run, results) => episodeCharts(results, WILD_LADDER, run.name),
};
