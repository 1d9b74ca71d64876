import { describe, expect, it } from 'vitest';
import type { TokenChoice } from '../../src/lib/core/types';
import { checkGpu } from '../../src/lib/engines/gpu-check';

/** a test model's greedy path, as the CPU reads it */
const cpu: TokenChoice[] = ['He', 'llo', ' the', 're', '!'].map((token, i) => ({
  token,
  logprob: -0.2 - i * 0.05,
  top: [
    { token, logprob: -0.2 - i * 0.05 },
    { token: `x${i}`, logprob: -2.5 },
    { token: `y${i}`, logprob: -3.1 },
  ],
}));

describe('a GPU checked before it is trusted (issue 72)', () => {
  it('passes a GPU that computes the CPU’s values within the agreement rule, and says what it compared', async () => {
    const near = cpu.map((t) => ({ ...t, logprob: t.logprob + 0.02, top: t.top.map((c) => ({ ...c, logprob: c.logprob + 0.02 })) }));
    const check = await checkGpu(async (device) => (device === 'cpu' ? cpu : near));
    expect(check.problem).toBeNull();
    expect(check.words).toMatch(/5 greedy tokens on the GPU against the CPU: 5 alike/);
  });
  it('refuses an adapter whose logits are perturbed: other log-probabilities, or a swapped clear winner', async () => {
    const shifted = cpu.map((t) => ({ ...t, logprob: t.logprob - 1.5, top: t.top.map((c) => ({ ...c, logprob: c.logprob - 1.5 })) }));
    expect((await checkGpu(async (d) => (d === 'cpu' ? cpu : shifted))).problem).toMatch(/differ by 1\.500 nats/);
    const swapped = cpu.map((t, i) => (i === 2 ? { token: 'x2', logprob: -0.2, top: [{ token: 'x2', logprob: -0.2 }, ...t.top.slice(0, 1).map((c) => ({ ...c, logprob: -2.5 }))] } : t));
    expect((await checkGpu(async (d) => (d === 'cpu' ? cpu : swapped))).problem).toMatch(/token 2 differs .* where it is no near tie/);
    expect((await checkGpu(async (d) => (d === 'cpu' ? cpu : []))).problem).toMatch(/no tokens to compare/);
  });
});
