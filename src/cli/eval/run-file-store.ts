/**
 * The headless runner's result store: the app's run file (JSON Lines), appended to as results come.
 * A killed run leaves at most a torn last line, which the next open drops; a rerun with the same
 * settings skips every sample the file has; at the end the file is rewritten (atomically: a
 * temporary file renamed over it) in index order with the run's final status — the app's export
 * format exactly, ready to import.
 */
import { plainJsonText } from '../../lib/core/plain-json';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SampleResult } from '../../lib/core/types';
import { type CompletedSamples, completedOf, type ResultStore } from '../../lib/run/loop';
import type { Recording, RunCommon, RunRow } from '../../lib/run/run-row';
import { readRunFile, writeRunFile } from '../../lib/store/run-file';

/** What must match for a file to be resumed by a run: the samples, their prompts and how they are asked (a server's KV reuse, repeat penalty and requests in flight too). */
function runFingerprint(run: RunRow): string {
  const { suite, packIds, config, template, format, request, constrained, order, counterId } = run;
  const { kind, model, calls, serverReuse, penaltyField, concurrency } = run.engine;
  return JSON.stringify({
    suite,
    packIds,
    config,
    template,
    format,
    request,
    repeats: run.repeats ?? 1,
    constrained: constrained ?? false,
    order,
    counterId,
    engine: { kind, model, calls: calls ?? 'prompt', ...(serverReuse ? { serverReuse } : {}) },
    concurrency: concurrency ?? 1,
    repeatPenalty: kind === 'openai' && (penaltyField ?? 'none') === 'none' ? "the server's default" : 'none',
  });
}

export class RunFileMismatchError extends Error {
  override name = 'RunFileMismatchError';
}

export class RunFileStore implements ResultStore {
  private readonly results = new Map<string, SampleResult>();
  readonly run: RunRow;
  /** who made the run how (the app shows a runner's file as a recording) */
  readonly recording: Recording | null;
  /** results the file had when opened */
  readonly resumed: number;
  /** torn lines dropped when opened (a run killed mid-write) */
  readonly dropped: number;

  constructor(
    readonly path: string,
    run: RunRow,
    recording: Recording | null = null,
  ) {
    let dropped = 0;
    let resumed: ReturnType<typeof readRunFile> | null = null;
    if (existsSync(path)) {
      let text = readFileSync(path, 'utf8');
      if (text !== '' && !text.endsWith('\n')) {
        text = text.slice(0, text.lastIndexOf('\n') + 1);
        dropped = 1;
        writeFileSync(path, text);
      }
      const file = readRunFile(text);
      const same = runFingerprint(file.run) === runFingerprint(run);
      // a file that holds no result yet (a run refused before its first request) loses nothing when replaced
      if (!same && file.results.length) {
        throw new RunFileMismatchError(
          `${path} holds another run ("${file.run.name}"): its suite, sweep, experiments, repeats, prompt, model, call mode, the server's KV reuse, its repeat penalty or the requests in flight (--concurrency) differ from these settings. Resume it with its own settings, or write to another --out.`,
        );
      }
      if (same) resumed = file;
    }
    if (resumed) {
      this.run = { ...resumed.run, status: 'running' };
      this.recording = resumed.recording;
      for (const r of resumed.results) this.results.set(r.sampleId, r);
    } else {
      this.run = run;
      this.recording = recording;
      writeFileSync(path, writeRunFile({ run, recording, results: [] }));
    }
    this.resumed = this.results.size;
    this.dropped = dropped;
  }

  async completed(runId: string): Promise<CompletedSamples> {
    return completedOf([...this.results.values()].filter((r) => r.runId === runId));
  }

  async put(result: SampleResult): Promise<void> {
    // the run loop writes a sample once; a repeat (never expected) would only replace it on the rewrite
    this.results.set(result.sampleId, result);
    appendFileSync(this.path, plainJsonText({ result }) + '\n');
  }

  has(sampleId: string): boolean {
    return this.results.has(sampleId);
  }

  all(): SampleResult[] {
    return [...this.results.values()].sort((a, b) => a.index - b.index);
  }

  /** Rewrites the file in index order with the run's final figures (temporary file, then rename). */
  finish(patch: Partial<RunCommon>): RunRow {
    const results = this.all();
    const run: RunRow = { ...this.run, ...patch, done: results.length, correct: results.filter((r) => r.score.correct).length, updatedAt: Date.now() };
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, writeRunFile({ run, recording: this.recording, results }));
    renameSync(tmp, this.path);
    return run;
  }
}
