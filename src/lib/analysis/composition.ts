/**
 * CompToolBench aggregates over scored tasks: per-level accuracy, the code's
 * CompGap (per-tool L0 bottleneck) and the paper's (Acc_L0 − Acc_Lk),
 * diagnostics, the Selection Gap in its several published spellings, and the
 * weight ablation with Spearman rank correlation between configurations.
 */
import { csvText } from './csv';
import { DEFAULT_WEIGHTS, round4, STRING_THRESHOLD, type WeightConfig, weightedOverall } from '../scoring/dag';
import { type DagErrorType, type DagScore, type DagTask, LEVELS, type Level } from '../core/expected';
import type { SampleResult } from '../core/types';
import { mean, spearman, type SpearmanResult } from './stats';

type ComposedLevel = Exclude<Level, 'L0_node'>;
const COMPOSED_LEVELS: readonly ComposedLevel[] = ['L1_chain', 'L2_parallel', 'L3_dag'];

/** A scored task as the aggregates need it: its level, the tools of its trace (in order), its score. */
export interface ScoredTask {
  level: Level;
  tools: readonly string[];
  score: DagScore;
}

export function scoredTask(task: DagTask, score: DagScore): ScoredTask {
  return { level: task.level, tools: task.steps.map((s) => s.toolName), score };
}

interface Diagnostics {
  toolSelectionAccuracy: number;
  argumentAccuracy: number;
  dataFlowAccuracy: number;
  completionRate: number;
  hallucinatedToolRate: number;
  earlyTerminationRate: number;
}

export interface CompositionReport {
  overallAccuracy: number;
  perLevelAccuracy: Record<Level, number>;
  taskCounts: Record<Level, number>;
  /** the reference code's CompGap: per task, min L0 accuracy of its tools (0 without an L0 task) − overall */
  compGap: Record<ComposedLevel, number> & { overall: number };
  /** the paper's formula: Acc_L0 − Acc_Lk, overall = mean of the three */
  paperCompGap: Record<ComposedLevel, number> & { overall: number };
  perToolL0Accuracy: Record<string, number>;
  diagnostics: Diagnostics;
  errorDistribution: Partial<Record<DagErrorType, number>>;
  selectionGap: SelectionGap;
}

interface SelectionGap {
  /** README / bootstrap form: mean(Acc_L1, Acc_L2, Acc_L3) − Acc_L0; positive = the gap is present */
  composedMinusL0: number;
  /** the paper's table flag: L0 below the mean of the composed levels */
  present: boolean;
  /** the ablation script's stricter test: L0 below every composed level */
  presentStrict: boolean;
}

function byLevel<T>(make: (level: Level) => T): Record<Level, T> {
  return Object.fromEntries(LEVELS.map((l) => [l, make(l)])) as Record<Level, T>;
}

function perToolL0Accuracy(scored: readonly ScoredTask[]): Record<string, number> {
  const passes = new Map<string, number[]>();
  for (const { level, tools, score } of scored) {
    if (level !== 'L0_node') continue;
    const tool = tools[0];
    if (tool === undefined) continue;
    const list = passes.get(tool) ?? [];
    list.push(score.overall >= STRING_THRESHOLD ? 1 : 0);
    passes.set(tool, list);
  }
  const out: Record<string, number> = {};
  for (const tool of [...passes.keys()].sort()) out[tool] = mean(passes.get(tool) as number[]);
  return out;
}

function selectionGap(acc: Record<Level, number>): SelectionGap {
  const composed = COMPOSED_LEVELS.map((l) => acc[l]);
  const composedMean = mean(composed);
  return {
    composedMinusL0: composedMean - acc.L0_node,
    present: acc.L0_node < composedMean,
    presentStrict: acc.L0_node < Math.min(...composed),
  };
}

