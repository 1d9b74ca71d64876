/**
 * The paper's tables for a run, as text (the runner's terminal, a shared page) and its charts as SVG: the same analysis functions the
 * app's views use, so the runner's table and the app's heatmap of the same file agree.
 */
import { effectsOf } from '../analysis/findings';
import { probabilityEffectsOf, probabilitySummary } from '../analysis/call-probability';
import { detectsText, differenceText, formatP } from '../analysis/format';
import { whyNoCallProbability } from '../engines/kinds';
import { pictureTitle, runEffectPictures } from '../analysis/first-view';
import { headlineSums, headlineText } from '../analysis/headline';
import { pictureSvg } from '../analysis/svg';
import { repeatSummary } from '../analysis/repeats';
import { pct } from '../analysis/text-report';
import { countsInFigures, isUnanswered, isUnbuilt, type SampleResult } from '../core/types';
import type { RunRow } from './run-row';
import { probabilityName, type SvgChart } from '../suites/declaration';
import { SUITES } from '../suites/registry';

/** The run's one number, as its paper reports it: the suite's label and the figure over the answered samples. */
export function headlineOf(run: Pick<RunRow, 'suite'>, results: readonly SampleResult[]): { label: string; text: string } {
  const { label, measure } = SUITES[run.suite].headline;
  return { label, text: headlineText(headlineSums(measure, results), (x) => pct(x).trim()) };
}

export async function reportLines(run: RunRow, results: readonly SampleResult[]): Promise<string[]> {
  const n = results.length;
  const correct = results.filter((r) => r.score.correct).length;
  const overflow = results.filter((r) => r.error?.kind === 'context_overflow').length;
  const errors = results.filter(isUnanswered).length;
  const unbuilt = results.filter(isUnbuilt);
  const headline = headlineOf(run, results).text;
  const answered = n - errors - unbuilt.length;
  const lines = [
    `${run.name}: ${SUITES[run.suite].headline.label} ${headline} · ${correct}/${answered} answered correct (${pct(answered ? correct / answered : null).trim()})${overflow ? `, ${overflow} over the context window` : ''}${errors ? `; ${errors} unanswered (engine errors, in no figure: the same command asks them again)` : ''}${unbuilt.length ? `; ${unbuilt.length} prompts that could not be built (never asked, in no figure; first: ${unbuilt[0]?.error?.message})` : ''}`,
  ];
  // the suite's tables are over the answered samples, as the app's report is
  lines.push(...(await SUITES[run.suite].textReport()).reportLines(run, results.filter(countsInFigures)));
  lines.push(...callProbabilityLines(run, results.filter(countsInFigures)));
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

/** The right call's probability beside accuracy: its mean, how well it separates right from wrong verdicts, and the effects on it; or why the run has none. */
export function callProbabilityLines(run: Pick<RunRow, 'suite' | 'engine'>, answered: readonly SampleResult[]): string[] {
  const s = probabilitySummary(answered);
  const name = probabilityName(SUITES[run.suite]).replace(/^the /, '');
  if (!s.mean) {
    const why = whyNoCallProbability(run.engine);
    return why ? [`${name}: none — ${why}`] : s.otherPath ? [`${name}: none — all ${s.otherPath} forced readings took another token path than the tokenizer's split`] : [];
  }
  const m = s.mean;
  const lines = [
    `${name} (docs/scoring.md): mean ${pct(m.value).trim()} [${pct(m.low).trim()}–${pct(m.high).trim()}] over ${m.samples} samples of ${m.clusters} requests` +
      (s.auc !== null ? ` · separates right from wrong verdicts with AUC ${s.auc.toFixed(3)} (${s.right} right, ${s.wrong} wrong)` : '') +
      (s.aucFunction !== null ? `, the right function from another (or none) with AUC ${s.aucFunction.toFixed(3)} (${s.rightFunction} of ${s.measured} named it)` : '') +
      (s.absent ? ` · ${s.absent} without it (no single call expected, or an error)` : '') +
      (s.otherPath ? ` · ${s.otherPath} read along another token path, left out` : ''),
  ];
  for (const f of probabilityEffectsOf(run.suite, answered))
    lines.push(
      `  ${f.effect.effect} (${f.effect.paper}), on the probability: ${f.a} → ${f.b} ${differenceText(f.contrast)}, p ${formatP(f.contrast.pValue)}, detects ${detectsText(f.contrast)} → ${f.verdict}`,
    );
  return lines;
}

/** The run's charts as SVG files (name → text): what `--svg DIR` writes and a run's page shows — its suite's, then its effects' pictures. */
export async function chartsOf(run: RunRow, results: readonly SampleResult[]): Promise<SvgChart[]> {
  const answered = results.filter(countsInFigures);
  return [...(await SUITES[run.suite].textReport()).charts(run, answered), ...effectCharts(run.suite, answered)];
}

/** The pictures of the effects this run holds pairs of, as the app's effects panel draws them. */
function effectCharts(suite: string, answered: readonly SampleResult[]): SvgChart[] {
  const effects = effectsOf(suite, answered).map((f) => f.effect);
  return runEffectPictures(effects, suite, answered).map(({ effect, picture }) => ({ name: `effect-${effect.id}.svg`, svg: pictureSvg(picture, pictureTitle(picture)) }));
}
