/** The page's handle on the evaluation worker. */
import * as Comlink from 'comlink';
import type { EvalWorkerApi } from '../../workers/eval.worker';

let remote: Comlink.Remote<EvalWorkerApi> | null = null;

export function evalWorker(): Comlink.Remote<EvalWorkerApi> {
  remote ??= Comlink.wrap<EvalWorkerApi>(new Worker(new URL('../../workers/eval.worker.ts', import.meta.url), { type: 'module', name: 'eval' }));
  return remote;
}

export const proxy = Comlink.proxy;
