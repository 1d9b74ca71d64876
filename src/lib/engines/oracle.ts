/**
 * The oracle engine answers with the ground truth. It proves the pipeline
 * (prompt → parse → score → store → analysis) can reach 100%; it measures no model.
 */
import type { Engine, GenerateRequest, GenerateResult, Sample } from '../core/types';
import { formatPythonCalls } from '../parsing/format-calls';
import { canonicalCalls } from '../scoring/bfcl-ast';
import { formatAnswer } from '../scoring/qa';

export function createOracleEngine(): Engine {
  return {
    info: { id: 'oracle', kind: 'oracle', model: 'oracle (ground truth)' },
    async generate(_request: GenerateRequest, sample: Sample): Promise<GenerateResult> {
      const e = sample.expected;
      const text = e.kind === 'qa' ? formatAnswer(e.answer) : formatPythonCalls(canonicalCalls(e.possibleAnswer, sample.tools));
      return { text, finishReason: 'stop', usage: { promptTokens: sample.promptTokens, completionTokens: 0 }, timings: { prefillMs: 0, decodeMs: 0 } };
    },
  };
}