export function compositionReport(scored: readonly ScoredTask[]): CompositionReport {
  const levelScores = byLevel((l) => scored.filter((s) => s.level === l));
  const perLevelAccuracy = byLevel((l) => mean(levelScores[l].map((s) => s.score.overall)));
  const toolAcc = perToolL0Accuracy(scored);
  const gapOf = (l: ComposedLevel) =>
    mean(
      levelScores[l].map(({ tools: trace, score }) => {
        const tools = new Set(trace);
        const bottleneck = Math.min(...[...tools].map((t) => toolAcc[t] ?? 0));
        return (tools.size ? bottleneck : 0) - score.overall;
      }),
    );
  const gap = { L1_chain: gapOf('L1_chain'), L2_parallel: gapOf('L2_parallel'), L3_dag: gapOf('L3_dag') };
  const paper = {
    L1_chain: perLevelAccuracy.L0_node - perLevelAccuracy.L1_chain,
    L2_parallel: perLevelAccuracy.L0_node - perLevelAccuracy.L2_parallel,
    L3_dag: perLevelAccuracy.L0_node - perLevelAccuracy.L3_dag,
  };
  const callScores = scored.flatMap((s) => s.score.callScores);
  const matched = callScores.filter((c) => c.matched);
  const errorDistribution: Partial<Record<DagErrorType, number>> = {};
  for (const { score } of scored) if (score.errorType) errorDistribution[score.errorType] = (errorDistribution[score.errorType] ?? 0) + 1;
  const composedCount = scored.length - levelScores.L0_node.length;
  const rate = (e: DagErrorType) => (composedCount ? (errorDistribution[e] ?? 0) / composedCount : 0);
  return {
    overallAccuracy: mean(scored.map((s) => s.score.overall)),
    perLevelAccuracy,
    taskCounts: byLevel((l) => levelScores[l].length),
    compGap: { ...gap, overall: 0.3 * gap.L1_chain + 0.3 * gap.L2_parallel + 0.4 * gap.L3_dag },
    paperCompGap: { ...paper, overall: mean([paper.L1_chain, paper.L2_parallel, paper.L3_dag]) },
    perToolL0Accuracy: toolAcc,
    diagnostics: {
      toolSelectionAccuracy: matched.length ? matched.filter((c) => c.toolCorrect).length / matched.length : 0,
      argumentAccuracy: mean(matched.map((c) => c.argsScore)),
      dataFlowAccuracy: mean(scored.map((s) => s.score.dataFlowScore)),
      completionRate: callScores.length ? matched.length / callScores.length : 0,
      hallucinatedToolRate: rate('E6_hallucinated_tool'),
      earlyTerminationRate: rate('E8_partial_completion'),
    },
    errorDistribution,
    selectionGap: selectionGap(perLevelAccuracy),
  };
}

// ------------------------------------------------------------------ weight ablation

/**
 * The paper's own Table 1 averages per level (Rahman, CompToolBench): its eight local models (7B–24B
 * on Ollama, the size this app runs) and its ten cloud models, as 0..1 — drawn beside a run's levels
 * as the paper's reference, never as a run.
 */
export const PAPER_LEVEL_AVERAGES: readonly { name: string; perLevel: Record<Level, number> }[] = [
  { name: "CompToolBench's local models (8, average)", perLevel: { L0_node: 0.401, L1_chain: 0.558, L2_parallel: 0.508, L3_dag: 0.278 } },
  { name: "CompToolBench's cloud models (10, average)", perLevel: { L0_node: 0.4, L1_chain: 0.597, L2_parallel: 0.805, L3_dag: 0.394 } },
];

export const WEIGHT_CONFIGS: readonly WeightConfig[] = [
  DEFAULT_WEIGHTS,
  { name: 'Uniform', l1: [1 / 3, 1 / 3, 1 / 3], l2: [0.25, 0.25, 0.25, 0.25], l3: [0.25, 0.25, 0.25, 0.25], binaryThreshold: null },
  { name: 'Sequence-heavy', l1: [0.6, 0.2, 0.2], l2: [0.5, 0.2, 0.15, 0.15], l3: [0.5, 0.2, 0.15, 0.15], binaryThreshold: null },
  { name: 'Args-heavy', l1: [0.2, 0.6, 0.2], l2: [0.15, 0.55, 0.15, 0.15], l3: [0.15, 0.55, 0.15, 0.15], binaryThreshold: null },
  { name: 'Completeness-heavy', l1: [0.2, 0.2, 0.6], l2: [0.15, 0.15, 0.15, 0.55], l3: [0.15, 0.15, 0.15, 0.55], binaryThreshold: null },
  { name: 'Data-flow-heavy', l1: [0.25, 0.25, 0.5], l2: [0.15, 0.15, 0.55, 0.15], l3: [0.15, 0.15, 0.55, 0.15], binaryThreshold: null },
  { ...DEFAULT_WEIGHTS, name: 'Binary (≥0.50)', binaryThreshold: 0.5 },
  { ...DEFAULT_WEIGHTS, name: 'Binary (≥0.70)', binaryThreshold: 0.7 },
];

export interface AblationRow {
  config: string;
  overall: number;
  perLevel: Record<Level, number>;
  /** L0 below every composed level */
  selectionGapPresent: boolean;
}

/**
 * Re-weights each task's sub-scores, rounded to 4 decimals as the reference
 * script reads them from checkpoints; L0 keeps its binary score.
 */
