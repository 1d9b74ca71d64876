/**
 * The paper's tables for a finished run, as text for a terminal: the same analysis functions the
 * app's views use, so the runner's table and the app's heatmap of the same file agree.
 */
import { headlineLabel, headlineSums, headlineValue } from '../lib/analysis/headline';
import { table3, ladder } from '../lib/analysis/api-complexity';
import { cellStats, degradationTable, variantSummary } from '../lib/analysis/catalog';
import { compositionReport, scoredTasksOf } from '../lib/analysis/composition';
import { accuracyBy, byFacet, qaCurves, settingsTable } from '../lib/analysis/long-context';
import { robustnessTable } from '../lib/analysis/robustness';
import { formatTokens } from '../lib/analysis/format';
import { repeatSummary } from '../lib/analysis/repeats';
import type { SampleResult } from '../lib/core/types';
import { CUMULATIVE_LADDER } from '../lib/simulate/api/complexity';
import type { RunRow } from '../lib/run/run-row';
import { WILD_LADDER } from '../lib/suites/wildagteval/experiments';
import { barsSvg, heatmapSvg } from './svg';

const pct = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '  n/a' : `${(v * 100).toFixed(1).padStart(5)}%`);

/** Accuracy per length (rows) × position (columns): the heatmap as a table. */
export function heatmapLines(results: readonly SampleResult[]): string[] {
  const cells = cellStats(results);
  const lengths = [...new Set(cells.map((c) => c.length))].sort((a, b) => a - b);
  const positions = [...new Set(cells.map((c) => c.position))].sort((a, b) => a - b);
  const lines = [`  ${'length'.padEnd(8)}${positions.map((p) => String(p).padStart(8)).join('')}`];
  for (const l of lengths) {
    const row = positions.map((p) => {
      const c = cells.find((x) => x.length === l && x.position === p);
      return c ? pct(c.accuracy).padStart(8) : '       —';
    });
    lines.push(`  ${formatTokens(l).padEnd(8)}${row.join('')}`);
  }
  return lines;
}

