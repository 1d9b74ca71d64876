/** The API-complexity suite's report for a terminal (the runner's): its tables as text and its charts as SVG. */
import { episodeCharts, episodeReportLines } from '../../analysis/text-report';
import { CUMULATIVE_LADDER } from '../../simulate/api/complexity';
import type { SuiteTextReport } from '../declaration';

const RUNGS = CUMULATIVE_LADDER.map((x) => x.name);

export const textReport: SuiteTextReport = {
  reportLines: (_run, results) => episodeReportLines(results, RUNGS),
  charts: (run, results) => episodeCharts(results, RUNGS, run.name),
};
