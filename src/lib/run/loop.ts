/**
 * The run loop: a plain function over an Engine, a ResultStore and a progress
 * callback, so the worker (Dexie) and Node (tests, CLI) run the same code.
 * Results are written as they are produced. A run that is stopped — paused,
 * cancelled, crashed, or its tab reloaded — resumes by skipping the samples
 * the store already has; result ids are `${runId}:${sampleId}`, so nothing is
 * counted twice. A sample that ended in an engine error is no answer: a resume asks it again, and
 * its new result replaces the error.
 */
import {
  type CallLogprob,
  type CallMode,
  type GenerateRequest,
  type GenerateResult,
  isScripted,
  isUnanswered,
  isUnbuilt,
  type RunEngine,
  type Sample,
  type SampleResult,
  type Score,
} from '../core/types';
import type { OutputFormat } from '../parsing';
import { scoreSample } from '../scoring/score-sample';
import type { Call } from '../core/calls';
import type { SampleSource } from '../core/sample-source';
import { accumulate, emptyResult, runExchange, withSpeeds } from './exchange';
import type { ScoredOutput } from '../scoring/score-sample';
import { requestFor } from './request';
import { CONTEXT_OVERFLOW, GPU_ABORT, NO_PREDICTION, SERVER_UNAVAILABLE } from '../engines/errors';
import { ContextBudgetError } from '../context/catalog-context';
import { forcedCallText } from '../scoring/forced-call';
import { readForced } from './forced-read';

/** What a run already has when it (re)starts. */
export interface CompletedSamples {
  sampleIds: Set<string>;
  /** how many of them are correct, so accuracy so far counts them after a resume */
  correct: number;
  /** how many of them had a prompt that could not be built (never asked, in no accuracy); absent where the store cannot say */
  unbuilt?: number;
}

export interface ResultStore {
  completed(runId: string): Promise<CompletedSamples>;
  put(result: SampleResult): Promise<void>;
}

export interface RunProgress {
  runId: string;
  done: number;
  total: number;
  correct: number;
  /** of the done, the samples whose prompt could not be built: never asked, so accuracy so far is correct / (done − unbuilt − unanswered) */
  unbuilt: number;
  /** of the done, the samples that ended in an engine error this session: no answer, in no accuracy, asked again on resume */
  unanswered: number;
  /** the sample being generated, or null between samples */
  currentSampleId: string | null;
  /** the current sample's prompt tokens, once it is built (the engine reads them before its first token) */
  currentPromptTokens: number | null;
  /** mean ms per sample over this session */
  msPerSample: number;
  etaMs: number;
  decodeTokensPerSecond: number | null;
  /** prompt tokens computed per second (those read from a KV cache not counted) */
  prefillTokensPerSecond: number | null;
  /** samples finished in this session, which msPerSample and the token rates are over */
  sessionSamples: number;
  last: SampleResult | null;
}

export interface RunOptions {
  runId: string;
  source: SampleSource;
  engine: RunEngine;
  store: ResultStore;
  request: Omit<GenerateRequest, 'messages'>;
  format: OutputFormat;
  /** every sample whose answer is calls is decoded under its tools' grammar */
  constrained?: boolean;
  signal: AbortSignal;
  onProgress?: (p: RunProgress) => void;
  onToken?: (sampleId: string, delta: string) => void;
  /** tools in our prompt (the default) or in the request's native `tools` field */
  calls?: CallMode;
  /** awaited before a sample is built (the runner fetches the server's token counts for its prompt) */
  prepare?: (sampleId: string) => Promise<void>;
  /** requests in flight at once (a server batches them); 1 for engines that hold one conversation */
  concurrency?: number;
  /** measure the expected call's log-probability where the engine can (on unless false: docs/scoring.md) */
  scoreCalls?: boolean;
  /** called when the engine reports the GPU device lost; should reload the model */
  recover?: () => Promise<void>;
  now?: () => number;
}

/** `stopped` for `storage_full` carries the failed write's message: the run is paused, to be resumed once space is freed. */
export type RunOutcome = { status: 'completed' } | { status: 'stopped'; reason: string; error?: string } | { status: 'failed'; error: string };

/** The name a ResultStore gives the error of a write the browser refused for lack of space. */
export const STORAGE_FULL = 'StorageFullError';

/**
 * Engine errors in a row, with no answer between, that fail a run: 3 with one request in flight; with
 * N in flight, one more for each other lane — a stall hits every request in flight at once (found by
 * the soak: a 2 s pause failed a run of 64 lanes on the three requests it caught).
 */
