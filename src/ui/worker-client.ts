/** The page's handle on the evaluation worker. */
import * as Comlink from 'comlink';
import workerUrl from '../../workers/eval.worker.ts?worker&url';
import type { EvalWorkerApi } from '../../workers/eval.worker';

let remote: Comlink.Remote<EvalWorkerApi> | null = null;

/**
 * Started from a blob that imports the worker's module: a worker loaded from a URL takes its
 * Content-Security-Policy from response headers (none on a static host), one from a blob takes
 * this page's, so the engines' fetches obey the same connect-src as the page.
 */
function spawn(): Worker {
  const source = `import ${JSON.stringify(new URL(workerUrl, location.href).href)};\n`;
  return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { type: 'module', name: 'eval' });
}

export function evalWorker(): Comlink.Remote<EvalWorkerApi> {
  remote ??= Comlink.wrap<EvalWorkerApi>(spawn());
  return remote;
}

export const proxy = Comlink.proxy;
