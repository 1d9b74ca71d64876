/** Errors the run loop tells apart by name (a name survives Comlink and the worker boundary; a class does not). */

/** The prompt does not fit the model's context window: a result of that sample, the run goes on. */
export const CONTEXT_OVERFLOW = 'ContextWindowSizeExceededError';
/** A replayed predictions file has no answer for the sample: a result of that sample, the run goes on. */
export const NO_PREDICTION = 'MissingPrediction';
/** The server could not be reached or kept failing after retries: the run stops, resumable. */
export const SERVER_UNAVAILABLE = 'ServerUnavailableError';

/** The GPU aborted llama.cpp (a step past WebGPU's time bound, a lost device): the engine is reset, the model must be loaded again. */
export const GPU_ABORT = 'GpuAbortError';
/** A GPU load refused before it began: no WebGPU, or an adapter llama.cpp's WebGPU backend cannot use. */
export const GPU_UNAVAILABLE = 'GpuUnavailableError';
/** A GPU load that llama.cpp's own log shows did not go (wholly) to the GPU. */
export const GPU_NOT_USED = 'GpuNotUsedError';
/** the GPU computed other values than the CPU on the test model: not trusted with a run */
export const GPU_UNTRUSTED = 'GpuUntrustedError';

/** What the runner's flags asked of an engine cannot be (no such model served, no grammar field): a usage mistake. */
export const ENGINE_ASK = 'EngineAskError';

export function namedError(name: string, message: string): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}
