/** What a sample expects (a QA answer, a CompToolBench DAG) and how a DAG answer is scored: shapes shared by the suites and the scorers. */
import type { PyDict } from './pyvalue';

export type QaExpected = { kind: 'scalar'; value: string } | { kind: 'number'; value: number; relTolerance?: number; absTolerance?: number } | { kind: 'list'; values: string[] };

export const LEVELS = ['L0_node', 'L1_chain', 'L2_parallel', 'L3_dag'] as const;

export type Level = (typeof LEVELS)[number];

export interface TraceStep {
  stepId: string;
  toolName: string;
  arguments: PyDict;
  dependsOn: string[];
  outputKey: string | null;
}

export interface DagTask {
  taskId: string;
  level: Level;
  steps: TraceStep[];
}

export type DagErrorType = 'E10_format_error' | 'E6_hallucinated_tool' | 'E8_partial_completion' | 'E1_wrong_tool' | 'E3_wrong_order' | 'E4_wrong_arguments' | 'E7_unnecessary_tool';

export interface CallScore {
  step: string;
  expectedTool: string;
  actualTool: string | null;
  matched: boolean;
  toolCorrect: boolean;
  argsScore: number;
  perArgScores: Record<string, number>;
}

export interface DagScore {
  overall: number;
  toolSequenceScore: number;
  argumentScore: number;
  completenessScore: number;
  dataFlowScore: number;
  errorType: DagErrorType | null;
  numExpectedCalls: number;
  numMatchedCalls: number;
  callScores: CallScore[];
}
