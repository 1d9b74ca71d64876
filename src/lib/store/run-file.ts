/**
 * The run file: one run and its results as JSON Lines, the app's export and import format, the
 * format of the example gallery and of `npm run bench:model`'s output. Line 1 is the header
 * (the run's settings and, for a recording, who made it how); every further line is one result,
 * optionally with the prompt exactly as it was sent, so a colleague without the model's tokenizer
 * still sees it. Reading validates everything before anything is stored — against the file's one
 * schema (`run-file-schema.ts`) — and names the line and field of the first mistake.
 */
import { headlineSums } from '../analysis/headline';
import { plainJsonText } from '../core/plain-json';
import { isUnanswered, type SampleResult } from '../core/types';
import { findCredential } from '../core/credentials';
import { FormatError } from '../formats/jsonl';
import type { RecordedPrompt, Recording, RunRow } from '../run/run-row';
import { SUITES } from '../suites/registry';
import { describe, firstProblem, headerSchema, lineSchema } from './run-file-schema';
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

type Obj = Record<string, unknown>;

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

/** The schema's first problem with a line's value, as the FormatError the reader throws. */
function check(schema: Parameters<typeof firstProblem>[0], value: unknown, root: string, where: string): void {
  const problem = firstProblem(schema, value, root);
  if (problem) throw new FormatError(where, problem.field, problem.message);
}

const asObject = (v: unknown, field: string, where: string): Obj => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new FormatError(where, field, `expected an object, got ${describe(v)}`);
  return v as Obj;
};

function readHeader(value: unknown, where: string): Header {
  const h = asObject(value, '(header)', where);
  if (h.format !== RUN_FILE_FORMAT) throw new FormatError(where, 'format', `expected "${RUN_FILE_FORMAT}" (is this a run file exported by fc-playground?), got ${describe(h.format)}`);
  const version = h.version;
  if (typeof version !== 'number') throw new FormatError(where, 'version', `expected a number, got ${describe(version)}`);
  if (!READ_VERSIONS.includes(version))
    throw new FormatError(where, 'version', `version ${version} is not supported (this app reads versions ${READ_VERSIONS.slice(0, -1).join(', ')} and ${READ_VERSIONS.at(-1)})`);
  // the versions before are read into today's shape first
  const run = version === 1 ? withConfig(asObject(h.run, 'run', where)) : version < 4 ? withSuiteId(asObject(h.run, 'run', where)) : h.run;
  const header = { ...h, run };
  check(headerSchema, header, '(header)', where);
  return header as unknown as Header;
}

function readResult(value: unknown, run: { id: string; suite: string }, version: number, where: string): { result: SampleResult; prompt: RecordedPrompt | null } {
  const runId = run.id;
  const line = asObject(value, '(line)', where);
  const x = asObject(line.result, 'result', where);
  if (version < 3) {
    // a file of before version 3 may hold cells of the first shape, and lines appended since in today's (a run resumed by a newer runner)
    const written = asObject(x.cell, 'result.cell', where);
    if ('position' in written && typeof written.position !== 'number') throw new FormatError(where, 'result.cell.position', `expected a number, got ${describe(written.position)}`);
    x.cell = withMeasures(run.suite, written);
  }
  check(lineSchema, line, '(line)', where);
  if (x.runId !== runId) throw new FormatError(where, 'result.runId', `belongs to run "${String(x.runId).slice(0, 60)}", not to this file's run "${runId}"`);
  if (x.id !== `${runId}:${String(x.sampleId)}`) throw new FormatError(where, 'result.id', 'expected "<runId>:<sampleId>"');
  return { result: x as unknown as SampleResult, prompt: (line.prompt as RecordedPrompt | undefined) ?? null };
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