export function weightAblation(scored: readonly ScoredTask[], configs: readonly WeightConfig[] = WEIGHT_CONFIGS): AblationRow[] {
  return configs.map((config) => {
    const rescored = scored.map(({ level, score }) => {
      const value =
        level === 'L0_node'
          ? round4(score.overall)
          : weightedOverall(
              level,
              { sequence: round4(score.toolSequenceScore), args: round4(score.argumentScore), dataFlow: round4(score.dataFlowScore), completeness: round4(score.completenessScore) },
              config,
            );
      return { level, value };
    });
    const perLevel = byLevel((l) => mean(rescored.filter((r) => r.level === l).map((r) => r.value)));
    return {
      config: config.name,
      overall: mean(rescored.map((r) => r.value)),
      perLevel,
      selectionGapPresent: selectionGap(perLevel).presentStrict,
    };
  });
}

/** Spearman ρ between the default configuration's overall scores and each other one's, across models. */
export function ablationRankCorrelation(models: readonly AblationRow[][]): { config: string; result: SpearmanResult }[] {
  const first = models[0];
  if (!first) return [];
  // the reference script ranks the overall values as it prints them, rounded to 4 decimals
  const base = models.map((rows) => round4((rows[0] as AblationRow).overall));
  return first.slice(1).map((row, i) => ({
    config: row.config,
    result: spearman(
      base,
      models.map((rows) => round4((rows[i + 1] as AblationRow).overall)),
    ),
  }));
}

// ------------------------------------------------------------------ leaderboard spelling

export interface LeaderboardView {
  perLevel: Record<Level, number>;
  overall: number;
  /** generate_final_leaderboard.py: Acc_L0 − mean(composed levels that have tasks) — the opposite sign */
  l0MinusComposed: number;
  l0MinusL3: number;
}

/** The leaderboard script's figures, computed from per-task scores rounded to 4 decimals. */
export function leaderboardView(scored: readonly ScoredTask[]): LeaderboardView {
  const rounded = scored.map((s) => ({ level: s.level, value: round4(s.score.overall) }));
  const perLevel = byLevel((l) => mean(rounded.filter((r) => r.level === l).map((r) => r.value)));
  const present = COMPOSED_LEVELS.filter((l) => rounded.some((r) => r.level === l));
  return {
    perLevel,
    overall: mean(rounded.map((r) => r.value)),
    l0MinusComposed: perLevel.L0_node - mean(present.map((l) => perLevel[l])),
    l0MinusL3: perLevel.L0_node - perLevel.L3_dag,
  };
}

// ------------------------------------------------------------------ from stored results

/** What the reference runner records for a task without a result: nothing matched, E10. */
function missingScore(steps: number): DagScore {
  return { overall: 0, toolSequenceScore: 0, argumentScore: 0, completenessScore: 0, dataFlowScore: 0, errorType: 'E10_format_error', numExpectedCalls: steps, numMatchedCalls: 0, callScores: [] };
}

/** The composition results of a run as scored tasks (level and trace tools come from the sample's facets). */
export function scoredTasksOf(results: readonly SampleResult[]): ScoredTask[] {
  return results.flatMap((r) => {
    const level = r.facets?.level;
    if (typeof level !== 'string' || !(LEVELS as readonly string[]).includes(level)) return [];
    const tools = String(r.facets?.tools ?? '')
      .split(',')
      .filter(Boolean);
    return [{ level: level as Level, tools, score: r.score.dag ?? missingScore(tools.length) }];
  });
}

export type ErrorLabel = DagErrorType | 'none';

/** Figure 2a: for each level, the share of tasks with each error type ('none' = no error). */
export function errorsByLevel(scored: readonly ScoredTask[]): Record<Level, Partial<Record<ErrorLabel, number>>> {
  return byLevel((l) => {
    const of = scored.filter((s) => s.level === l);
    const out: Partial<Record<ErrorLabel, number>> = {};
    for (const s of of) {
      const k: ErrorLabel = s.score.errorType ?? 'none';
      out[k] = (out[k] ?? 0) + 1 / of.length;
    }
    return out;
  });
}

/** Table 1 (accuracy per level, overall, L0 − L3, the Selection Gap) of one or several runs as CSV. */
export function table1Csv(series: readonly { name: string; report: CompositionReport; n: number }[]): string {
  const rows = series.map(({ name, report: p, n }) => [
    name,
    ...LEVELS.map((l) => p.perLevelAccuracy[l].toFixed(4)),
    p.overallAccuracy.toFixed(4),
    (p.perLevelAccuracy.L0_node - p.perLevelAccuracy.L3_dag).toFixed(4),
    p.selectionGap.composedMinusL0.toFixed(4),
    p.selectionGap.present,
    n,
  ]);
  return csvText(['run', 'L0', 'L1', 'L2', 'L3', 'overall', 'delta_L0_minus_L3', 'selection_gap_composed_minus_L0', 'selection_gap_present', 'n'], rows);
}
