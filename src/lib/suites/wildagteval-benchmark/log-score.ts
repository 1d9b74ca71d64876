/**
 * A WildAgtEval result log scored by its analyzer's rules, as the episode the app's views read
 * (turns with their steps and verdicts). The same for our runs and for published logs.
 */
import type { ApiEpisodeScore, ApiStepJson, ApiTurnJson, Json, JsonObject, Score } from '../../core/types';
import { episodeErrorType, type TurnVerdict } from '../../scoring/api-accuracy';
import { readWildAgtEvalResult } from './log-files';
import { FormatError } from '../../formats/jsonl';
import { scoreWildAgtEvalTurn } from './analyzer';
import { isObject } from '../../core/objects';

function stepKind(type: Json | undefined): ApiStepJson['kind'] {
  return type === 'api_call' || type === 'gt_execution' ? 'api_call' : type === 'completion' ? 'completion' : 'unknown';
}

/** A tool's answer as the step view shows it: its JSON object, or its text. */
function resultObject(text: string | null): JsonObject | null {
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as Json;
    return isObject(v) ? v : { result: v };
  } catch {
    return { text };
  }
}

/** A result log's text read as JSON (a FormatError names the file otherwise). */
export function readWildLog(text: string, source: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (e) {
    throw new FormatError(source, '(json)', `not JSON: ${(e as Error).message}`);
  }
}

/** Every turn of the log, scored (throws a FormatError naming the file and field for a log that is not one); the text is kept as the episode's result log. `log`: the text already read. */
export function scoreWildLog(text: string, source: string, log: Json = readWildLog(text, source)): { api: ApiEpisodeScore; verdicts: TurnVerdict[] } {
  const read = readWildAgtEvalResult(log, source);
  const raw = isObject(log) && Array.isArray(log.query_results) ? log.query_results : [];
  const verdicts = read.map((t) => scoreWildAgtEvalTurn(t.expected, t.steps));
  const turns = read.map((t, i): ApiTurnJson => {
    const q = raw[i];
    const rawSteps = isObject(q) && Array.isArray(q.steps) ? q.steps : [];
    const verdict = verdicts[i] as TurnVerdict;
    const steps = t.steps.map((s, j): ApiStepJson => {
      const r = rawSteps[j];
      const reply = isObject(r) && typeof r.llm_response === 'string' ? r.llm_response : '';
      const type = isObject(r) && isObject(r.parsed_action) ? r.parsed_action.type : undefined;
      return { source: type === 'gt_execution' ? 'gold' : 'agent', reply, kind: stepKind(type), call: s.call, result: resultObject(s.result), success: s.success, injected: [] };
    });
    const last = steps.at(-1);
    const endedBy = last?.kind === 'completion' ? 'completion' : 'step_limit';
    return { turn: i, query: t.query, expected: t.expected, steps, success: verdict.success, failureReason: verdict.failureReason, endedBy };
  });
  return { api: { turns, resultLog: text }, verdicts };
}

/** A result log's score as a sample's: correct when every turn succeeded (the analyzer's conversation success); value the share of turns. */
export function wildLogScore(text: string, source: string, log?: Json): Score {
  const { api, verdicts } = scoreWildLog(text, source, log);
  const passed = verdicts.filter((v) => v.success).length;
  return { correct: verdicts.length > 0 && passed === verdicts.length, value: verdicts.length ? passed / verdicts.length : 0, errorType: episodeErrorType(verdicts), errorClass: null, api };
}

/** A run's result logs as files, one folder per experiment (`<experiment>/<log file name>`), for WildAgtEval's own analyzer. */
export function wildLogFiles(results: readonly { sampleId: string; facets?: Record<string, string | number>; score: Score }[]): { name: string; text: string }[] {
  const files: { name: string; text: string }[] = [];
  const taken = new Set<string>();
  for (const r of results) {
    const text = r.score.api?.resultLog;
    if (!text) continue;
    const log = readWildLog(text, r.sampleId);
    // a repeated run's answers go to one folder per repeat, as WildAgtEval's runner writes one per seed
    const repeat = Number(r.facets?.repeat ?? 1);
    const folder = `${r.facets?.experiment ?? 'results'}${repeat > 1 ? `_repeat${repeat}` : ''}`.replace(/[^\w+.-]+/g, '_');
    const file = isObject(log) && typeof log.filename === 'string' && log.filename ? log.filename.replace(/[^\w+.-]+/g, '_') : `${r.sampleId}.json`;
    let name = `${folder}/${file}`;
    for (let k = 2; taken.has(name); k++) name = `${folder}/${file.replace(/\.json$/, '')}_${k}.json`;
    taken.add(name);
    files.push({ name, text });
  }
  return files;
}
