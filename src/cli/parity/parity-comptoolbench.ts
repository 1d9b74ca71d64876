/** `parity comptoolbench <dir>`: our DAG scorer against CompToolBench's verdicts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDict, type PyDict } from '../../lib/core/pyvalue';
import { type CompToolBenchTask, readCompToolBenchTask, readPredictedCalls } from '../../lib/formats/comptoolbench';
import { parseJsonLines } from '../../lib/formats/jsonl';
import type { Call } from '../../lib/core/calls';
import { round4, scoreDag } from '../../lib/scoring/dag';
import { type DagScore } from '../../lib/core/expected';

interface DagParityCase {
  caseId: string;
  taskId: string;
  calls: Call[];
  expected: PyDict;
}

export interface DagCorpus {
  tasks: Map<string, CompToolBenchTask>;
  taskOrder: string[];
  cases: DagParityCase[];
}

export function loadDagCorpus(dir: string): DagCorpus {
  const tasks = new Map<string, CompToolBenchTask>();
  const taskOrder: string[] = [];
  parseJsonLines(readFileSync(join(dir, 'tasks.jsonl'), 'utf8'), 'tasks.jsonl').forEach((v, i) => {
    const t = readCompToolBenchTask(v, `tasks.jsonl record ${i + 1}`);
    tasks.set(t.taskId, t);
    taskOrder.push(t.taskId);
  });
  const cases = parseJsonLines(readFileSync(join(dir, 'cases.jsonl'), 'utf8'), 'cases.jsonl').map((v, i): DagParityCase => {
    const d = (v !== null && isDict(v) ? v : {}) as PyDict;
    const record = `cases.jsonl record ${i + 1}`;
    const expected = d.expected;
    return {
      caseId: String(d.case_id),
      taskId: String(d.task_id),
      calls: readPredictedCalls(d.predicted_calls ?? null, record),
      expected: (expected !== null && expected !== undefined && isDict(expected) ? expected : {}) as PyDict,
    };
  });
  return { tasks, taskOrder, cases };
}

const SCORE_FIELDS = [
  ['overall', 'overall'],
  ['toolSequenceScore', 'tool_sequence_score'],
  ['argumentScore', 'argument_score'],
  ['completenessScore', 'completeness_score'],
  ['dataFlowScore', 'data_flow_score'],
] as const;

function agreesWithExpected(score: DagScore, expected: PyDict): boolean {
  for (const [ours, theirs] of SCORE_FIELDS) {
    const e = expected[theirs];
    if (typeof e !== 'number' && !(e !== null && typeof e === 'object' && 'value' in e)) return false;
    const ev = typeof e === 'number' ? e : (e as { value: number }).value;
    if (Math.abs(score[ours] - ev) > 1e-4) return false;
  }
  return (expected.error_type ?? null) === score.errorType;
}

function scoredCaseLine(caseId: string, s: DagScore): string {
  return JSON.stringify({
    case_id: caseId,
    overall: round4(s.overall),
    tool_sequence_score: round4(s.toolSequenceScore),
    argument_score: round4(s.argumentScore),
    completeness_score: round4(s.completenessScore),
    data_flow_score: round4(s.dataFlowScore),
    error_type: s.errorType,
  });
}

export function runDagParity(dir: string, print: (line: string) => void): { agree: number; total: number; scores: Map<string, DagScore>; corpus: DagCorpus } {
  const corpus = loadDagCorpus(dir);
  const t0 = performance.now();
  const results = corpus.cases.map((c) => {
    const task = corpus.tasks.get(c.taskId);
    if (!task) throw new Error(`case ${c.caseId}: unknown task ${c.taskId}`);
    return scoreDag(task, c.calls);
  });
  const ms = performance.now() - t0;
  let agree = 0;
  const scores = new Map<string, DagScore>();
  results.forEach((r, i) => {
    const c = corpus.cases[i] as DagParityCase;
    scores.set(c.caseId, r);
    if (agreesWithExpected(r, c.expected)) agree++;
    print(scoredCaseLine(c.caseId, r));
  });
  print(`scored ${results.length} cases in ${ms.toFixed(1)} ms`);
  print(`agree ${agree}/${results.length}`);
  return { agree, total: results.length, scores, corpus };
}
