/**
 * The run file: one run and its results as JSON Lines, the app's export and import format, the
 * format of the example gallery and of `npm run bench:model`'s output. Line 1 is the header
 * (the run's settings and, for a recording, who made it how); every further line is one result,
 * optionally with the prompt exactly as it was sent, so a colleague without the model's tokenizer
 * still sees it. Reading validates everything before anything is stored and names the line and
 * field of the first mistake.
 */
import { headlineSums } from '../analysis/headline';
import { plainJsonText } from '../core/plain-json';
import { MAX_REPEATS, RUN_ORDERS } from '../core/sample-source';
import { type CallLogprob, CALL_MODES, CELL_MEASURES, isUnanswered, type SampleResult } from '../core/types';
import { findCredential } from '../core/credentials';
import { ENGINE_KIND_IDS, ENGINE_KINDS, type EngineKind } from '../engines/kinds';
import { storedModelId } from '../engines/gguf-models';
import type { EngineDevice } from '../engines/load-log';
import { LOGPROBS_FIELDS, PENALTY_FIELDS } from '../engines/openai-server';
import { FormatError } from '../formats/jsonl';
import type { RecordedPrompt, Recording, RunRow } from '../run/run-row';
import type { EngineChoice } from '../engines/kinds';
import { MAX_CONCURRENCY, SERVER_REUSE } from '../engines/host';
import { SUITE_IDS, type SuiteId, SUITES } from '../suites/registry';
import { settingProblems, wordProblems } from '../suites/settings';
import { withConfig, withMeasures, withSuiteId } from './run-shape';

export type { RecordedPrompt, Recording };

const RUN_FILE_FORMAT = 'fc-playground-run';
/**
 * version 2 keeps a run's suite configuration in `config`, version 3 each measure of a cell in its own
 * field, version 4 names the two WildAgtEval suites for what they run, version 5 may carry each
 * result's `callLogprob` (the right call's probability); files of the versions before are read into
 * that shape (`withConfig`, `withMeasures`, `withSuiteId`)
 */
const RUN_FILE_VERSION = 5;
/** the versions this app reads */
export const READ_VERSIONS: readonly number[] = [1, 2, 3, 4, 5];

/** Bounds on untrusted input: a run file larger than this is refused before it is read. */
const MAX_RUN_FILE_BYTES = 256 * 2 ** 20;
const MAX_RUN_FILE_RESULTS = 1_000_000;

export interface RunFile {
  /** the run, its figures from its results */
  run: RunRow;
  /** where the header's figures differ from its results' (a file appended to by a runner that was stopped, or written by an older one), in words; the figures used are the results' */
  headerDisagrees?: string | null;
  recording: Recording | null;
  results: SampleResult[];
  /** by sample id; absent for results written without their prompt */
  prompts: Map<string, RecordedPrompt>;
}

interface Header {
  format: typeof RUN_FILE_FORMAT;
  version: number;
  run: RunRow;
  recording?: Recording;
}

/** The figures a run's header states, as its results give them: what every writer puts there and every reader checks. */
function figuresOf(suite: RunRow['suite'], results: readonly SampleResult[]): Pick<RunRow, 'done' | 'correct' | 'headline'> {
  return { done: results.length, correct: results.filter((r) => r.score.correct).length, headline: headlineSums(SUITES[suite].headline.measure, results) };
}

/** The run file's text; its header's figures (done, correct, headline) are recomputed from the results it holds, whatever the run row said. */
export function writeRunFile(file: { run: RunRow; recording?: Recording | null; results: readonly SampleResult[]; prompts?: ReadonlyMap<string, RecordedPrompt> }): string {
  const { predictions: _omitted, ...given } = file.run;
  const run = { ...given, ...figuresOf(given.suite, file.results) };
  const header: Header = { format: RUN_FILE_FORMAT, version: RUN_FILE_VERSION, run: run as RunRow, ...(file.recording ? { recording: file.recording } : {}) };
  // what a run file may not carry is not written either (a run stored before this check, a command typed with its key)
  refuseCredentials(header, `${run.name}: the run file's header`, true);
  const lines = [JSON.stringify(header)];
  for (const r of [...file.results].sort((a, b) => a.index - b.index)) {
    const prompt = file.prompts?.get(r.sampleId);
    lines.push(plainJsonText(prompt ? { result: r, prompt } : { result: r }));
  }
  return lines.join('\n') + '\n';
}

