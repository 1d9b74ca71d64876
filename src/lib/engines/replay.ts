/**
 * Scores predictions produced elsewhere: a JSON Lines file of
 * `{"id": …, "result": …}` (BFCL result files) keyed by item id or sample id.
 */
import { isDict, type PyValue } from '../core/pyvalue';
import type { GenerateResult, Sample, ScriptedEngine } from '../core/types';
import type { SampleSource } from '../core/sample-source';
import { toJsonText } from '../formats/json-text';
import { FormatError, parseJsonLines } from '../formats/jsonl';
import { formatJsonCalls } from '../parsing/format-calls';
import { NO_PREDICTION, namedError } from './errors';
import { scriptedResult } from './turns';
import type { ChosenPredictions, EngineFactory, ReplayCoverage } from './host';

export type Predictions = Map<string, string>;

function resultText(v: PyValue | undefined): string | null {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    // BFCL FC-mode results: [{"name": {args}}] or a list of strings
    if (v.every((x) => typeof x === 'string')) return (v as string[]).join('\n');
    // CompToolBench-style call lists: [{"tool_name": f, "arguments": {…}}], kept as JSON with their number spelling
    if (v.every((x) => x !== null && isDict(x) && typeof x.tool_name === 'string')) return toJsonText(v);
    if (v.every((x) => x !== null && isDict(x))) {
      const calls = v.flatMap((x) => Object.entries(x as Record<string, PyValue>).map(([name, args]) => ({ name, args: (args !== null && isDict(args) ? args : {}) as never })));
      return formatJsonCalls(calls);
    }
  }
  return null;
}

export function readPredictions(text: string, source = 'predictions'): Predictions {
  const out: Predictions = new Map();
  parseJsonLines(text, source).forEach((v, i) => {
    const d = v !== null && isDict(v) ? v : null;
    const record = `${source} line ${i + 1}`;
    if (!d || typeof d.id !== 'string') throw new FormatError(record, 'id', 'expected a string');
    const r = resultText(d.result);
    if (r === null) throw new FormatError(record, 'result', 'expected the model output as a string or a list of calls');
    if (out.has(d.id)) throw new FormatError(record, 'id', `duplicate id ${JSON.stringify(d.id)}: which answer counts would be a guess`);
    out.set(d.id, r);
  });
  if (out.size === 0) throw new FormatError(source, '(file)', 'no predictions (an empty file)');
  return out;
}

/** A predictions file as the Run tab holds it once chosen: its answers' ids, or what is wrong with it. */
export function chosenPredictions(name: string, text: string): ChosenPredictions {
  try {
    return { name, text, problem: null, ids: [...readPredictions(text, name).keys()] };
  } catch (e) {
    return { name, text, problem: (e as Error).message, ids: [] };
  }
}

/** How many of a run's samples a predictions file answers (by sample id, or the item it asks), as the replay engine looks them up. */
export function replayCoverage(source: Pick<SampleSource, 'ids' | 'itemOf'>, answers: ReadonlySet<string>, examples = 3): ReplayCoverage {
  let answered = 0;
  const missing: string[] = [];
  for (const id of source.ids) {
    const item = source.itemOf(id);
    if (answers.has(id) || (item !== undefined && answers.has(item))) answered++;
    else if (missing.length < examples && !missing.includes(item ?? id)) missing.push(item ?? id);
  }
  return { planned: source.ids.length, answered, missing };
}

export function createReplayEngine(predictions: Predictions, name = 'replay'): ScriptedEngine {
  return {
    info: { id: 'replay', kind: 'replay', model: name },
    async answer(_request, sample: Sample): Promise<GenerateResult> {
      const text = predictions.get(sample.id) ?? predictions.get(sample.itemId);
      if (text === undefined) throw namedError(NO_PREDICTION, `the predictions file has no line with id ${sample.itemId ? `${JSON.stringify(sample.itemId)} or ` : ''}${JSON.stringify(sample.id)}`);
      return scriptedResult(text, sample);
    },
  };
}

export const openReplay: EngineFactory = async (order, host) => ({
  engine: createReplayEngine(readPredictions(order.predictions ?? '', 'predictions file'), order.engine.model),
  counter: await host.llama3(),
  counting: null,
});
