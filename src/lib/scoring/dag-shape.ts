/** What each composition level promises about its DAG, checked on a task's steps. */
import { formatPythonCalls } from '../parsing/format-calls';
import type { DagTask } from '../core/expected';

export interface DagShape {
  steps: number;
  roots: number;
  /** steps that two or more others depend on */
  forks: number;
  /** steps that depend on two or more others */
  merges: number;
  /** longest path, in steps */
  depth: number;
}

export function dagShape(task: Pick<DagTask, 'steps'>): DagShape {
  const index = new Map(task.steps.map((s, i) => [s.stepId, i]));
  const children = task.steps.map(() => 0);
  const depth: number[] = [];
  task.steps.forEach((s, i) => {
    let d = 1;
    for (const dep of s.dependsOn) {
      const j = index.get(dep);
      if (j === undefined || j >= i) throw new Error(`step ${s.stepId} depends on ${dep}, which is not an earlier step`);
      children[j] = (children[j] as number) + 1;
      d = Math.max(d, (depth[j] as number) + 1);
    }
    depth.push(d);
  });
  return {
    steps: task.steps.length,
    roots: task.steps.filter((s) => s.dependsOn.length === 0).length,
    forks: children.filter((c) => c >= 2).length,
    merges: task.steps.filter((s) => s.dependsOn.length >= 2).length,
    depth: Math.max(0, ...depth),
  };
}

/** Why a task does not have its level's structure (empty when it does). */
export function levelViolations(task: Pick<DagTask, 'steps' | 'level'>): string[] {
  let shape: DagShape;
  try {
    shape = dagShape(task);
  } catch (e) {
    return [(e as Error).message];
  }
  const v: string[] = [];
  const last = task.steps[task.steps.length - 1];
  switch (task.level) {
    case 'L0_node':
      if (shape.steps !== 1) v.push(`L0 has one call, not ${shape.steps}`);
      break;
    case 'L1_chain':
      if (shape.steps !== 2 || shape.depth !== 2) v.push('L1 is two calls, the second consuming the first');
      break;
    case 'L2_parallel':
      if (shape.roots < 2 || shape.roots > 3) v.push(`L2 has two or three independent calls, not ${shape.roots}`);
      if (shape.steps !== shape.roots + 1 || last?.dependsOn.length !== shape.roots) v.push('L2 ends with one call that combines every independent call');
      break;
    case 'L3_dag':
      if (shape.steps < 4 || shape.steps > 6) v.push(`L3 has 4–6 calls, not ${shape.steps}`);
      if (shape.forks < 1) v.push('L3 forks: some output feeds two or more calls');
      if (shape.merges < 1) v.push('L3 merges: some call reads two or more outputs');
      break;
  }
  return v;
}

/**
 * The trace cut into turns for an agent that sees results: each turn is the
 * longest run of the remaining steps (in trace order) whose dependencies were
 * all issued in earlier turns, so replaying the turns gives the trace's order.
 */
export function turnsOf<S extends { stepId: string; dependsOn: string[] }>(steps: readonly S[]): S[][] {
  const turns: S[][] = [];
  const issued = new Set<string>();
  let i = 0;
  while (i < steps.length) {
    const turn: S[] = [];
    while (i < steps.length && (steps[i] as S).dependsOn.every((d) => issued.has(d))) turn.push(steps[i++] as S);
    if (turn.length === 0) turn.push(steps[i++] as S); // a dependency on a later step: issue it anyway, alone
    for (const s of turn) issued.add(s.stepId);
    turns.push(turn);
  }
  return turns;
}

/** The expected trace as text, one step a line with what it waits for. */
export function traceText(steps: DagTask['steps']): string {
  return steps.map((s) => `${s.stepId}: ${formatPythonCalls([{ name: s.toolName, args: s.arguments }]).slice(1, -1)}${s.dependsOn.length ? `   ← ${s.dependsOn.join(', ')}` : ''}`).join('\n');
}