const STATUSES = ['queued', 'running', 'paused', 'completed', 'cancelled', 'failed'] as const;
const ROLES = ['system', 'user', 'assistant', 'tool'] as const;
const ERROR_KINDS = ['context_overflow', 'engine_error', 'aborted', 'build_error', 'no_prediction'] as const;

type Obj = Record<string, unknown>;

/** Every field a run file's objects may have; the compiler checks the lists cover the types. */
const HEADER_FIELDS = ['format', 'version', 'run', 'recording'] as const;
const RUN_FIELDS = [
  'id',
  'name',
  'createdAt',
  'updatedAt',
  'status',
  'suite',
  'packIds',
  'packVersions',
  'config',
  'engine',
  'template',
  'format',
  'request',
  'repeats',
  'constrained',
  'order',
  'kvReuse',
  'counterId',
  'total',
  'done',
  'correct',
  'headline',
  'error',
  'predictions',
  'recording',
  'speed',
] as const satisfies readonly (keyof RunRow)[];
const ENGINE_FIELDS = [
  'kind',
  'model',
  'contextWindow',
  'baseUrl',
  'calls',
  'grammarField',
  'penaltyField',
  'logprobs',
  'timeouts',
  'serverReuse',
  'concurrency',
  'device',
] as const satisfies readonly (keyof EngineChoice)[];
const DEVICE_FIELDS = ['kind', 'adapter', 'layers', 'note', 'checked'] as const satisfies readonly (keyof EngineDevice)[];
const DEVICE_KINDS = ['cpu', 'webgpu'] as const satisfies readonly EngineDevice['kind'][];
const RECORDING_FIELDS = ['recordedAt', 'model', 'engine', 'command', 'note'] as const satisfies readonly (keyof Recording)[];
const LINE_FIELDS = ['result', 'prompt'] as const;
const RESULT_FIELDS = [
  'id',
  'runId',
  'sampleId',
  'itemId',
  'index',
  'cell',
  'facets',
  'output',
  'calls',
  'parseError',
  'score',
  'usage',
  'timings',
  'error',
  'createdAt',
  'callLogprob',
] as const satisfies readonly (keyof SampleResult)[];
const CALL_LOGPROB_FIELDS = ['forced', 'tokens', 'logprob', 'canonical', 'parts'] as const satisfies readonly (keyof CallLogprob)[];
/** A forced name has a few tokens; a file listing more is not one this app wrote. */
const MAX_FORCED_TOKENS = 256;
type Uncovered =
  | Exclude<keyof RunRow, (typeof RUN_FIELDS)[number]>
  | Exclude<keyof EngineChoice, (typeof ENGINE_FIELDS)[number]>
  | Exclude<keyof Recording, (typeof RECORDING_FIELDS)[number]>
  | Exclude<keyof SampleResult, (typeof RESULT_FIELDS)[number]>;
const everyFieldListed: [Uncovered] extends [never] ? true : Uncovered = true;
void everyFieldListed;

