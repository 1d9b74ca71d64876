/**
 * The oracle engine answers with the ground truth. It proves the pipeline
 * (prompt → parse → score → store → analysis) can reach 100%; it measures no model.
 */
import type { ApiExpectation, DagExpectation, GenerateRequest, GenerateResult, Sample, ScriptedEngine } from '../core/types';
import { formatPythonCalls } from '../parsing/format-calls';
import { canonicalCalls } from '../scoring/bfcl-ast';
import { formatAnswer } from '../scoring/qa';
import { turnsOf } from '../scoring/dag-shape';
import { DONE_MESSAGE, scriptedResult, turnIndex } from './turns';
import { callText, END_OF_TURN, episodePosition } from '../prompts/episode-protocol';
import type { EngineFactory } from './host';

function traceAnswer(e: DagExpectation, turn: number): string {
  const calls = (steps: DagExpectation['steps']) => formatPythonCalls(steps.map((s) => ({ name: s.toolName, args: s.arguments })));
  if (e.protocol === 'single-turn') return calls(e.steps);
  const turns = turnsOf(e.steps);
  return turn < turns.length ? calls(turns[turn] as DagExpectation['steps']) : DONE_MESSAGE;
}

/**
 * The next gold call of the turn in progress, or the end of the turn. Right after an error
 * scenario's failure: the hinted workaround, then the rest of the turn; or the reference response.
 */
function episodeAnswer(e: ApiExpectation, request: GenerateRequest): string {
  const history = request.messages[request.messages.length - 1]?.content ?? '';
  const { turn, callsThisTurn } = episodePosition(history);
  const s = e.errorScenario;
  const t = e.target;
  let index = callsThisTurn;
  if (s && t && turn === t.turn && callsThisTurn > t.step) {
    if (!s.workaround) return `${s.reference} ${END_OF_TURN}`;
    if (callsThisTurn === t.step + 1) return callText(s.workaround, e.callFormat);
    index = callsThisTurn - 1; // the workaround took the failed call's place
  }
  const next = e.gold[turn]?.[index];
  return next ? callText(next, e.callFormat) : `${s && t && turn === t.turn ? s.reference : 'Done.'} ${END_OF_TURN}`;
}

export function createOracleEngine(): ScriptedEngine {
  return {
    info: { id: 'oracle', kind: 'oracle', model: 'oracle (ground truth)' },
    async answer(request: GenerateRequest, sample: Sample): Promise<GenerateResult> {
      const e = sample.expected;
      const text =
        e.kind === 'qa'
          ? formatAnswer(e.answer)
          : e.kind === 'dag'
            ? traceAnswer(e, turnIndex(request, sample))
            : e.kind === 'api'
              ? episodeAnswer(e, request)
              : e.kind === 'wild'
                ? e.goldReply
                : formatPythonCalls(canonicalCalls(e.possibleAnswer, sample.tools));
      return scriptedResult(text, sample);
    },
  };
}

export const openOracle: EngineFactory = async (_order, host) => ({ engine: createOracleEngine(), counter: await host.llama3(), counting: null });
