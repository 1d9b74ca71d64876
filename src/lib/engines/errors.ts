/** Errors the run loop tells apart by name (a name survives Comlink and the worker boundary; a class does not). */

/** The prompt does not fit the model's context window: a result of that sample, the run goes on. */
export const CONTEXT_OVERFLOW = 'ContextWindowSizeExceededError';
/** A replayed predictions file has no answer for the sample: a result of that sample, the run goes on. */
export const NO_PREDICTION = 'MissingPrediction';
/** The server could not be reached or kept failing after retries: the run stops, resumable. */
export const SERVER_UNAVAILABLE = 'ServerUnavailableError';

export function namedError(name: string, message: string): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}