class Reader {
  constructor(readonly where: string) {}
  fail(field: string, message: string): never {
    throw new FormatError(this.where, field, message);
  }
  obj(v: unknown, field: string): Obj {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) this.fail(field, `expected an object, got ${describe(v)}`);
    return v as Obj;
  }
  str(o: Obj, key: string, field = key): string {
    const v = o[key];
    if (typeof v !== 'string') this.fail(field, `expected a string, got ${describe(v)}`);
    return v;
  }
  num(o: Obj, key: string, field = key): number {
    const v = o[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(field, `expected a number, got ${describe(v)}`);
    return v;
  }
  bool(o: Obj, key: string, field = key): boolean {
    const v = o[key];
    if (typeof v !== 'boolean') this.fail(field, `expected true or false, got ${describe(v)}`);
    return v;
  }
  strOrNull(o: Obj, key: string, field = key): string | null {
    return o[key] === null ? null : this.str(o, key, field);
  }
  oneOf<T extends string>(o: Obj, key: string, allowed: readonly T[], field = key): T {
    const v = this.str(o, key, field);
    if (!(allowed as readonly string[]).includes(v)) this.fail(field, `"${v.slice(0, 40)}" is not one of ${allowed.join(', ')}`);
    return v as T;
  }
  /** Refuses a field the format does not have (junk, or data that should not travel in a run file). */
  only(o: Obj, fields: readonly string[], field: string): void {
    const unknown = Object.keys(o).find((k) => !fields.includes(k));
    if (unknown !== undefined) this.fail(`${field}.${unknown.slice(0, 60)}`, `not a field of a run file: remove it (${field} has ${fields.join(', ')})`);
  }
  strings(o: Obj, key: string, field = key): string[] {
    const v = o[key];
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) this.fail(field, `expected a list of strings, got ${describe(v)}`);
    return v as string[];
  }
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing (missing)';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'string' ? `the string "${v.slice(0, 30)}"` : `${typeof v} ${typeof v === 'object' ? '' : String(v)}`.trim();
}

/** Parses one line; refuses a credential in it: a field named as one anywhere, and in the header (`values`) a value shaped like one too. */
function parseLine(line: string, where: string, values = false): unknown {
  let value: unknown;
  try {
    value = JSON.parse(line) as unknown;
  } catch (e) {
    throw new FormatError(where, '(json)', (e as Error).message);
  }
  refuseCredentials(value, where, values);
  return value;
}

function refuseCredentials(value: unknown, where: string, values: boolean): void {
  const found = findCredential(value, { values, skip: PARAMETER_NAMES });
  if (found) throw new FormatError(where, found.path, `a run file never carries credentials (API keys, tokens, passwords, cookies): this is ${found.what}; remove it`);
}

/**
 * Where tools' parameters are named (schemas, calls and their arguments): a parameter called
 * `password` or `token` is the tool's, not the user's credential, and a catalog of a login API
 * must still export and open.
 */
const PARAMETER_NAMES = new Set(['args', 'arguments', 'params', 'parameters', 'properties', 'possibleAnswer', 'expected', 'required']);

