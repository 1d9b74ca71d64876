/**
 * Gold calls replayed in order on fresh databases, as WildAgtEval's label-transformation script
 * did when it stored `execution_result` for every gold call (`*_exec_mapping.json`).
 */
import type { PyValue } from '../../core/pyvalue';
import { invokeWildTool, type WildCallOutcome } from './registry';
import { createWildState, type Databases } from './state';

export interface GoldCall {
  api: string;
  params: PyValue;
}

export function replayGoldCalls(databases: Databases, user: string, calls: readonly GoldCall[]): WildCallOutcome[] {
  const state = createWildState(databases, user);
  return calls.map((c) => invokeWildTool(state, c.api, c.params));
}