const CONSECUTIVE_ERRORS_TO_FAIL = 3;
const MAX_CONCURRENCY = 256;

function errorName(e: unknown): string {
  return e !== null && typeof e === 'object' && 'name' in e ? String((e as { name: unknown }).name) : 'Error';
}

function errorMessage(e: unknown): string {
  return e instanceof Error || (e !== null && typeof e === 'object' && 'message' in e) ? String((e as { message: unknown }).message) : String(e);
}

function failedScore(errorType: string): Score {
  return { correct: false, value: 0, errorType, errorClass: null, lenientCorrect: false };
}

/** The model's output is the model's: a reader that throws (a bug, every one is meant to be total) fails this sample as unreadable, never the engine. */
function scoreOutput(...args: Parameters<typeof scoreSample>): ScoredOutput {
  try {
    return scoreSample(...args);
  } catch (e) {
    return { score: failedScore('unreadable_output'), calls: null, parseError: `the output could not be read: ${errorMessage(e)}` };
  }
}

export async function runSamples(opts: RunOptions): Promise<RunOutcome> {
  const now = opts.now ?? (() => performance.now());
  const before = await opts.store.completed(opts.runId);
  const total = opts.source.ids.length;
  const todo = opts.source.ids.map((id, index) => ({ id, index })).filter(({ id }) => !before.sampleIds.has(id));
  let finished = total - todo.length;
  let correct = before.correct;
  let unbuilt = before.unbuilt ?? 0;
  let sessionSamples = 0;
  let unanswered = 0;
  let lastEngineError = '';
  const sessionStart = now();
  let decodeTokens = 0;
  let decodeMs = 0;
  let prefillTokens = 0;
  let prefillMs = 0;
  let consecutiveErrors = 0;
  const lanes = Math.max(1, Math.min(opts.concurrency ?? 1, MAX_CONCURRENCY));
  const errorsToFail = CONSECUTIVE_ERRORS_TO_FAIL + lanes - 1;
  const progress = (currentSampleId: string | null, last: SampleResult | null, currentPromptTokens: number | null = null) => {
    // wall time per sample over this session: with requests in flight together, it is throughput, not latency
    const msPerSample = sessionSamples ? (now() - sessionStart) / sessionSamples : 0;
    opts.onProgress?.({
      runId: opts.runId,
      done: finished,
      total,
      correct,
      unbuilt,
      unanswered,
      currentSampleId,
      currentPromptTokens,
      msPerSample,
      etaMs: msPerSample * (total - finished),
      decodeTokensPerSecond: decodeMs > 0 ? (decodeTokens / decodeMs) * 1000 : null,
      prefillTokensPerSecond: prefillMs > 0 ? (prefillTokens / prefillMs) * 1000 : null,
      sessionSamples,
      last,
    });
  };
  progress(null, null);

  let next = 0;
  let outcome: RunOutcome | null = null;
  const stopped = (): RunOutcome => ({ status: 'stopped', reason: String(opts.signal.reason ?? 'stopped') });
  /** One lane: takes the next sample not yet taken until none is left, the run is stopped, or it failed. */
  const lane = async (): Promise<void> => {
    while (!outcome && next < todo.length) {
      if (opts.signal.aborted) {
        outcome ??= stopped();
        return;
      }
      const { id, index } = todo[next++] as { id: string; index: number };
      progress(id, null);
      let result: SampleResult;
      let sample: Sample | null = null;
      try {
        await opts.prepare?.(id);
        sample = opts.source.build(id);
        progress(id, null, sample.promptTokens);
        const gen = await answer(opts, sample);
        const format = gen.textFormat === 'openai-message' ? 'json' : opts.format;
        const scored = gen.scored ?? scoreOutput(sample, gen.text, format, gen.calls, gen.finishReason === 'length');
        const aborted = gen.finishReason === 'abort';
        const forcedFrom = now();
        const callLogprob = aborted || opts.signal.aborted ? undefined : await forcedCallLogprob(opts, sample);
        const forcedMs = callLogprob ? now() - forcedFrom : undefined;
        result = {
          ...baseResult(opts.runId, id, index, sample, aborted ? failedScore('aborted') : scored.score, aborted ? { kind: 'aborted', message: 'generation interrupted' } : null),
          output: gen.text,
          calls: scored.calls,
          parseError: scored.parseError,
          usage: gen.usage,
          timings: forcedMs !== undefined ? { ...gen.timings, forcedMs } : gen.timings,
          ...(callLogprob ? { callLogprob } : {}),
        };
        if (aborted || opts.signal.aborted) {
          outcome ??= { status: 'stopped', reason: String(opts.signal.reason ?? 'interrupted') };
          return;
        }
        consecutiveErrors = 0;
        if (!gen.timings.unsplit) {
          decodeTokens += gen.usage.completionTokens;
          decodeMs += gen.timings.decodeMs;
          prefillTokens += gen.usage.prefilledTokens ?? gen.usage.promptTokens;
          prefillMs += gen.timings.prefillMs;
        }
      } catch (e) {
        if (opts.signal.aborted) {
          outcome ??= stopped();
          return;
        }
        const name = errorName(e);
        if (!sample) {
          if (!(e instanceof ContextBudgetError)) {
            // its prompt could not be measured (a server's tokenizer unreachable…): the run stops, resumable
            outcome ??= { status: 'failed', error: `${name}: ${errorMessage(e)}` };
            return;
          }
          // a prompt that cannot be built is that sample's result, with the true cause; the run goes on
          result = baseResult(opts.runId, id, index, { cell: opts.source.cellOf(id) }, failedScore('build_error'), { kind: 'build_error', message: errorMessage(e) });
        } else if (name === CONTEXT_OVERFLOW || name === NO_PREDICTION) {
          // the prompt does not fit this model's window, or a replayed file does not answer it: a result of this sample, the run goes on
          const kind = name === CONTEXT_OVERFLOW ? 'context_overflow' : 'no_prediction';
          result = baseResult(opts.runId, id, index, sample, failedScore(kind), { kind, message: errorMessage(e) });
        } else {
          consecutiveErrors++;
          // a server that cannot be reached, or a GPU that aborted the engine twice, fails the run at once:
          // nothing is written, a rerun resumes here
          if (consecutiveErrors >= errorsToFail || name === SERVER_UNAVAILABLE || name === GPU_ABORT) {
            outcome ??= { status: 'failed', error: `${name}: ${errorMessage(e)}` };
            return;
          }
          result = baseResult(opts.runId, id, index, sample, failedScore('engine_error'), { kind: 'engine_error', message: `${name}: ${errorMessage(e)}` });
        }
      }
      try {
        await opts.store.put(result);
      } catch (e) {
        // nothing can be written: stop here, resumable from this sample once there is space
        outcome ??= errorName(e) === STORAGE_FULL ? { status: 'stopped', reason: 'storage_full', error: errorMessage(e) } : { status: 'failed', error: `${errorName(e)}: ${errorMessage(e)}` };
        return;
      }
      finished++;
      sessionSamples++;
      if (result.score.correct) correct++;
      if (isUnbuilt(result)) unbuilt++;
      if (isUnanswered(result)) {
        unanswered++;
        lastEngineError = result.error?.message ?? '';
      }
      progress(null, result);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (outcome) return outcome;
  // a pause that arrives after the last sample was written leaves nothing to resume: the run is complete
  if (opts.signal.aborted && sessionSamples < todo.length) return stopped();
  // a run none of whose samples got an answer did not complete, whatever was left to ask (a resume asks them again)
  if (sessionSamples > 0 && unanswered === sessionSamples)
    return { status: 'failed', error: `no sample was answered: each of the ${sessionSamples} asked ended in an engine error (the last: ${lastEngineError})` };
  return { status: 'completed' };
}

/** A result before its output; `sample` is only its cell when the prompt could not be built. */
function baseResult(
  runId: string,
  sampleId: string,
  index: number,
  sample: Pick<Sample, 'cell'> & Partial<Pick<Sample, 'itemId' | 'facets'>>,
  score: Score,
  error: SampleResult['error'],
): SampleResult {
  return {
    id: `${runId}:${sampleId}`,
    runId,
    sampleId,
    ...(sample.itemId !== undefined ? { itemId: sample.itemId } : {}),
    index,
    cell: sample.cell,
    ...(sample.facets ? { facets: sample.facets } : {}),
    output: '',
    calls: null,
    parseError: null,
    score,
    usage: null,
    timings: null,
    error,
    createdAt: Date.now(),
  };
}

/** One answer, or for a multi-turn sample the whole exchange with its collected calls (an episode comes scored). */
async function answer(opts: RunOptions, sample: Sample): Promise<GenerateResult & { calls?: Call[]; scored?: ScoredOutput }> {
  const request = requestFor(opts.request, sample, opts.format, opts.constrained, opts.calls);
  const e = sample.expected;
  if (opts.source.episode) return runSuiteEpisode(opts, opts.source.episode, sample, request);
  if (e.kind !== 'dag' || e.protocol !== 'multi-turn') return generateWithRecovery(opts, sample, request);
  const execute = opts.source.execute;
  if (!execute) throw new Error('this run has multi-turn samples but no tools to run their calls');
  return runExchange((r) => generateWithRecovery(opts, sample, r), request, opts.format, execute, e.steps.length + MULTI_TURN_SLACK);
}

/** An episode its suite drives: every step a generation (their counts and times added up), the episode scored by the suite. */
async function runSuiteEpisode(opts: RunOptions, episode: NonNullable<SampleSource['episode']>, sample: Sample, request: GenerateRequest): Promise<GenerateResult & { scored: ScoredOutput }> {
  const total = emptyResult();
  const outcome = await episode(sample, {
    model: opts.engine.info.model,
    deterministic: request.temperature === 0,
    ask: async (step) => {
      const asked: Sample = step.expected ? { ...sample, expected: step.expected } : sample;
      const gen = await generateWithRecovery(opts, asked, { ...request, messages: step.messages, stop: [...step.stop], maxTokens: Math.max(request.maxTokens, step.minTokens ?? 0) });
      accumulate(total, gen);
      if (gen.finishReason === 'abort') throw new DOMException('generation interrupted', 'AbortError');
      return gen.text;
    },
  });
  total.text = outcome.text;
  return { ...withSpeeds(total), scored: { score: outcome.score, calls: outcome.calls, parseError: null } };
}

/**
 * The expected call's log-probability, where the engine gives one and the sample expects one call:
 * the forced text is asked after the sample's own prompt, under a grammar that admits that text alone.
 */
async function forcedCallLogprob(opts: RunOptions, sample: Sample): Promise<CallLogprob | undefined> {
  const engine = opts.engine;
  if (isScripted(engine) || !engine.scoreContinuation || opts.source.episode || opts.scoreCalls === false) return undefined;
  const forced = forcedCallText(sample, opts.format, opts.calls);
  if ('none' in forced) return undefined;
  return readForced(engine, requestFor(opts.request, sample, opts.format, false, opts.calls), forced, opts.signal);
}

/** Turns allowed beyond one per expected step: a final answer, and one retry after an error. */
const MULTI_TURN_SLACK = 2;

/** A lost GPU device (WebLLM) or a GPU abort (llama.cpp on WebGPU) reloads the engine and retries the request once. */
async function generateWithRecovery(opts: RunOptions, sample: Sample, request: GenerateRequest): Promise<GenerateResult> {
  try {
    return await respond(opts, sample, request);
  } catch (e) {
    const name = errorName(e);
    if (!opts.recover || (name !== 'DeviceLostError' && name !== 'ModelNotLoadedError' && name !== GPU_ABORT)) throw e;
    await opts.recover();
    return await respond(opts, sample, request);
  }
}

/** A scripted engine answers from the sample; a model engine is handed the request alone. */
async function respond(opts: RunOptions, sample: Sample, request: GenerateRequest): Promise<GenerateResult> {
  const engine = opts.engine;
  if (isScripted(engine)) return engine.answer(request, sample, opts.signal);
  const onToken = opts.onToken ? (d: string) => opts.onToken?.(sample.id, d) : undefined;
  const gen = await engine.generate(request, opts.signal, onToken);
  return { ...gen, usage: { ...gen.usage, promptTokens: gen.usage.promptTokens ?? sample.promptTokens } };
}

/** A ResultStore in memory, for Node and tests. */
export class MemoryResultStore implements ResultStore {
  readonly results = new Map<string, SampleResult>();
  async completed(runId: string): Promise<CompletedSamples> {
    return completedOf([...this.results.values()].filter((r) => r.runId === runId));
  }
  async put(result: SampleResult): Promise<void> {
    this.results.set(result.id, result);
  }
}

/** The samples a run has done; those that ended in an engine error are not: a resume asks them again. */
export function completedOf(results: Iterable<SampleResult>): CompletedSamples {
  const sampleIds = new Set<string>();
  let correct = 0;
  let unbuilt = 0;
  for (const r of results) {
    if (isUnanswered(r)) continue;
    sampleIds.add(r.sampleId);
    if (r.score.correct) correct++;
    if (isUnbuilt(r)) unbuilt++;
  }
  return { sampleIds, correct, unbuilt };
}