function readHeader(value: unknown, where: string): Header {
  const r = new Reader(where);
  const h = r.obj(value, '(header)');
  r.only(h, HEADER_FIELDS, '(header)');
  if (h.format !== RUN_FILE_FORMAT) r.fail('format', `expected "${RUN_FILE_FORMAT}" (is this a run file exported by fc-playground?), got ${describe(h.format)}`);
  const version = r.num(h, 'version');
  if (!READ_VERSIONS.includes(version)) r.fail('version', `version ${version} is not supported (this app reads versions ${READ_VERSIONS.slice(0, -1).join(', ')} and ${READ_VERSIONS.at(-1)})`);
  const run = version === 1 ? withConfig(r.obj(h.run, 'run')) : version < 4 ? withSuiteId(r.obj(h.run, 'run')) : r.obj(h.run, 'run');
  r.only(run, RUN_FIELDS, 'run');
  r.str(run, 'id', 'run.id');
  if (!/^[\w.:-]{1,120}$/.test(run.id as string)) r.fail('run.id', 'expected letters, digits and . _ : - only');
  r.str(run, 'name', 'run.name');
  r.oneOf(run, 'suite', SUITE_IDS, 'run.suite');
  r.oneOf(run, 'status', STATUSES, 'run.status');
  r.strings(run, 'packIds', 'run.packIds');
  r.num(run, 'createdAt', 'run.createdAt');
  r.num(run, 'total', 'run.total');
  r.str(run, 'counterId', 'run.counterId');
  r.str(run, 'format', 'run.format');
  const engine = r.obj(run.engine, 'run.engine');
  if ('apiKey' in engine) r.fail('run.engine.apiKey', 'a run file never carries an API key: remove it');
  r.only(engine, ENGINE_FIELDS, 'run.engine');
  r.oneOf(engine, 'kind', ENGINE_KIND_IDS, 'run.engine.kind');
  r.str(engine, 'model', 'run.engine.model');
  if (engine.baseUrl !== undefined) r.str(engine, 'baseUrl', 'run.engine.baseUrl');
  if (engine.calls !== undefined) r.oneOf(engine, 'calls', CALL_MODES, 'run.engine.calls');
  if (engine.serverReuse !== undefined) r.oneOf(engine, 'serverReuse', SERVER_REUSE, 'run.engine.serverReuse');
  if (engine.concurrency !== undefined) {
    const inFlight = r.num(engine, 'concurrency', 'run.engine.concurrency');
    if (!Number.isInteger(inFlight) || inFlight < 2 || inFlight > MAX_CONCURRENCY)
      r.fail('run.engine.concurrency', `expected a whole number of requests in flight from 2 to ${MAX_CONCURRENCY} (one is said by its absence), got ${inFlight}`);
  }
  if (engine.penaltyField !== undefined) r.oneOf(engine, 'penaltyField', PENALTY_FIELDS, 'run.engine.penaltyField');
  if (engine.logprobs !== undefined) r.oneOf(engine, 'logprobs', LOGPROBS_FIELDS, 'run.engine.logprobs');
  if (engine.device !== undefined) {
    const device = r.obj(engine.device, 'run.engine.device');
    r.only(device, DEVICE_FIELDS, 'run.engine.device');
    r.oneOf(device, 'kind', DEVICE_KINDS, 'run.engine.device.kind');
    if (device.adapter !== undefined) r.str(device, 'adapter', 'run.engine.device.adapter');
    if (device.note !== undefined) r.str(device, 'note', 'run.engine.device.note');
    if (device.checked !== undefined) r.str(device, 'checked', 'run.engine.device.checked');
    if (device.layers !== undefined) {
      const layers = r.obj(device.layers, 'run.engine.device.layers');
      const offloaded = r.num(layers, 'offloaded', 'run.engine.device.layers.offloaded');
      const of = r.num(layers, 'of', 'run.engine.device.layers.of');
      if (offloaded > of) r.fail('run.engine.device.layers', `expected at most ${of} layers offloaded (got ${offloaded})`);
    }
    // the model id's mark binds a run to its device: a file that says otherwise would resume on the wrong one
    if (engine.kind === 'wllama' && (device.kind === 'webgpu') !== (storedModelId(String(engine.model)).load === 'webgpu'))
      r.fail('run.engine.device.kind', `a run on ${device.kind === 'webgpu' ? 'the GPU' : 'the CPU'} names its model ${device.kind === 'webgpu' ? 'with' : 'without'} the #webgpu mark`);
  }
  if (run.predictions !== undefined) {
    r.str(run, 'predictions', 'run.predictions');
    if (!ENGINE_KINDS[engine.kind as EngineKind]?.readsPredictions) r.fail('run.predictions', 'only a replay run carries its predictions file');
  }
  const request = r.obj(run.request, 'run.request');
  r.num(request, 'maxTokens', 'run.request.maxTokens');
  const temperature = r.num(request, 'temperature', 'run.request.temperature');
  if (temperature < 0 || temperature > 2) r.fail('run.request.temperature', `expected 0 to 2 (got ${temperature})`);
  if (run.repeats !== undefined) {
    const repeats = r.num(run, 'repeats', 'run.repeats');
    if (!Number.isInteger(repeats) || repeats < 1 || repeats > MAX_REPEATS) r.fail('run.repeats', `expected a whole number from 1 to ${MAX_REPEATS} (got ${repeats})`);
  }
  const template = r.obj(run.template, 'run.template');
  r.str(template, 'system', 'run.template.system');
  r.str(template, 'user', 'run.template.user');
  if (run.order !== undefined) r.oneOf(run, 'order', RUN_ORDERS, 'run.order');
  if (run.kvReuse !== undefined) r.bool(run, 'kvReuse', 'run.kvReuse');
  // the suite's configuration: its declared settings within the bounds the Run tab and the runner take
  // (none only where the suite says what such a run is, `config.absent`: WildAgtEval's read from published logs)
  const declared = SUITES[run.suite as SuiteId];
  if (run.config === null && !declared.config.absent) r.fail('run.config', `a ${String(run.suite)} run needs its configuration`);
  if (run.config !== null) {
    const config = r.obj(run.config, 'run.config');
    for (const { path, problem } of [...wordProblems(declared.words, config), ...settingProblems(declared.settings, config)]) r.fail(`run.config.${path}`, problem);
  }
  let recording: Recording | undefined;
  if (h.recording !== undefined) {
    const rec = r.obj(h.recording, 'recording');
    r.only(rec, RECORDING_FIELDS, 'recording');
    recording = {
      recordedAt: r.str(rec, 'recordedAt', 'recording.recordedAt'),
      model: r.str(rec, 'model', 'recording.model'),
      engine: r.str(rec, 'engine', 'recording.engine'),
      command: r.str(rec, 'command', 'recording.command'),
    };
    if (rec.note !== undefined) recording.note = r.str(rec, 'note', 'recording.note');
  }
  return { format: RUN_FILE_FORMAT, version, run: run as unknown as RunRow, ...(recording ? { recording } : {}) };
}

