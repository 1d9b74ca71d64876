import { describe, expect, it } from 'vitest';
import { compareGreedy, disagreement, type Tolerance } from '../../src/lib/analysis/agreement';
import type { TokenChoice } from '../../src/lib/core/types';

const TOLERANCE: Tolerance = { chosen: 0.1, firstTop: 0.35, tie: 0.3 };
const choice = (token: string, logprob: number, ...rivals: [string, number][]): TokenChoice => ({ token, logprob, top: [{ token, logprob }, ...rivals.map(([t, l]) => ({ token: t, logprob: l }))] });

describe('agreement of two engines on greedy tokens (issue 47, item 4)', () => {
  const cpu = [choice('```', -0.2, ['{"', -1.9]), choice('python', -0.05, ['json', -3.1]), choice(' MS', -0.9, [' ms', -1.0])];
  it('identical tokens within the logprob tolerance agree', () => {
    const gpu = [choice('```', -0.25, ['{"', -1.8]), choice('python', -0.06, ['json', -3.0]), choice(' MS', -0.92, [' ms', -1.01])];
    const g = compareGreedy(cpu, gpu);
    expect(g).toMatchObject({ same: 3, of: 3, divergence: null });
    expect(g.chosenDelta).toBeCloseTo(0.05, 6);
    expect(disagreement(g, TOLERANCE)).toBeNull();
  });
  it('parting at a near tie is agreement; parting at a clear winner is not', () => {
    const tie = [cpu[0]!, cpu[1]!, choice(' ms', -0.95, [' MS', -1.0])];
    const g = compareGreedy(cpu, tie);
    expect(g.divergence).toEqual({ at: 2, a: ' MS', b: ' ms', marginA: expect.closeTo(0.1, 6), marginB: expect.closeTo(0.05, 6) });
    expect(disagreement(g, TOLERANCE)).toBeNull();
    const clear = [cpu[0]!, choice('json', -0.01, ['python', -4])];
    expect(disagreement(compareGreedy(cpu, clear), TOLERANCE)).toMatch(/token 1 differs \("python" \/ "json"\) where it is no near tie/);
  });
  it('other first candidates, or logprobs too far apart, are named', () => {
    expect(disagreement(compareGreedy(cpu, [choice('```', -0.2, ['Sure', -1.9])]), TOLERANCE)).toBe('the first place has other candidates');
    expect(disagreement(compareGreedy(cpu, [choice('```', -0.9, ['{"', -1.9])]), TOLERANCE)).toMatch(/first place's candidates differ by 0\.700 nats/);
    expect(disagreement(compareGreedy([], cpu), TOLERANCE)).toBe('no tokens to compare');
  });
  it("other weights (a second quantization): the first place's edge may differ, and a parting needs a near tie in the reference only", () => {
    const requantized: Tolerance = { ...TOLERANCE, requantized: true };
    const other = [choice('```', -0.25, ['Sure', -1.9])];
    expect(disagreement(compareGreedy(cpu, other), requantized)).toBeNull();
    // the reference's own candidates were 0.1 apart where the paths part: the other's choice is one the reference nearly made
    const parted = [cpu[0]!, cpu[1]!, choice(' ms', -0.4, ['"', -2.0])];
    expect(disagreement(compareGreedy(cpu, parted), requantized)).toBeNull();
    expect(disagreement(compareGreedy(cpu, parted), TOLERANCE)).toMatch(/token 2 differs/);
    // a choice the reference ranked far below is no near tie, whatever the weights
    expect(disagreement(compareGreedy(cpu, [cpu[0]!, choice('json', -0.01, ['python', -4])]), requantized)).toMatch(/token 1 differs \("python" \/ "json"\) where it is no near tie/);
  });
});
