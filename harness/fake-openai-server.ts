/**
 * A fake OpenAI-compatible server for holding load: it lists one model, answers every chat
 * completion with the same short answer (streamed when asked) after a fixed delay, and fails a
 * chosen share of them the ways real servers do — HTTP 500, 429 with Retry-After, a dropped
 * connection, a stall that never answers. It can go down (every connection closed, the port
 * refused) and come back on the same port. It counts what it was asked: the soak (bench/soak.ts,
 * tests/unit/soak.test.ts) reads each server's share of the requests from it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Rng } from '../src/lib/core/random';

export type FailureKind = 'http500' | 'http429' | 'drop' | 'stall';

export interface FakeServerOptions {
  /** the share of chat completions failed each way (their sum at most 1) */
  failures?: Partial<Record<FailureKind, number>>;
  /** how long an answer takes, in ms */
  delayMs?: number;
  seed?: number;
  /** what the model says */
  answer?: string;
}

export interface FakeServerCounts {
  /** chat completions received, answered and failed (by how) */
  requests: number;
  answered: number;
  failed: Record<FailureKind, number>;
  /** the most chat completions it held at once */
  peakInFlight: number;
}

export interface FakeServer {
  readonly baseUrl: string;
  readonly counts: FakeServerCounts;
  /** a new share of failures from now on ({} for none) */
  setFailures(failures: Partial<Record<FailureKind, number>>): void;
  /** every connection closed and the port closed: requests are refused until `up` */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

const KINDS: readonly FailureKind[] = ['http500', 'http429', 'drop', 'stall'];
const MODEL = 'fake-model';
/** the longest request body read: a catalog prompt at the lengths a soak uses is far below it */
const MAX_BODY = 4 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) return void req.destroy(new Error('body too large'));
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function answerWith(res: ServerResponse, stream: boolean, content: string): void {
  const usage = { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 };
  if (!stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'fake', object: 'chat.completion', model: MODEL, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'fake', object: 'chat.completion.chunk', model: MODEL, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.write(chunk({ role: 'assistant', content }, null));
  res.write(chunk({}, 'stop'));
  res.write(`data: ${JSON.stringify({ id: 'fake', object: 'chat.completion.chunk', model: MODEL, choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const random = new Rng(options.seed ?? 1);
  let failures = options.failures ?? {};
  const delayMs = options.delayMs ?? 5;
  const content = options.answer ?? '[]';
  const counts: FakeServerCounts = { requests: 0, answered: 0, failed: { http500: 0, http429: 0, drop: 0, stall: 0 }, peakInFlight: 0 };
  let inFlight = 0;
  const sockets = new Set<Socket>();
  const stalled = new Set<ServerResponse>();

  function pickFailure(): FailureKind | null {
    let r = random.next();
    for (const kind of KINDS) {
      const share = failures[kind] ?? 0;
      if (r < share) return kind;
      r -= share;
    }
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'GET' && path === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ object: 'list', data: [{ id: MODEL, object: 'model', owned_by: 'fake' }] }));
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') return void res.writeHead(404).end();
    const text = await readBody(req);
    const body = JSON.parse(text) as { stream?: boolean; logprobs?: boolean };
    // a log-probabilities probe is answered, never failed: the soak is about the samples
    const probe = body.logprobs === true;
    counts.requests++;
    inFlight++;
    counts.peakInFlight = Math.max(counts.peakInFlight, inFlight);
    res.on('close', () => inFlight--);
    const failure = probe ? null : pickFailure();
    if (failure) counts.failed[failure]++;
    if (failure === 'stall') return void stalled.add(res);
    await new Promise((r) => setTimeout(r, delayMs));
    if (failure === 'drop') return void req.socket.destroy();
    if (failure === 'http500') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error": {"message": "fake: internal error"}}');
    if (failure === 'http429') return void res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"error": {"message": "fake: busy"}}');
    counts.answered++;
    answerWith(res, body.stream === true, content);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  const down = async () => {
    const closed = new Promise<void>((r) => server.close(() => r()));
    for (const s of sockets) s.destroy();
    stalled.clear();
    await closed;
  };
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    counts,
    setFailures: (f) => {
      failures = f;
    },
    down,
    up: () => new Promise<void>((r) => server.listen(port, '127.0.0.1', r)),
    close: async () => {
      if (server.listening) await down();
    },
  };
}
