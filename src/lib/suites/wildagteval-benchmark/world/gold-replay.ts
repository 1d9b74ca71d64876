/**
 * Gold calls replayed in order on fresh databases, as WildAgtEval's label-transformation script
 * did when it stored `execution_result` for every gold call (`*_exec_mapping.json`).
 */
import type { PyValue } from '../../../core/pyvalue';
import { invokeWildTool, type WildCallOutcome } from './registry';
import { createWildState, type Databases, FROZEN_NOW } from './state';

export interface GoldCall {
  api: string;
  params: PyValue;
}

/** `now`: the clock the calls run at (the evaluator's frozen time unless a test asks for another). */
export function replayGoldCalls(databases: Databases, user: string, calls: readonly GoldCall[], now = FROZEN_NOW, switches: ReadonlySet<string> = new Set()): WildCallOutcome[] {
  const state = createWildState(databases, user, now, switches);
  return calls.map((c) => invokeWildTool(state, c.api, c.params));
}
