/**
 * A real OpenAI-compatible server for the tests: llama-cpp-python's (installed by
 * scripts/ensure-server.sh into .cache/llama-server) serving the real SmolLM2 GGUF on 127.0.0.1, on a
 * free port, started and stopped by the tests. Nothing is mocked. It runs through
 * llama_cpp_server.py, which makes its KV reuse exact (a reused prefix cut at a micro-batch boundary).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelMissing, type RealModel, SMOLLM2 } from './real-model';
import type { TokenChoice } from '../src/lib/core/types';

export const SERVER_PYTHON = join(process.env.FC_SERVER_VENV ?? join(process.cwd(), '.cache', 'llama-server'), 'bin', 'python');
export const SERVER_MODEL = SMOLLM2.alias;
const SERVER_SCRIPT = fileURLToPath(new URL('./llama_cpp_server.py', import.meta.url));

/** How the server reuses the last prompt's KV cache: a prefix cut at a micro-batch boundary (exact), none, or llama-cpp-python's own (longest prefix, not exact). */
export type ServerKvReuse = 'aligned' | 'off' | 'native';

/**
 * The runner's time bounds for a llama.cpp server on this machine's CPU: its defaults (90 s to the
 * first byte) suit a GPU server, while a 2-core machine reads an 8K prompt in minutes and a loaded
 * one (the tests beside other work) slower still. Tests and recordings pass these, so no verdict
 * turns on the machine's load.
 */
export const CPU_SERVER_BOUNDS = ['--first-byte-timeout', '1800', '--stream-gap-timeout', '600', '--request-timeout', '3600'] as const;

/** Why the server cannot serve this model here (for a skip), or null. */
export function serverMissing(served: RealModel = SMOLLM2): string | null {
  const model = modelMissing(served);
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

/** A signal or exit code of a server that died on its first request, and what it most likely means. */
export function deathCause(code: number | null, signal: NodeJS.Signals | null): string {
  const crash = signal === 'SIGSEGV' || signal === 'SIGILL' || signal === 'SIGBUS' || code === 132 || code === 139 || code === -11 || code === -4;
  return crash
    ? `it crashed (${signal ?? `exit ${code}`}): most likely a llama.cpp build with CPU instructions this machine lacks or mishandles — rebuild it portable with: rm -rf .cache/llama-server && bash scripts/ensure-server.sh`
    : `it exited (${signal ?? `exit ${code}`})`;
}

const READY_WITHIN_MS = 120_000;
const FIRST_COMPLETION_WITHIN_MS = 120_000;

/**
 * Starts llama-cpp-python's server and returns once it has answered one real completion: a server
 * that cannot (a crash on the first request, a model it cannot load) fails here at once, naming the
 * likely cause, rather than each test timing out.
 */
export async function startLlamaServer(
  opts: {
    contextSize?: number;
    port?: number;
    model?: Pick<RealModel, 'file' | 'alias'>;
    threads?: number;
    extraArgs?: readonly string[];
    kvReuse?: ServerKvReuse;
    /** generated tokens' log-probabilities from the rows llama.cpp keeps anyway (the default), or llama-cpp-python's own (`off`: with `--logits_all True` only) */
    logprobs?: 'last-rows' | 'off';
  } = {},
): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const model = opts.model ?? SMOLLM2;
  // one thread unless asked: llama.cpp's threads wait for each other by spinning, and beside other
  // CPU-bound work two threads on two cores ran several times slower than one (the tests must pass on
  // a loaded machine); the benchmarks ask for two
  const threads = String(opts.threads ?? 1);
  // logits_all (the server's default) keeps an n_ctx × vocabulary array of logits — ~20 GB for Qwen at
  // 32K — and computes the output layer for every prompt token; the right call's probability needs only
  // the generated tokens' rows, which llama_cpp_server.py keeps (FC_LOGPROBS=last-rows)
  const args = [
    SERVER_SCRIPT,
    '--model',
    model.file,
    '--model_alias',
    model.alias,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--n_ctx',
    String(opts.contextSize ?? 4096),
    '--n_threads',
    threads,
    '--n_threads_batch',
    threads,
    '--interrupt_requests',
    'False',
    '--logits_all',
    'False',
    // micro-batches of 64: exact reuse keeps a prefix cut at a multiple of it, so it gives up at most 63
    // shared tokens (512 gave up to 511: most of a 1K prompt's share); prefill is ~7% slower than with 512
    '--n_ubatch',
    '64',
  ];
  // FC_SERVER_LOG=FILE: the server's whole output, verbose (its KV-cache prefix hits among it), appended to FILE
  const logFile = process.env.FC_SERVER_LOG;
  const child = spawn(SERVER_PYTHON, [...args, ...(opts.extraArgs ?? []), ...(logFile ? ['--verbose', 'True'] : [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FC_KV_REUSE: opts.kvReuse ?? 'aligned', FC_LOGPROBS: opts.logprobs ?? 'last-rows' },
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
    if (logFile) appendFileSync(logFile, d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(deathCause(code, signal))));
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
  const fail = async (what: string): Promise<never> => {
    await server.stop();
    throw new Error(`llama-cpp-python's server (${model.alias}, port ${port}) ${what}\n--- its output ---\n${out}`);
  };
  const until = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return fail(`did not start: ${await exited}`);
    try {
      if ((await fetch(`${baseUrl}/models`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) return fail(`did not answer /v1/models within ${READY_WITHIN_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const first = fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: model.alias, messages: [{ role: 'user', content: 'Say OK.' }], max_tokens: 2, temperature: 0 }),
    signal: AbortSignal.timeout(FIRST_COMPLETION_WITHIN_MS),
  }).then(
    async (res) => (res.ok && Array.isArray(((await res.json()) as { choices?: unknown }).choices) ? null : `answered its first completion with HTTP ${res.status}`),
    (e: unknown) => `did not answer its first completion (${e instanceof Error ? e.message : String(e)})`,
  );
  const problem = await Promise.race([first, exited.then((why) => `died on its first completion: ${why}`)]);
  if (problem) return fail(problem);
  return server;
}

interface ServerChoice {
  token: string;
  logprob: number;
  top_logprobs: { token: string; logprob: number }[];
}

/**
 * The server's greedy tokens for a chat, each with its top candidates (the server must be started with
 * `--logits_all True`): the native path of agreement checks. Without the repeat penalty llama-cpp-python adds by default.
 */
export async function serverGreedyTokens(server: RunningServer, model: RealModel, messages: readonly { role: string; content: string }[], tokens: number, top: number): Promise<TokenChoice[]> {
  const response = await fetch(`${server.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: model.alias, messages, max_tokens: tokens, temperature: 0, repeat_penalty: 1, logprobs: true, top_logprobs: top }),
  });
  if (!response.ok) throw new Error(`the server answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const body = (await response.json()) as { choices: { logprobs?: { content?: ServerChoice[] } }[] };
  return (body.choices[0]?.logprobs?.content ?? []).map((c) => ({ token: c.token, logprob: c.logprob, top: c.top_logprobs.map((t) => ({ token: t.token, logprob: t.logprob })) }));
}
