import { describe, expect, it } from 'vitest';
import { whyNotPublishable } from '../../bench/gallery-manifest';

const answered = { error: null };
const wrong = { error: { kind: 'no_prediction' as const, message: 'no call' } };
const timedOut = { error: { kind: 'engine_error' as const, message: 'no first byte from the server within 1800 s' } };
const unbuilt = { error: { kind: 'build_error' as const, message: 'no prompt of 1K tokens can be built' } };

describe('whyNotPublishable', () => {
  it('publishes a completed run whose every sample was asked and answered, wrong answers included', () => {
    expect(whyNotPublishable({ status: 'completed' }, [answered, wrong])).toBeNull();
  });

  it('refuses a run that is not completed', () => {
    expect(whyNotPublishable({ status: 'running' }, [answered])).toBe('not completed (running)');
  });

  it('refuses a completed run holding samples the server never answered, naming the first cause', () => {
    // the 1.5B's WildAgtEval pair of 2026-12-03: both episodes timed out and the run was published with no answer
    expect(whyNotPublishable({ status: 'completed' }, [timedOut, timedOut])).toMatch(/^2 of 2 samples were not answered \(no first byte from the server within 1800 s\)/);
  });

  it('refuses a completed run holding prompts that could not be built', () => {
    expect(whyNotPublishable({ status: 'completed' }, [answered, unbuilt, answered])).toMatch(/^1 of 3 prompts could not be built.*first: no prompt of 1K tokens/);
  });
});
