import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/eval/progress-line';
import type { RunProgress } from '../../src/lib/run/loop';

const progress = (over: Partial<RunProgress>): RunProgress => ({
  runId: 'run-1',
  done: 10,
  total: 20,
  correct: 3,
  unbuilt: 0,
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

  it('counts the prompts that could not be built apart from the asked', () => {
    const line = progressLine(progress({ unbuilt: 4 }), 100);
    expect(line).toMatch(/correct 3 of 6 asked · 4 not built \(never asked\)$/);
  });
});