export function reportLines(run: RunRow, results: readonly SampleResult[]): string[] {
  const n = results.length;
  const correct = results.filter((r) => r.score.correct).length;
  const overflow = results.filter((r) => r.error?.kind === 'context_overflow').length;
  const errors = results.filter((r) => r.error?.kind === 'engine_error').length;
  const unbuilt = results.filter((r) => r.error?.kind === 'build_error');
  const headline = headlineValue(headlineSums(run.suite, results));
  const lines = [`${run.name}: ${headlineLabel(run.suite)} ${pct(headline).trim()} · ${correct}/${n} correct (${pct(n ? correct / n : null).trim()})${overflow ? `, ${overflow} over the context window` : ''}${errors ? `, ${errors} engine errors` : ''}${unbuilt.length ? `, ${unbuilt.length} prompts that could not be built (first: ${unbuilt[0]?.error?.message})` : ''}`];
  switch (run.suite) {
    case 'catalog': {
      const variants = [...new Set(results.map((r) => r.cell.variant).filter((v): v is string => !!v))];
      for (const v of variants.length ? variants : [undefined]) {
        const rs = v ? results.filter((r) => r.cell.variant === v) : results;
        lines.push(`accuracy by catalog length × needle position${v ? ` (${v})` : ''}:`, ...heatmapLines(rs));
        const d = degradationTable(cellStats(rs));
        const deg = (x: { percent: number } | null) => (x ? `${x.percent.toFixed(1)}%` : 'n/a');
        lines.push(`  degradation (max−min)/max: overall ${deg(d.overall)}, across positions at ${formatTokens(d.acrossPositionsAt ?? 0)} ${deg(d.acrossPositions)}, across lengths at α ${d.acrossLengthsAt ?? '—'} ${deg(d.acrossLengths)}`);
      }
      for (const s of variantSummary(results)) lines.push(`  ${s.variant === 'default' ? 'all' : s.variant}: ${pct(s.accuracy).trim()} of ${s.n}; wrong format ${pct(s.wrongSyntax).trim()} (the right call in another format ${pct(s.rightCallOtherFormat).trim()}), wrong function ${pct(s.wrongFunction).trim()}, wrong parameters ${pct(s.wrongParameter).trim()}`);
      break;
    }
    case 'robustness':
      for (const r of robustnessTable(results).rows) lines.push(`  ${r.variant.padEnd(10)} ${pct(r.accuracy)} of ${r.n}${r.drop !== null ? `, drop ${r.drop.toFixed(1)}%` : ''}`);
      break;
    case 'response-qa': {
      const { bySize, byPosition } = qaCurves(results);
      lines.push(`  by response size: ${bySize.map((g) => `${formatTokens(Number(g.key))} ${pct(g.accuracy).trim()}`).join(', ')}`);
      lines.push(`  by answer position: ${byPosition.map((g) => `p${g.key} ${pct(g.accuracy).trim()}`).join(', ')}`);
      lines.push(`  by category: ${accuracyBy(results, byFacet('category')).map((g) => `${g.key} ${pct(g.accuracy).trim()}`).join(', ')}`);
      break;
    }
    case 'multiturn': {
      const t = settingsTable(results);
      for (const row of t.rows) lines.push(`  ${row.setting.padEnd(10)} ${row.cells.map((c) => `${formatTokens(Number(c.key))} ${pct(c.accuracy).trim()}`).join(', ')}`);
      break;
    }
    case 'composition': {
      const r = compositionReport(scoredTasksOf(results));
      lines.push(`  overall ${pct(r.overallAccuracy).trim()}; ${Object.entries(r.perLevelAccuracy).map(([l, a]) => `${l} ${pct(a).trim()} (${r.taskCounts[l as keyof typeof r.taskCounts]})`).join(', ')}`);
      lines.push(`  Selection Gap (composed − L0): ${(r.selectionGap.composedMinusL0 * 100).toFixed(1)} points${r.selectionGap.present ? ' — present' : ''}`);
      break;
    }
    case 'api-complexity':
    case 'wildagteval': {
      for (const r of ladder(results, rungsOf(run))) lines.push(`  ${r.rung}: ${pct(r.acc.accuracy).trim()} of ${r.acc.turns} turns`);
      const t = table3(results);
      for (const r of t.rows) lines.push(`  ${r.type}: off ${pct(r.off.accuracy).trim()} → on ${pct(r.on.accuracy).trim()} (${r.pairs} pairs)`);
      break;
    }
  }
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
export function chartsOf(run: RunRow, results: readonly SampleResult[]): { name: string; svg: string }[] {
  const bars = (groups: readonly { key: string | number; accuracy: number; n: number }[], label: (k: string | number) => string = String) => groups.map((g) => ({ label: label(g.key), accuracy: g.accuracy, n: g.n }));
  switch (run.suite) {
    case 'catalog': {
      const variants = [...new Set(results.map((r) => r.cell.variant).filter((v): v is string => !!v))];
      return (variants.length ? variants : [undefined]).map((v) => ({
        name: v ? `heatmap-${v}.svg` : 'heatmap.svg',
        svg: heatmapSvg(cellStats(v ? results.filter((r) => r.cell.variant === v) : results), `${run.name}${v ? ` (${v})` : ''}`),
      }));
    }
    case 'response-qa': {
      const { bySize, byPosition } = qaCurves(results);
      return [
        { name: 'by-size.svg', svg: barsSvg(bars(bySize, (k) => formatTokens(Number(k))), run.name, 'tool response size (tokens)') },
        { name: 'by-position.svg', svg: barsSvg(bars(byPosition, (k) => `p${k}`), run.name, 'record holding the answer') },
      ];
    }
    case 'multiturn':
      return [{ name: 'by-length.svg', svg: barsSvg(settingsTable(results).rows.flatMap((row) => bars(row.cells, (k) => `${row.setting} ${formatTokens(Number(k))}`)), run.name, 'setting and conversation length') }];
    case 'robustness':
      return [{ name: 'by-variant.svg', svg: barsSvg(robustnessTable(results).rows.map((r) => ({ label: r.variant, accuracy: r.accuracy, n: r.n })), run.name, 'request variant') }];
    case 'composition': {
      const r = compositionReport(scoredTasksOf(results));
      return [{ name: 'by-level.svg', svg: barsSvg(Object.entries(r.perLevelAccuracy).map(([l, a]) => ({ label: l, accuracy: a, n: r.taskCounts[l as keyof typeof r.taskCounts] })), run.name, 'composition level') }];
    }
    case 'api-complexity':
    case 'wildagteval': {
      const rungs = ladder(results, rungsOf(run));
      const rows = table3(results).rows;
      return [
        ...(rungs.length ? [{ name: 'ladder.svg', svg: barsSvg(rungs.map((r) => ({ label: r.rung, accuracy: r.acc.accuracy ?? 0, n: r.acc.turns })), run.name, 'cumulative complexity') }] : []),
        ...(rows.length ? [{ name: 'table3.svg', svg: barsSvg(rows.flatMap((r) => [{ label: `${r.type} off`, accuracy: r.off.accuracy ?? 0, n: r.pairs }, { label: `${r.type} on`, accuracy: r.on.accuracy ?? 0, n: r.pairs }]), run.name, 'complexity type, off and on') }] : []),
      ];
    }
  }
}

/** The cumulative ladder's rungs in order: the paper's for WildAgtEval's own benchmark, ours for the API-complexity suite. */
function rungsOf(run: Pick<RunRow, 'suite'>): readonly string[] {
  return run.suite === 'wildagteval' ? WILD_LADDER : CUMULATIVE_LADDER.map((x) => x.name);
}
