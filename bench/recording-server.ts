/**
 * What recording a design and asking it again share: the server it is recorded on, and the runner's
 * arguments and io against it.
 */
import { statusWriter } from '../src/cli/eval/progress-line';
import { type EvalIo, runEval } from '../src/cli/eval/eval';
import { startLlamaServer } from '../harness/llama-server';
import { type GalleryModel, runnerArgsOf, type Recording, SERVER_KV_REUSE, SERVER_THREADS } from './gallery-designs';

/**
 * Starts the server a recording is made on (its window and flags, the recordings' threads and KV
 * reuse), runs `fn` against its address and stops it. A long recording is often stopped by hand: on
 * SIGINT or SIGTERM the run is stopped first (`signal`), so its run file is rewritten with what it
 * holds — its header's figures its results' — and resumes; then the server stops and the process
 * exits 130 (a second signal: at once).
 */
export async function withRecordingServer<T>(g: GalleryModel, r: Pick<Recording, 'context' | 'serverArgs'>, fn: (baseUrl: string, signal: AbortSignal) => Promise<T>): Promise<T> {
  const server = await startLlamaServer({ model: g.model, contextSize: r.context, threads: SERVER_THREADS, extraArgs: r.serverArgs ?? [], kvReuse: SERVER_KV_REUSE });
  const stopping = new AbortController();
  const onSignal = () => {
    if (stopping.signal.aborted) void server.stop().then(() => process.exit(130));
    else stopping.abort('interrupted');
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  try {
    const out = await fn(server.baseUrl, stopping.signal);
    if (stopping.signal.aborted) {
      await server.stop();
      process.exit(130);
    }
    return out;
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await server.stop();
  }
}

/**
 * Runs a recording's design against the server at `baseUrl` with the runner, writing `out`; its lines
 * printed, its progress as the runner's own (rewritten in place on a terminal, whole lines to a log). Resolves to the runner's exit code.
 */
export function runRecording(
  g: GalleryModel,
  r: Recording,
  baseUrl: string,
  run: { name: string; out: string; extraArgs?: readonly string[]; provenance?: EvalIo['provenance']; signal: AbortSignal },
): Promise<number> {
  return runEval([...runnerArgsOf(r), '--engine', 'openai', '--base-url', baseUrl, '--model', g.model.alias, '--name', run.name, '--out', run.out, ...(run.extraArgs ?? [])], {
    out: (l) => console.log(l),
    status: statusWriter(process.stdout),
    env: process.env,
    signal: run.signal,
    ...(run.provenance ? { provenance: run.provenance } : {}),
  });
}
