/**
 * A real OpenAI-compatible server for the tests: llama-cpp-python's (installed by
 * scripts/ensure-server.sh into .cache/llama-server) serving the real SmolLM2 GGUF on 127.0.0.1, on a
 * free port, started and stopped by the tests. Nothing is mocked.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { realModelMissing, SMOLLM2 } from './real-model';

export const SERVER_PYTHON = join(process.cwd(), '.cache', 'llama-server', 'bin', 'python');
export const SERVER_MODEL = 'smollm2';

/** Why the server cannot run here (for a skip), or null. */
export function serverMissing(): string | null {
  const model = realModelMissing();
  if (model) return model;
  if (existsSync(SERVER_PYTHON)) return null;
  const note = join(process.cwd(), '.cache', 'llama-server.unavailable');
  const why = existsSync(note) ? readFileSync(note, 'utf8').trim() : 'scripts/ensure-server.sh has not been run';
  return `llama-cpp-python's server is not installed in .cache/llama-server (${why}); install it with: bash scripts/ensure-server.sh`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  process: ChildProcess;
  /** what the server printed (for a failing test's message) */
  log(): string;
  stop(): Promise<void>;
}

export async function startLlamaServer(opts: { contextSize?: number; port?: number } = {}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const args = ['-m', 'llama_cpp.server', '--model', SMOLLM2.file, '--model_alias', SERVER_MODEL, '--host', '127.0.0.1', '--port', String(port), '--n_ctx', String(opts.contextSize ?? 4096), '--n_threads', '2', '--n_threads_batch', '2', '--interrupt_requests', 'False'];
  const child = spawn(SERVER_PYTHON, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const server: RunningServer = {
    baseUrl,
    port,
    process: child,
    log: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering:\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/models`);
      if (res.ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error(`the server did not answer within 60 s:\n${out}`);
}
