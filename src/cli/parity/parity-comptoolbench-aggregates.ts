/** Aggregates of the CompToolBench parity corpus's synthetic models, checked against aggregates.json. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDict, numericValue, type PyDict, type PyValue } from '../../lib/core/pyvalue';
import { type AblationRow, ablationRankCorrelation, compositionReport, leaderboardView, type ScoredTask, scoredTask, weightAblation } from '../../lib/analysis/composition';
import { parseJsonValue } from '../../lib/parsing/json-value';
import { type DagScore, LEVELS } from '../../lib/core/expected';
import type { DagCorpus } from './parity-comptoolbench';

const TOL = 1e-4;

function get(d: PyValue | undefined, ...path: string[]): PyValue | undefined {
  let v = d;
  for (const p of path) {
    if (v === null || v === undefined || !isDict(v)) return undefined;
    v = v[p];
  }
  return v;
}

function close(expected: PyValue | undefined, actual: number): boolean {
  const e = expected === undefined ? null : numericValue(expected);
  return e !== null && Math.abs(e - actual) <= TOL;
}

export interface AggregateAgreement {
  models: [number, number];
  ablation: [number, number];
  rankCorrelation: [number, number];
}

export function runDagAggregates(dir: string, corpus: DagCorpus, scores: Map<string, DagScore>, print: (line: string) => void): AggregateAgreement | null {
  const file = join(dir, 'aggregates.json');
  if (!existsSync(file)) {
    print('aggregates: no aggregates.json in the corpus directory; skipped');
    return null;
  }
  const agg = parseJsonValue(readFileSync(file, 'utf8')) as PyDict;
  const taskIds = (Array.isArray(agg.tasks) ? agg.tasks : corpus.taskOrder) as string[];
  const models = (Array.isArray(agg.models) ? agg.models : []) as PyDict[];
  const result: AggregateAgreement = { models: [0, models.length], ablation: [0, 0], rankCorrelation: [0, 0] };
  const ablations: AblationRow[][] = [];
  for (const model of models) {
    const assignment = (get(model, 'assignment') ?? {}) as PyDict;
    const scored: ScoredTask[] = taskIds.map((id) => {
      const task = corpus.tasks.get(id);
      const score = scores.get(`${id}::${String(assignment[id] ?? 'perfect')}`);
      if (!task || !score) throw new Error(`model ${String(model.name)}: no case for task ${id}`);
      return scoredTask(task, score);
    });
    const report = compositionReport(scored);
    const board = leaderboardView(scored);
    const ablation = weightAblation(scored);
    ablations.push(ablation);
    const cg = get(model, 'composition_gap_unrounded');
    const sg = get(model, 'selection_gap');
    const diag = get(model, 'composition_gap', 'diagnostic_metrics');
    const checks: boolean[] = [
      close(get(cg, 'overall_accuracy'), report.overallAccuracy),
      ...LEVELS.map((l) => close(get(cg, 'accuracy', l), report.perLevelAccuracy[l])),
      close(get(cg, 'gap', 'L1_chain'), report.compGap.L1_chain),
      close(get(cg, 'gap', 'L2_parallel'), report.compGap.L2_parallel),
      close(get(cg, 'gap', 'L3_dag'), report.compGap.L3_dag),
      close(get(cg, 'gap', 'overall'), report.compGap.overall),
      close(get(model, 'paper_formula_compgap', 'compgap_overall_mean'), report.paperCompGap.overall),
      close(get(diag, 'tool_selection_accuracy'), report.diagnostics.toolSelectionAccuracy),
      close(get(diag, 'argument_accuracy'), report.diagnostics.argumentAccuracy),
      close(get(diag, 'data_flow_accuracy'), report.diagnostics.dataFlowAccuracy),
      close(get(diag, 'completion_rate'), report.diagnostics.completionRate),
      close(get(diag, 'hallucinated_tool_rate'), report.diagnostics.hallucinatedToolRate),
      close(get(diag, 'early_termination_rate'), report.diagnostics.earlyTerminationRate),
      close(get(sg, 'selection_gap_composed_minus_L0'), report.selectionGap.composedMinusL0),
      get(sg, 'has_selection_gap_L0_below_composed_mean') === report.selectionGap.present,
      get(sg, 'has_selection_gap_L0_below_min_composed') === report.selectionGap.presentStrict,
      close(get(sg, 'leaderboard_sel_gap_L0_minus_composed'), board.l0MinusComposed),
      close(get(sg, 'leaderboard_overall'), board.overall),
      close(get(sg, 'leaderboard_delta_L0_minus_L3'), board.l0MinusL3),
    ];
    const expectedErrors = (get(model, 'composition_gap', 'error_distribution') ?? {}) as PyDict;
    const errorsAgree =
      Object.keys(expectedErrors).length === Object.keys(report.errorDistribution).length && Object.entries(report.errorDistribution).every(([k, n]) => numericValue(expectedErrors[k] ?? null) === n);
    checks.push(errorsAgree);
    const expectedAblation = (get(model, 'weight_ablation') ?? []) as PyValue[];
    ablation.forEach((row, i) => {
      const e = expectedAblation[i];
      result.ablation[1]++;
      const ok =
        get(e, 'config') === row.config &&
        close(get(e, 'overall'), row.overall) &&
        close(get(e, 'l0'), row.perLevel.L0_node) &&
        close(get(e, 'l1'), row.perLevel.L1_chain) &&
        close(get(e, 'l2'), row.perLevel.L2_parallel) &&
        close(get(e, 'l3'), row.perLevel.L3_dag) &&
        get(e, 'selection_gap_present') === row.selectionGapPresent;
      if (ok) result.ablation[0]++;
    });
    const agrees = checks.every(Boolean);
    if (agrees) result.models[0]++;
    print(
      JSON.stringify({
        model: model.name,
        overall_accuracy: report.overallAccuracy,
        per_level_accuracy: report.perLevelAccuracy,
        comp_gap: report.compGap,
        paper_comp_gap: report.paperCompGap,
        selection_gap: report.selectionGap,
        agrees,
      }),
    );
  }
  const expectedRho = (agg.ablation_rank_correlation_vs_default ?? {}) as PyDict;
  for (const { config, result: r } of ablationRankCorrelation(ablations)) {
    const e = expectedRho[`Default (paper) vs ${config}`];
    result.rankCorrelation[1]++;
    const ok = close(get(e, 'spearman_rho'), r.rho);
    if (ok) result.rankCorrelation[0]++;
    print(JSON.stringify({ spearman_vs_default: config, rho: r.rho, p_value: r.pValue, agrees: ok }));
  }
  print(`aggregates agree ${result.models[0]}/${result.models[1]}`);
  print(`ablation agree ${result.ablation[0]}/${result.ablation[1]}`);
  print(`rank correlation agree ${result.rankCorrelation[0]}/${result.rankCorrelation[1]}`);
  return result;
}