/** An API-system episode's turns, as the results browser shows them (text only). */
function readApiScore(r: Reader, api: Obj): void {
  const turns = api.turns;
  if (!Array.isArray(turns)) r.fail('result.score.api.turns', `expected a list, got ${describe(turns)}`);
  (turns as unknown[]).forEach((t, i) => {
    const o = r.obj(t, `result.score.api.turns[${i}]`);
    r.str(o, 'query', `result.score.api.turns[${i}].query`);
    r.bool(o, 'success', `result.score.api.turns[${i}].success`);
    r.str(o, 'failureReason', `result.score.api.turns[${i}].failureReason`);
    if (!Array.isArray(o.steps)) r.fail(`result.score.api.turns[${i}].steps`, `expected a list, got ${describe(o.steps)}`);
    (o.steps as unknown[]).forEach((s, j) => {
      const st = r.obj(s, `result.score.api.turns[${i}].steps[${j}]`);
      r.str(st, 'reply', `result.score.api.turns[${i}].steps[${j}].reply`);
      r.strings(st, 'injected', `result.score.api.turns[${i}].steps[${j}].injected`);
    });
  });
  if (api.resultLog !== undefined) r.str(api, 'resultLog', 'result.score.api.resultLog');
  if (api.errorHandling !== undefined) {
    const e = r.obj(api.errorHandling, 'result.score.api.errorHandling');
    r.num(e, 'score', 'result.score.api.errorHandling.score');
    r.str(e, 'judge', 'result.score.api.errorHandling.judge');
  }
}

