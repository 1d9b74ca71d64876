/**
 * The paper's tables for a finished run, as text for a terminal: the same analysis functions the
 * app's views use, so the runner's table and the app's heatmap of the same file agree.
 */
import { headlineSums, headlineText } from '../../lib/analysis/headline';
import { repeatSummary } from '../../lib/analysis/repeats';
import { pct } from '../../lib/analysis/text-report';
import { isUnanswered, type SampleResult } from '../../lib/core/types';
import type { RunRow } from '../../lib/run/run-row';
import type { SvgChart } from '../../lib/suites/declaration';
import { SUITES } from '../../lib/suites/registry';

export async function reportLines(run: RunRow, results: readonly SampleResult[]): Promise<string[]> {
  const n = results.length;
  const correct = results.filter((r) => r.score.correct).length;
  const overflow = results.filter((r) => r.error?.kind === 'context_overflow').length;
  const errors = results.filter((r) => r.error?.kind === 'engine_error').length;
  const unbuilt = results.filter((r) => r.error?.kind === 'build_error');
  const headline = headlineText(headlineSums(SUITES[run.suite].headline.measure, results), (x) => pct(x).trim());
  const answered = n - errors;
  const lines = [
    `${run.name}: ${SUITES[run.suite].headline.label} ${headline} · ${correct}/${answered} answered correct (${pct(answered ? correct / answered : null).trim()})${overflow ? `, ${overflow} over the context window` : ''}${errors ? `; ${errors} unanswered (engine errors, in no figure: the same command asks them again)` : ''}${unbuilt.length ? `, ${unbuilt.length} prompts that could not be built (first: ${unbuilt[0]?.error?.message})` : ''}`,
  ];
  // the suite's tables are over the answered samples, as the app's report is
  lines.push(
    ...(await SUITES[run.suite].textReport()).reportLines(
      run,
      results.filter((r) => !isUnanswered(r)),
    ),
  );
  const repeated = repeatSummary(results);
  if (repeated) {
    const r = repeated;
    lines.push(
      `repeats: each of ${r.samples} samples asked ${r.repeats} times at temperature ${run.request.temperature}: accuracy ${r.perRepeat.map((x) => pct(x.accuracy).trim()).join(', ')} (mean ${pct(r.meanAccuracy).trim()}, sd ${(r.sdAccuracy * 100).toFixed(1)} points; 95% interval over samples ${pct(r.low).trim()}–${pct(r.high).trim()})`,
      `  of ${r.complete} samples with every answer: right every time ${pct(r.allRight).trim()} (pass^${r.repeats}), at least once ${pct(r.anyRight).trim()} (pass@${r.repeats}), sometimes ${pct(r.mixed).trim()}; identical outputs ${pct(r.identicalOutputs).trim()}`,
    );
  }
  return lines;
}

/** The run's charts as SVG files (name → text): what `--svg DIR` writes. */
export async function chartsOf(run: RunRow, results: readonly SampleResult[]): Promise<SvgChart[]> {
  return (await SUITES[run.suite].textReport()).charts(
    run,
    results.filter((r) => !isUnanswered(r)),
  );
}
