/**
 * Issue 35, item 2: a server that accepts and never answers, and one that trickles bytes without
 * ever completing an event, fail a request within its bounds, saying which bound and how to raise
 * it; a run on such a server fails, and resumes once the server answers again.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { createOpenAIEngine } from '../../src/lib/engines/openai';
import { DEFAULT_TIMEOUTS } from '../../src/lib/engines/request-clock';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { catalogSource } from '../../src/lib/suites/catalog/suite';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

type Mode = 'silent' | 'trickle' | 'event-then-trickle' | 'answer';
let mode: Mode = 'silent';
const open: ServerResponse[] = [];
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    if (mode === 'silent') return void open.push(res);
    if (mode === 'trickle' || mode === 'event-then-trickle') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (mode === 'event-then-trickle') res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'x' }, finish_reason: null }] })}\n\n`);
      open.push(res);
      const t = setInterval(() => (res.writableEnded ? clearInterval(t) : res.write(':')), 50);
      res.on('close', () => clearInterval(t));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { content: '[]' }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 1 } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise<void>((r) => server.close(() => r()));
});

const request = { messages: [{ role: 'user' as const, content: 'hi' }], maxTokens: 4, temperature: 0 };
const fast = { attempts: 3, firstDelayMs: 1, maxDelayMs: 1 };

describe('time bounds on a request', () => {
  it('defaults fail a silent or stalled server within two minutes', () => {
    expect(DEFAULT_TIMEOUTS.firstByteMs).toBeLessThanOrEqual(120_000);
    expect(DEFAULT_TIMEOUTS.streamGapMs).toBeLessThanOrEqual(120_000);
  });

  it('a server that accepts and never answers: the first-byte bound, named with its flag, not retried', async () => {
    mode = 'silent';
    // the engine's own requests are counted (the server may not even have seen the one request on a loaded machine when the bound fires)
    let asked = 0;
    const engine = createOpenAIEngine({ baseUrl, model: 'm', retry: fast, timeouts: { firstByteMs: 300 }, fetch: (u, i) => (asked++, fetch(u, i)) });
    const e = await engine.generate(request, new AbortController().signal).catch((x: Error) => x);
    expect(e).toMatchObject({ name: 'TimeoutError' });
    // the message names the bound that fired (300 ms, not a default), so no clock need be read here
    expect((e as Error).message).toMatch(/^no first byte from the server within 300 ms .*--first-byte-timeout SECONDS/);
    expect(asked).toBe(1);
  });

  it('headers at once, then keep-alive bytes and no event (a server reading a long prompt, or a stalled one): the first-byte bound, not the gap bound', async () => {
    mode = 'trickle';
    const engine = createOpenAIEngine({ baseUrl, model: 'm', retry: fast, stream: true, timeouts: { firstByteMs: 600, streamGapMs: 200 } });
    await expect(engine.generate(request, new AbortController().signal)).rejects.toThrow(/^no first byte from the server within 600 ms .*--first-byte-timeout/);
  });

  it('a stream that stops sending events after the first: the gap bound', async () => {
    mode = 'event-then-trickle';
    const engine = createOpenAIEngine({ baseUrl, model: 'm', retry: fast, stream: true, timeouts: { firstByteMs: 60_000, streamGapMs: 400 } });
    await expect(engine.generate(request, new AbortController().signal)).rejects.toThrow(/^nothing streamed by the server within 400 ms .*--stream-gap-timeout/);
  });

  it('the whole-request bound holds whatever else happens', async () => {
    mode = 'trickle';
    const engine = createOpenAIEngine({ baseUrl, model: 'm', retry: fast, stream: true, timeouts: { streamGapMs: 60_000, requestMs: 500 } });
    await expect(engine.generate(request, new AbortController().signal)).rejects.toThrow(/^the request did not finish within 500 ms .*--request-timeout/);
  });

  it('a run on a silent server fails within its bounds, and resumes once the server answers', async () => {
    mode = 'silent';
    const source = catalogSource({
      packs: [buildCatalogPack()],
      sweep: { lengths: [512], positions: [0.1, 0.9], samplesPerCell: 3, seed: 5 },
      template: DEFAULT_PROMPT,
      counter: new CachedCounter(llama3Counter),
    });
    const store = new MemoryResultStore();
    const engine = createOpenAIEngine({ baseUrl, model: 'm', retry: fast, timeouts: { firstByteMs: 200 } });
    const run = () => runSamples({ runId: 'r', source, engine, store, request, format: 'bfcl-python', signal: new AbortController().signal });
    const first = await run();
    expect(first.status).toBe('failed');
    expect(first.status === 'failed' && first.error).toMatch(/TimeoutError: no first byte/);
    mode = 'answer';
    const second = await run();
    expect(second.status).toBe('completed');
    expect(store.results.size).toBe(6);
  });
});