function readResult(value: unknown, run: { id: string; suite: string }, version: number, where: string): { result: SampleResult; prompt: RecordedPrompt | null } {
  const runId = run.id;
  const r = new Reader(where);
  const line = r.obj(value, '(line)');
  r.only(line, LINE_FIELDS, '(line)');
  const x = r.obj(line.result, 'result');
  r.only(x, RESULT_FIELDS, 'result');
  const sampleId = r.str(x, 'sampleId', 'result.sampleId');
  if (r.str(x, 'runId', 'result.runId') !== runId) r.fail('result.runId', `belongs to run "${String(x.runId).slice(0, 60)}", not to this file's run "${runId}"`);
  if (r.str(x, 'id', 'result.id') !== `${runId}:${sampleId}`) r.fail('result.id', 'expected "<runId>:<sampleId>"');
  r.num(x, 'index', 'result.index');
  const written = r.obj(x.cell, 'result.cell');
  // a file of before version 3 may hold cells of the first shape, and lines appended since in today's (a run resumed by a newer runner)
  if (version < 3 && 'position' in written) r.num(written, 'position', 'result.cell.position');
  const cell = version < 3 ? withMeasures(run.suite, written) : written;
  x.cell = cell;
  r.only(cell, [...CELL_MEASURES, 'variant'], 'result.cell');
  r.num(cell, 'length', 'result.cell.length');
  for (const m of CELL_MEASURES) if (m !== 'length' && cell[m] !== undefined) r.num(cell, m, `result.cell.${m}`);
  if (cell.variant !== undefined) r.str(cell, 'variant', 'result.cell.variant');
  r.str(x, 'output', 'result.output');
  const calls = x.calls;
  if (calls !== null) {
    if (!Array.isArray(calls)) r.fail('result.calls', `expected a list or null, got ${describe(calls)}`);
    (calls as unknown[]).forEach((c, i) => r.str(r.obj(c, `result.calls[${i}]`), 'name', `result.calls[${i}].name`));
  }
  r.strOrNull(x, 'parseError', 'result.parseError');
  const score = r.obj(x.score, 'result.score');
  r.bool(score, 'correct', 'result.score.correct');
  r.num(score, 'value', 'result.score.value');
  r.strOrNull(score, 'errorType', 'result.score.errorType');
  r.strOrNull(score, 'errorClass', 'result.score.errorClass');
  if (score.api !== undefined) readApiScore(r, r.obj(score.api, 'result.score.api'));
  if (x.usage !== null) {
    const u = r.obj(x.usage, 'result.usage');
    r.num(u, 'promptTokens', 'result.usage.promptTokens');
    r.num(u, 'completionTokens', 'result.usage.completionTokens');
    if (u.prefilledTokens !== undefined) r.num(u, 'prefilledTokens', 'result.usage.prefilledTokens');
  }
  if (x.timings !== null) {
    const t = r.obj(x.timings, 'result.timings');
    r.num(t, 'prefillMs', 'result.timings.prefillMs');
    if (t.forcedMs !== undefined) r.num(t, 'forcedMs', 'result.timings.forcedMs');
    r.num(t, 'decodeMs', 'result.timings.decodeMs');
  }
  if (x.error !== null) {
    const e = r.obj(x.error, 'result.error');
    r.oneOf(e, 'kind', ERROR_KINDS, 'result.error.kind');
    r.str(e, 'message', 'result.error.message');
  }
  r.num(x, 'createdAt', 'result.createdAt');
  if (x.callLogprob !== undefined) readCallLogprob(r, r.obj(x.callLogprob, 'result.callLogprob'));
  let prompt: RecordedPrompt | null = null;
  if (line.prompt !== undefined) {
    const p = r.obj(line.prompt, 'prompt');
    const list = p.messages;
    if (!Array.isArray(list)) r.fail('prompt.messages', `expected a list, got ${describe(list)}`);
    const messages = (list as unknown[]).map((m, i) => {
      const o = r.obj(m, `prompt.messages[${i}]`);
      return { role: r.oneOf(o, 'role', ROLES, `prompt.messages[${i}].role`), content: r.str(o, 'content', `prompt.messages[${i}].content`) };
    });
    prompt = {
      messages,
      needleNames: r.strings(p, 'needleNames', 'prompt.needleNames'),
      toolCount: r.num(p, 'toolCount', 'prompt.toolCount'),
      promptTokens: r.num(p, 'promptTokens', 'prompt.promptTokens'),
      expected: r.strOrNull(p, 'expected', 'prompt.expected'),
    };
  }
  return { result: x as unknown as SampleResult, prompt };
}

/** A result's forced call: its text, its tokens (which must spell it), their log-probabilities and where the model parted from them. */
function readCallLogprob(r: Reader, c: Obj): void {
  const where = 'result.callLogprob';
  r.only(c, CALL_LOGPROB_FIELDS, where);
  const forced = r.str(c, 'forced', `${where}.forced`);
  const list = c.tokens;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_FORCED_TOKENS) r.fail(`${where}.tokens`, `expected a list of 1 to ${MAX_FORCED_TOKENS} tokens, got ${describe(list)}`);
  const choice = (v: unknown, field: string) => {
    const o = r.obj(v, field);
    r.only(o, ['piece', 'logprob'], field);
    const logprob = r.num(o, 'logprob', `${field}.logprob`);
    if (!(logprob <= 0)) r.fail(`${field}.logprob`, `a log-probability is at most 0, got ${logprob}`);
    return { piece: r.str(o, 'piece', `${field}.piece`), logprob };
  };
  const tokens = (list as unknown[]).map((t, i) => choice(t, `${where}.tokens[${i}]`));
  if (!forced.startsWith(tokens.map((t) => t.piece).join(''))) r.fail(`${where}.tokens`, 'the tokens do not spell the start of the forced text');
  const sum = tokens.reduce((s, t) => s + t.logprob, 0);
  const logprob = r.num(c, 'logprob', `${where}.logprob`);
  if (Math.abs(logprob - sum) > 1e-6 * Math.max(1, Math.abs(sum))) r.fail(`${where}.logprob`, `${logprob} is not the sum of its tokens' log-probabilities (${sum})`);
  r.bool(c, 'canonical', `${where}.canonical`);
  if (c.parts !== null) {
    const p = r.obj(c.parts, `${where}.parts`);
    r.only(p, ['at', 'rank', 'top'], `${where}.parts`);
    const at = r.num(p, 'at', `${where}.parts.at`);
    if (!Number.isInteger(at) || at < 0 || at >= tokens.length) r.fail(`${where}.parts.at`, `not the index of a forced token: ${at}`);
    if (p.rank !== null) r.num(p, 'rank', `${where}.parts.rank`);
    const top = p.top;
    if (!Array.isArray(top) || top.length > MAX_FORCED_TOKENS) r.fail(`${where}.parts.top`, `expected a list, got ${describe(top)}`);
    (top as unknown[]).forEach((t, i) => choice(t, `${where}.parts.top[${i}]`));
  }
}

