import { describe, expect, it } from 'vitest';
import { progressLine, sampleRateText, statusWriter } from '../../src/cli/eval/progress-line';
import type { RunProgress } from '../../src/lib/run/loop';

const progress = (over: Partial<RunProgress>): RunProgress => ({
  runId: 'run-1',
  done: 10,
  total: 20,
  correct: 3,
  unbuilt: 0,
  unanswered: 0,
  currentSampleId: null,
  currentPromptTokens: null,
  msPerSample: 2000,
  etaMs: 20_000,
  decodeTokensPerSecond: null,
  prefillTokensPerSecond: null,
  sessionSamples: 10,
  last: null,
  ...over,
});

describe('the runner’s progress line', () => {
  it('says correct alone while every prompt was built', () => {
    const line = progressLine(progress({}), 100);
    expect(line).toMatch(/10\/20 50% · 0\.50 samples\/s · 100 prompt tok\/s · ETA .+ · correct 3$/);
    expect(line).not.toContain('not built');
  });

  it('says a slow rate as the time a sample takes, not "0.00 samples/s" (a 16K prompt on 2 cores takes minutes)', () => {
    expect(progressLine(progress({ msPerSample: 294_000, etaMs: 6 * 3600_000 }), 56)).toMatch(/ · 4\.9 min a sample · 56 prompt tok\/s · ETA /);
    expect([sampleRateText(250), sampleRateText(10_000), sampleRateText(45_000), sampleRateText(0)]).toEqual(['4.00 samples/s', '0.10 samples/s', '45 s a sample', '— samples/s']);
  });

  it('counts the prompts that could not be built and the engine errors apart from the answered', () => {
    expect(progressLine(progress({ unbuilt: 4 }), 100)).toMatch(/correct 3 of 6 answered · 4 not built \(never asked\)$/);
    expect(progressLine(progress({ unanswered: 2 }), 100)).toMatch(/correct 3 of 8 answered · 2 engine errors \(asked again on resume\)$/);
  });
});

describe('the progress written to a file or a pipe (issue 73: one line of thousands of carriage returns)', () => {
  it('is whole lines at most every 5 s and every final line; a terminal has its line rewritten in place', () => {
    let t = 0;
    const piped: string[] = [];
    const write = statusWriter({ write: (s: string) => piped.push(s) }, () => t);
    for (let i = 0; i < 100; i++) {
      t = i * 100;
      write(`line ${i}`);
    }
    write('done', true);
    expect(piped.join('')).not.toContain('\r');
    expect(piped).toEqual(['line 0\n', 'line 50\n', 'done\n']);
    const tty: string[] = [];
    statusWriter({ isTTY: true, write: (s: string) => tty.push(s) })('x');
    expect(tty).toEqual(['\r\x1b[2Kx']);
  });
});
