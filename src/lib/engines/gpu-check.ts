/**
 * A GPU is checked before it is trusted: some adapters claim `shader-f16` and compute wrong values
 * (ANGLE's OpenGL ES backend on Linux Chromium has been reported to), and a run on one would record
 * garbage as the model's accuracy. Before a model is loaded on WebGPU, a small test model's greedy
 * tokens and top log-probabilities are read on the GPU and on the CPU, and compared by the agreement
 * rule the tests use (`GPU_CPU_TOLERANCE`): a GPU that does not agree is refused, with the reason,
 * and the CPU stays. The reading itself is lent by the worker (it holds the engine and the test model).
 */
import type { TokenChoice } from '../core/types';
import { compareGreedy, disagreement, GPU_CPU_TOLERANCE } from '../analysis/agreement';

/** The chat the test model answers on both devices. */
export const GPU_CHECK_CHAT = [
  { role: 'system', content: 'You call functions.' },
  { role: 'user', content: 'Check the weather in Oslo for 3 days.' },
] as const;
export const GPU_CHECK_TOKENS = 8;
export const GPU_CHECK_TOP = 5;

export interface GpuCheck {
  /** null: the GPU agrees with the CPU on the test model; else why not */
  problem: string | null;
  /** what was compared, in words a run records */
  words: string;
}

/** Reads the test model's greedy tokens on each device and compares them. */
export async function checkGpu(read: (device: 'cpu' | 'webgpu') => Promise<TokenChoice[]>): Promise<GpuCheck> {
  const cpu = await read('cpu');
  const gpu = await read('webgpu');
  const agreement = compareGreedy(cpu, gpu);
  const problem = disagreement(agreement, GPU_CPU_TOLERANCE);
  const words = `the test model's ${agreement.of} greedy tokens on the GPU against the CPU: ${agreement.same} alike, chosen log-probabilities within ${agreement.chosenDelta.toFixed(3)} nats, the first place's candidates within ${agreement.firstTop.delta.toFixed(3)}`;
  return { problem: problem ? `${problem} (${words})` : null, words };
}