function disagreement(header: RunRow, figures: Pick<RunRow, 'done' | 'correct' | 'headline'>): string | null {
  const said = header.headline;
  const h = figures.headline;
  const differs: string[] = [];
  if (header.done !== figures.done) differs.push(`done ${header.done} (its results: ${figures.done})`);
  if (header.correct !== figures.correct) differs.push(`correct ${header.correct} (its results: ${figures.correct})`);
  if (said && h && (said.hits !== h.hits || said.count !== h.count)) differs.push(`headline ${said.hits} of ${said.count} (its results: ${h.hits} of ${h.count})`);
  return differs.length ? `its header says ${differs.join(', ')}: the figures shown are the results'` : null;
}

/** Reads and validates a whole run file; throws FormatError naming the line and field of the first mistake. */
export function readRunFile(text: string, source = 'run file'): RunFile {
  if (text.length > MAX_RUN_FILE_BYTES) throw new FormatError(source, '(size)', `larger than ${MAX_RUN_FILE_BYTES / 2 ** 20} MB`);
  // a byte-order mark (editors on Windows write one) is not part of the header
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  let at = 0;
  while (at < lines.length && (lines[at] as string).trim() === '') at++;
  if (at === lines.length) throw new FormatError(source, '(file)', 'empty: a run file starts with its header line');
  const header = readHeader(parseLine(lines[at] as string, `${source} line ${at + 1}`, true), `${source} line ${at + 1}`);
  const results: SampleResult[] = [];
  const prompts = new Map<string, RecordedPrompt>();
  /** where each sample's result is in `results` */
  const seen = new Map<string, number>();
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const where = `${source} line ${i + 1}`;
    if (results.length >= MAX_RUN_FILE_RESULTS) throw new FormatError(where, '(file)', `more than ${MAX_RUN_FILE_RESULTS} results`);
    const { result, prompt } = readResult(parseLine(line, where), header.run, header.version, where);
    const earlier = seen.get(result.sampleId);
    if (earlier !== undefined) {
      // a sample that ended in an engine error is asked again when its run resumes: the runner appends the new result
      if (!isUnanswered(results[earlier] as SampleResult)) throw new FormatError(where, 'result.sampleId', `sample "${result.sampleId.slice(0, 60)}" appears twice`);
      results[earlier] = result;
    } else {
      seen.set(result.sampleId, results.length);
      results.push(result);
    }
    if (prompt) prompts.set(result.sampleId, prompt);
  }
  // the counts follow from the results, whatever the header says; a run that was being generated where it was
  // written is not generated here: it is shown paused (and resumes only where its engine is)
  const unfinished = header.run.status === 'running' || header.run.status === 'queued';
  const figures = figuresOf(header.run.suite, results);
  const run: RunRow = {
    ...header.run,
    ...(unfinished ? { status: 'paused' as const } : {}),
    ...figures,
    total: Math.max(header.run.total, results.length),
  };
  if (header.recording) run.recording = header.recording;
  else delete run.recording;
  return { run, recording: header.recording ?? null, results, prompts, headerDisagrees: disagreement(header.run, figures) };
}
