/** The page's handle on the evaluation worker. */
import * as Comlink from 'comlink';
import workerUrl from '../../workers/eval.worker.ts?worker&url';
import type { EvalWorkerApi } from '../../workers/eval.worker';
import type { JobsOf, SuiteId } from '../lib/suites/registry';
import type { SuiteJob } from '../lib/suites/jobs';

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

type JobOf<S extends SuiteId, N extends keyof JobsOf<S>> = JobsOf<S>[N] extends SuiteJob<infer A, infer R, infer P> ? { args: A; result: R; report: P } : never;

/** A suite's job run in the worker, typed by the suite's own `jobs.ts`; `report` takes what it reports as it goes. */
export function suiteJob<S extends SuiteId, N extends keyof JobsOf<S> & string>(
  suite: S,
  name: N,
  args: JobOf<S, N>['args'],
  report?: (progress: JobOf<S, N>['report']) => void,
): Promise<JobOf<S, N>['result']> {
  const reporting = report && Comlink.proxy((progress: unknown) => report(progress as JobOf<S, N>['report']));
  return evalWorker().suiteJob(suite, name, args, reporting) as Promise<JobOf<S, N>['result']>;
}
