/**
 * The pure parts of the OpenAI-compatible client and the headless runner: SSE framing, the body a
 * server is sent, native tools, base URLs, token counts fetched for a synchronous builder, the
 * engine pool, the runner's arguments and its resumable run file. (The engine against a real
 * server: tests/server/.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEvalArgs, parseTokens, RUNNER_ENGINES, UsageError } from '../../src/cli/eval/eval-args';
import { ENGINE_KIND_IDS, ENGINE_KINDS, kindsRunningIn } from '../../src/lib/engines/kinds';
import { pairedLines, runEval } from '../../src/cli/eval/eval';
import { runFilesInPage } from '../../src/lib/store/run-page';
import { RunFileMismatchError, RunFileStore } from '../../src/cli/eval/run-file-store';
import { buildExactly, CountsNotSettledError, PrefetchedCounter } from '../../src/lib/context/prefetched-counter';
import type { Engine, GenerateResult, Sample, SampleResult } from '../../src/lib/core/types';
import type { RunRow } from '../../src/lib/run/run-row';
import { variantSummary } from '../../src/lib/analysis/catalog';
import { scoreSample } from '../../src/lib/scoring/score-sample';
import { chatBody, createOpenAIEngine, isOverflowMessage } from '../../src/lib/engines/openai';
import { apiRoot, checkBaseUrl, corsFixes, isLoopback, probeOnce, probeServer, serverRoot } from '../../src/lib/engines/openai-server';
import { createEnginePool } from '../../src/lib/engines/pool';
import { readSse } from '../../src/lib/engines/sse';
import { readBodyBytes, readBodyText } from '../../src/lib/engines/bounded-body';
import { appendToTail, NO_STREAM, STREAM_TAIL_CHARS } from '../../src/ui/run/stream-tail';
import { NATIVE_SYSTEM, openAITool, withoutToolList } from '../../src/lib/prompts/native-tools';
import { DEFAULT_PROMPT, renderMessages } from '../../src/lib/prompts/template';
import { readRunFile, writeRunFile } from '../../src/lib/store/run-file';

const dir = mkdtempSync(join(tmpdir(), 'fc-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const x of chunks) c.enqueue(enc.encode(x));
      c.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>, max = 1e6): Promise<string[]> {
  const out: string[] = [];
  for await (const d of readSse(body, max)) out.push(d);
  return out;
}

describe('server-sent events', () => {
  it('yields data payloads across chunk boundaries, CRLF or LF, skipping comments and other fields', async () => {
    const events = await collect(streamOf(['data: {"a"', ':1}\r\n\r\n: ping\n\nevent: x\ndata: [DO', 'NE]\n\n']));
    expect(events).toEqual(['{"a":1}', '[DONE]']);
  });
  it('joins multi-line data and keeps a last event without its blank line', async () => {
    expect(await collect(streamOf(['data: a\ndata: b\n\ndata:c']))).toEqual(['a\nb', 'c']);
  });
  it('refuses a stream with no line ends at the line bound, long before the byte bound (issue 73: 355 MB read before 16 MiB stopped it)', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)));
      },
    });
    await expect(collect(endless, 16 * 2 ** 20)).rejects.toThrow(/a line over 1048576 characters without a line end/);
    expect(pulled * 64 * 1024).toBeLessThan(2 * 2 ** 20);
  });
  it('refuses a stream over its byte bound', async () => {
    await expect(collect(streamOf(['data: ' + 'x'.repeat(100) + '\n\n']), 50)).rejects.toThrow(/50-byte bound/);
  });
});

describe('what a failing server is said to have done', () => {
  const request = { messages: [{ role: 'user' as const, content: 'hi' }], maxTokens: 4, temperature: 0 };
  const ok = () => new Response(JSON.stringify({ choices: [{ message: { content: 'x' }, finish_reason: 'stop' }] }), { status: 200 });
  const engineWith = (replies: (() => Response | Promise<Response>)[]) => {
    let i = 0;
    return createOpenAIEngine({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      retry: { attempts: 2, firstDelayMs: 1, maxDelayMs: 1 },
      sleep: async () => undefined,
      fetch: (async () => (replies[Math.min(i++, replies.length - 1)] as () => Response)()) as typeof fetch,
    });
  };
  const down = () => Promise.reject(new TypeError('fetch failed'));

  it('an HTTP 500 on every attempt is the server\'s error, with its words — not "did not answer", not CORS', async () => {
    const engine = engineWith([() => new Response(JSON.stringify({ error: { message: 'model crashed\n  in  decode' } }), { status: 500 })]);
    const e = await engine.generate(request, new AbortController().signal).catch((x: Error) => x);
    expect(e).toMatchObject({ name: 'ServerError' });
    expect((e as Error).message).toMatch(/^the server answered HTTP 500 to each of 2 attempts over \d+ s: model crashed in decode$/);
    expect((e as Error).message).not.toMatch(/CORS|did not answer/);
  });
  it("a whole answer without the server's timings has no prefill/decode split, so no rate is made up from it", async () => {
    const r = await engineWith([ok]).generate(request, new AbortController().signal);
    expect(r.timings.unsplit).toBe(true);
    expect(r.timings.decodeTokensPerSecond).toBeUndefined();
  });
  it('a stream of events that are not JSON, then a whole answer that is not JSON either: both said, quoting what came', async () => {
    const garbage = () => new Response('data: {"choices": [oops\n\n', { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const html = () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 200 });
    let i = 0;
    const replies = [garbage, html];
    const engine = createOpenAIEngine({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      stream: true,
      retry: { attempts: 1, firstDelayMs: 1, maxDelayMs: 1 },
      sleep: async () => undefined,
      fetch: (async () => (replies[i++] as () => Response)()) as typeof fetch,
    });
    const e = await engine.generate(request, new AbortController().signal).catch((x: Error) => x);
    expect(e).toMatchObject({ name: 'ServerError' });
    expect((e as Error).message).toMatch(
      /^the server's answer is not JSON: "<html><body>502 Bad Gateway<\/body><\/html>" \(asked again without streaming after the stream failed: the server streamed an event that is not JSON: "\{.*oops"\)$/,
    );
  });
  it('a server that answered and then went silent stopped answering (did it crash?); one that never answered may be down', async () => {
    const crashed = engineWith([ok, down]);
    await crashed.generate(request, new AbortController().signal);
    await expect(crashed.generate(request, new AbortController().signal)).rejects.toThrow(/stopped answering: it answered earlier in this run.*Did the server crash/);
    await expect(engineWith([down]).generate(request, new AbortController().signal)).rejects.toThrow(/did not answer after 2 attempts .*Is the server running at http:\/\/127\.0\.0\.1:9\/v1\?$/);
  });
});

describe('every byte read from a server is bounded before it is held (issue 46, item 3)', () => {
  const request = { messages: [{ role: 'user' as const, content: 'hi' }], maxTokens: 4, temperature: 0 };
  /** a body that never ends, 1 MiB a piece, counting what was pulled from it */
  const endless = (prefix: string) => {
    const piece = new Uint8Array(2 ** 20).fill(0x61);
    const pulled = { bytes: 0 };
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(prefix));
      },
      pull(c) {
        pulled.bytes += piece.byteLength;
        c.enqueue(piece);
      },
    });
    return { body, pulled };
  };
  const engineOn = (res: () => Response, stream = false) =>
    createOpenAIEngine({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      stream,
      retry: { attempts: 1, firstDelayMs: 1, maxDelayMs: 1 },
      sleep: async () => undefined,
      fetch: (async () => res()) as typeof fetch,
    });

  it('a whole answer that never ends is refused at 16 MiB, read no further (it read 2.27 GB, then blamed the clock)', async () => {
    const { body, pulled } = endless('{"choices": [{"message": {"content": "');
    const e = await engineOn(() => new Response(body, { status: 200 }))
      .generate(request, new AbortController().signal)
      .catch((x: Error) => x);
    expect(e).toMatchObject({ name: 'ResponseTooLargeError' });
    expect((e as Error).message).toMatch(/over the 16,777,216-byte bound/);
    expect(pulled.bytes).toBeLessThanOrEqual(18 * 2 ** 20);
  });
  it('an error page that never ends is quoted from its first 64 KiB', async () => {
    const { body, pulled } = endless('{"error": {"message": "');
    const e = await engineOn(() => new Response(body, { status: 400 }))
      .generate(request, new AbortController().signal)
      .catch((x: Error) => x);
    expect(e).toMatchObject({ name: 'ServerError' });
    expect((e as Error).message.length).toBeLessThan(2000);
    expect(pulled.bytes).toBeLessThanOrEqual(2 * 2 ** 20);
  });
  it('a declared length over the bound is refused before any byte is read', async () => {
    const { body, pulled } = endless('');
    const e = await readBodyText(new Response(body, { headers: { 'content-length': String(2 ** 31) } }), 1000).catch((x: Error) => x);
    expect((e as Error).message).toMatch(/2,147,483,648 bytes, over the 1,000-byte bound/);
    expect(pulled.bytes).toBeLessThanOrEqual(2 ** 20);
  });
  it('a body read as bytes comes whole and in order across its chunks, a multi-byte character split between two', async () => {
    const bytes = new TextEncoder().encode('{"name": "café ☕", "n": 1}');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let at = 0; at < bytes.length; at += 3) c.enqueue(bytes.slice(at, at + 3));
        c.close();
      },
    });
    const got = await readBodyBytes(new Response(body), bytes.length);
    expect(new TextDecoder().decode(got)).toBe('{"name": "café ☕", "n": 1}');
  });
  it('a download with no declared length that passes the bound is refused, naming it, and read no further', async () => {
    const { body, pulled } = endless('');
    const e = await readBodyBytes(new Response(body), 3 * 2 ** 20).catch((x: Error) => x);
    expect(e).toMatchObject({ name: 'ResponseTooLargeError' });
    expect((e as Error).message).toMatch(/over the 3,145,728-byte bound \(read no further\)/);
    expect(pulled.bytes).toBeLessThanOrEqual(5 * 2 ** 20);
  });
  it('a streamed line that arrives in thousands of pieces is read whole, each piece searched once', async () => {
    const content = 'y'.repeat(20_000);
    const line = `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
    const pieces = line.match(/.{1,7}/gs) ?? [];
    expect(await collect(streamOf([...pieces, 'data: [DONE]\n\n']))).toEqual([line.slice(6, -2), '[DONE]']);
  });
  it("the monitor keeps a streamed answer's tail, at most twice its size, and its whole length", () => {
    let tail = NO_STREAM;
    for (let i = 0; i < 100_000; i++) tail = appendToTail(tail, 'abcd');
    tail = appendToTail(tail, 'z'.repeat(10 * STREAM_TAIL_CHARS));
    expect(tail.chars).toBe(400_000 + 10 * STREAM_TAIL_CHARS);
    expect(tail.text.length).toBeGreaterThanOrEqual(STREAM_TAIL_CHARS);
    expect(tail.text.length).toBeLessThanOrEqual(2 * STREAM_TAIL_CHARS);
    expect(tail.text.endsWith('z'.repeat(STREAM_TAIL_CHARS))).toBe(true);
    expect(appendToTail(appendToTail(NO_STREAM, 'ab'), 'cd')).toEqual({ text: 'abcd', chars: 4 });
  });
});

describe('the request body', () => {
  const tools = [
    {
      name: 'get_weather',
      description: 'Weather.',
      parameters: {
        type: 'dict',
        properties: {
          city: { type: 'string' },
          days: { type: 'integer' },
          ratio: { type: 'float' },
          opts: { type: 'dict', properties: { unit: { type: 'string', enum: ['c', 'f'] } } },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['city'],
      },
    },
  ];

  it('greedy, bounded, seeded, with stops and a grammar in the field the server takes', () => {
    const body = chatBody(
      'm',
      {
        messages: [
          { role: 'system', content: 's' },
          { role: 'tool', content: 'Result of f: 1' },
        ],
        maxTokens: 32,
        temperature: 0,
        stop: ['</s>'],
        grammar: 'root ::= "x"',
      },
      { grammarField: 'guided_grammar', penaltyField: 'none', stream: false },
    );
    expect(body).toMatchObject({ model: 'm', max_tokens: 32, temperature: 0, seed: 0, stream: false, stop: ['</s>'], guided_grammar: 'root ::= "x"' });
    expect(Object.keys(body).filter((k) => k.includes('penalty'))).toEqual([]);
    expect(body.messages).toEqual([
      { role: 'system', content: 's' },
      { role: 'user', content: 'Result of f: 1' },
    ]);
    expect(body.stream_options).toBeUndefined();
    expect(chatBody('m', { messages: [], maxTokens: 1, temperature: 0 }, { grammarField: 'grammar', penaltyField: 'none', stream: true }).stream_options).toEqual({ include_usage: true });
  });
  it("switches the server's repeat penalty off in the field it takes, and sends none to a server not known to take one", () => {
    const ask = { messages: [], maxTokens: 1, temperature: 0 };
    expect(chatBody('m', ask, { grammarField: 'grammar', penaltyField: 'repeat_penalty', stream: false })).toMatchObject({ repeat_penalty: 1 });
    expect(chatBody('m', ask, { grammarField: 'guided_grammar', penaltyField: 'repetition_penalty', stream: false })).toMatchObject({ repetition_penalty: 1 });
    const plain = chatBody('m', ask, { grammarField: 'none', penaltyField: 'none', stream: false });
    expect('repeat_penalty' in plain || 'repetition_penalty' in plain).toBe(false);
  });
  it("finds by probing how each kind of server takes the penalty: llama-cpp-python's default of 1.1 changed greedy outputs (issue 48)", async () => {
    const serving =
      (models: unknown, props: unknown = null) =>
      async (url: string) => {
        if (url.endsWith('/v1/models')) return Response.json({ data: [models] });
        if (url.endsWith('/props') && props) return Response.json(props);
        return new Response('no', { status: 404 });
      };
    const probe = async (models: unknown, props?: unknown) => (await probeServer('http://h:1/v1', undefined, serving(models, props))).penaltyField;
    expect(await probe({ id: 'm', owned_by: 'me' })).toBe('repeat_penalty');
    expect(await probe({ id: 'm', owned_by: 'vllm', max_model_len: 4096 })).toBe('repetition_penalty');
    expect(await probe({ id: 'm', owned_by: 'llamacpp' }, { default_generation_settings: { n_ctx: 4096 } })).toBe('repeat_penalty');
    expect(await probe({ id: 'llama3', owned_by: 'library' })).toBe('none');
    expect(await probe({ id: 'gpt-4o', owned_by: 'system' })).toBe('none');
  });
  it('the runner asks each server what it is once per run (its settling, engine and tokenizer all ask), and asks again after a failure', async () => {
    const asked: string[] = [];
    let up = false;
    const fetchFake = async (url: string) => {
      asked.push(url);
      if (!up) throw new Error('connection refused');
      return url.endsWith('/v1/models') ? Response.json({ data: [{ id: 'm', owned_by: 'me' }] }) : new Response('no', { status: 404 });
    };
    const probe = probeOnce(() => undefined, fetchFake);
    await expect(probe('http://h:1/v1')).rejects.toThrow(/could not reach/);
    up = true;
    const [a, b] = await Promise.all([probe('http://h:1/v1'), probe('http://h:1/v1')]);
    expect(a).toBe(b);
    expect((await probe('http://h:1/v1')).models).toEqual(['m']);
    expect(asked.filter((u) => u.endsWith('/v1/models'))).toHaveLength(2);
  });
  it('a constrained request to a server without grammars fails, saying so', () => {
    expect(() => chatBody('m', { messages: [], maxTokens: 1, temperature: 0, grammar: 'g' }, { grammarField: 'none', penaltyField: 'none', stream: false })).toThrow(/takes no grammar/);
  });
  it('native tools: BFCL types become JSON Schema; our tool list and call syntax leave the prompt, the user message stays', () => {
    const t = openAITool(tools[0] as never);
    expect(t.function.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer' },
        ratio: { type: 'number' },
        opts: { type: 'object', properties: { unit: { type: 'string', enum: ['c', 'f'] } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['city'],
    });
    const messages = renderMessages(DEFAULT_PROMPT, tools as never, 'Weather in Oslo?');
    const native = withoutToolList(messages, tools as never);
    expect(native[0]?.content).not.toContain('get_weather');
    expect(native[0]?.content).not.toContain('Answer with the function call(s)');
    expect(native[0]?.content).toBe(NATIVE_SYSTEM);
    expect(native[1]).toEqual(messages[1]);
    expect(() => withoutToolList([{ role: 'user', content: 'hi' }], tools as never)).toThrow(/lists its tools/);
  });
  it('a format error that is the right call in another format (fenced JSON, as Qwen answers in its own template) stays wrong and is counted apart', () => {
    const sample = { tools, expected: { kind: 'ast', category: 'simple', possibleAnswer: [{ get_weather: { city: ['Oslo'] } }] } } as never as Sample;
    const fenced = '```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```';
    const read = scoreSample(sample, fenced, 'bfcl-python').score;
    expect(read).toMatchObject({ correct: false, errorClass: 'wrong_syntax', rightCallOtherFormat: true });
    expect(scoreSample(sample, '{"name": "get_weather", "arguments": {"city": "Bergen"}}', 'bfcl-python').score.rightCallOtherFormat).toBe(false);
    expect(scoreSample(sample, '[get_weather(city="Oslo")]', 'bfcl-python').score).toMatchObject({ correct: true });
    expect(scoreSample(sample, '[get_weather(city="Oslo")]', 'bfcl-python').score.rightCallOtherFormat).toBeUndefined();
    const r = (score: ReturnType<typeof scoreSample>['score']) => ({ cell: { length: 0, position: 0 }, score }) as never as SampleResult;
    const [all] = variantSummary([r(read), r(scoreSample(sample, '[get_weather(city="Oslo")]', 'bfcl-python').score)]);
    expect(all).toMatchObject({ accuracy: 0.5, wrongSyntax: 0.5, rightCallOtherFormat: 0.5 });
  });
  it("recognises the servers' context-overflow messages and nothing else", () => {
    expect(isOverflowMessage("This model's maximum context length is 1536 tokens. However, you requested 2100 tokens")).toBe(true);
    expect(isOverflowMessage('the request exceeds the available context size, try increasing it')).toBe(true);
    expect(isOverflowMessage('invalid temperature')).toBe(false);
  });
});

describe('base URLs', () => {
  it('finds the API root and the server root however the URL is written', () => {
    for (const u of ['http://h:8000', 'http://h:8000/', 'http://h:8000/v1', 'http://h:8000/v1/']) {
      expect(apiRoot(u)).toBe('http://h:8000/v1');
      expect(serverRoot(u)).toBe('http://h:8000');
    }
  });
  it('says what is wrong with a URL, and which hosts are this device', () => {
    expect(checkBaseUrl('localhost:8000')).toMatch(/must start with http/);
    expect(checkBaseUrl('not a url')).toMatch(/is not a URL/);
    expect(checkBaseUrl('http://user:key@h/v1')).toMatch(/API key in its own field/);
    expect(checkBaseUrl('http://127.0.0.1:8000/v1')).toBeNull();
    expect(isLoopback('http://127.0.0.1:8000')).toBe(true);
    expect(isLoopback('http://localhost:11434')).toBe(true);
    expect(isLoopback('http://[::1]:8000')).toBe(true);
    expect(isLoopback('https://api.example.com/v1')).toBe(false);
    expect(corsFixes('http://127.0.0.1:4173').find((f) => f.server === 'Ollama')?.fix).toBe('OLLAMA_ORIGINS=http://127.0.0.1:4173 ollama serve');
  });
});

describe('counts fetched for a synchronous builder', () => {
  const fallback = { id: 'chars', count: (t: string) => t.length };
  const server = async (texts: readonly string[]) => texts.map((t) => t.split(' ').length);

  it("rebuilds until every count was the server's", async () => {
    const c = new PrefetchedCounter('server:x', fallback);
    let builds = 0;
    const n = await buildExactly(c, server, () => {
      builds++;
      return c.count('a b c') + c.count('d e');
    });
    expect(n).toBe(5);
    expect(builds).toBe(2);
    expect(c.pending).toBe(0);
  });
  it('retries a build that failed on fallback counts; a failure on exact counts is final', async () => {
    const c = new PrefetchedCounter('server:x', fallback);
    const build = () => {
      if (c.count('one two') > 2) throw new Error('over budget');
      return 'built';
    };
    expect(await buildExactly(c, server, build)).toBe('built');
    const d = new PrefetchedCounter('server:x', fallback);
    await expect(
      buildExactly(d, server, () =>
        d.count('a b c d e f') > 3
          ? (() => {
              throw new Error('really over');
            })()
          : 0,
      ),
    ).rejects.toThrow('really over');
  });
  it('a builder that asks new texts forever is stopped', async () => {
    const c = new PrefetchedCounter('server:x', fallback);
    let i = 0;
    await expect(buildExactly(c, server, () => c.count(`text ${i++}`), 4)).rejects.toBeInstanceOf(CountsNotSettledError);
  });
});

describe('the engine pool', () => {
  it('sends each request to the engine with the fewest in flight', async () => {
    const calls: string[] = [];
    const release: (() => void)[] = [];
    const engine = (id: string): Engine => ({
      info: { id, kind: 'openai', model: 'm' },
      generate: () =>
        new Promise<GenerateResult>((resolve) => {
          calls.push(id);
          release.push(() => resolve({ text: id, finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 0 }, timings: { prefillMs: 0, decodeMs: 0 } }));
        }),
    });
    const pool = createEnginePool([engine('a'), engine('b'), engine('c')]);
    const req = { messages: [], maxTokens: 1, temperature: 0 };
    const signal = new AbortController().signal;
    const p1 = pool.generate(req, signal);
    const p2 = pool.generate(req, signal);
    const p3 = pool.generate(req, signal);
    expect(calls).toEqual(['a', 'b', 'c']);
    release[1]?.();
    await p2;
    const p4 = pool.generate(req, signal);
    expect(calls[3]).toBe('b');
    for (const r of release) r();
    await Promise.all([p1, p3, p4]);
  });
});

describe("the runner's arguments", () => {
  it('maps a catalog sweep onto the run the app stores', () => {
    const s = parseEvalArgs(['catalog', '--engine', 'oracle', '--lengths', '2K,1K', '--positions', '0.1,0.5,0.9', '--per-cell', '2', '--seed', '11', '--constraint', 'both']);
    expect(s.run.config).toEqual({ lengths: [1024, 2048], positions: [0.1, 0.5, 0.9], samplesPerCell: 2, seed: 11, variants: ['free', 'constrained'] });
    expect(s.run.packIds).toEqual(['builtin-catalog']);
    expect(s.concurrency).toBe(1);
    expect(parseTokens('lengths', '128K')).toBe(131072);
    expect(parseEvalArgs(['wildagteval-simulated', '--wordings', 'coref,resolved']).run.config).toMatchObject({ wordings: ['coref', 'resolved'] });
  });
  it("runs a suite named by its old id as today's, says so, and writes (and resumes) the file the old command wrote", () => {
    const old = parseEvalArgs(['api-complexity', '--conversations', '2']);
    const now = parseEvalArgs(['wildagteval-simulated', '--conversations', '2']);
    expect([old.suite, old.run.suite, old.out]).toEqual(['wildagteval-simulated', 'wildagteval-simulated', 'api-complexity.run.jsonl']);
    expect(old.renamed).toBe('api-complexity is called wildagteval-simulated now: running wildagteval-simulated');
    expect({ ...old.run, name: '' }).toEqual({ ...now.run, name: '' });
    expect([now.renamed, now.out]).toEqual([null, 'wildagteval-simulated.run.jsonl']);
    expect(parseEvalArgs(['wildagteval', '--wildagteval', 'dir']).run.suite).toBe('wildagteval-benchmark');
  });
  it('names the flag of every mistake', () => {
    const bad: [string[], RegExp][] = [
      [[], /name a suite/],
      [['catalogue'], /--suite: "catalogue" is not one of/],
      [['catalog', '--lengths', '2Q'], /--lengths: "2Q" is not a token count/],
      [['catalog', '--positions', '1.5'], /--positions \(needle positions α\): "1.5" must be a number from 0 to 1/],
      [['response-qa', '--positions', '9'], /--positions \(answer positions p .*\): "9" must be a whole number from 1 to 8/],
      [['composition', '--distractors', 'many'], /--distractors \(distractor tools\): "many" must be a whole number from 0 to 10000/],
      [['catalog', '--max-tokens', '8'], /--max-tokens: "8" must be a whole number from 16 to 2048/],
      [['catalog', '--engine', 'openai'], /needs --base-url/],
      [['catalog', '--engine', 'openai', '--base-url', 'localhost:8000'], /--base-url: .* must start with http/],
      [['catalog', '--calls', 'native'], /--calls native needs an engine that takes tools natively \(--engine openai: a server with tool calling\)/],
      [['catalog', '--model', 'm'], /--model is for engines that ask a model \(openai\), not oracle/],
      [['catalog', '--context', '8K'], /--context is for --engine openai, not oracle/],
      [['catalog', '--engine', 'baseline', '--tokenizer', 'server'], /--tokenizer is for --engine openai, not baseline/],
      [['response-qa', '--engine', 'openai', '--base-url', 'http://h/v1', '--calls', 'native'], /applies to the catalog, robustness and single-turn composition, not this response-qa run/],
      [['composition', '--engine', 'openai', '--base-url', 'http://h/v1', '--calls', 'native', '--protocol', 'multi-turn'], /not this composition run/],
      [['catalog', '--count', '3'], /--count is for multiturn, robustness, not catalog/],
      [['response-qa', '--constraint', 'on'], /--constraint is for catalog, multiturn, composition, robustness, not response-qa/],
      [['robustness', '--constraint', 'both'], /--constraint both .* is for catalog; robustness runs constrained or not/],
      [['wildagteval-benchmark'], /wildagteval-benchmark needs --wildagteval DIR/],
      [['wildagteval-benchmark', '--wildagteval', 'd', '--seed', '3'], /--seed is for catalog, .*wildagteval-simulated, not wildagteval-benchmark/],
      [['robustness', '--added', '21'], /--added \(tools added per request\): "21" must be a whole number from 0 to 20/],
      [['catalog', '--concurrency', '0'], /--concurrency: "0" must be a whole number from 1 to 256/],
      [['catalog', '--bogus'], /Unknown option '--bogus'/],
      [['catalog', '--tools', 't.json'], /--tools needs --requests/],
      [['wildagteval-simulated', '--requests', 'r.jsonl'], /--requests needs --tools/],
      [['composition', '--tools', 't.json', '--requests', 'r.jsonl'], /--tools is for catalog, robustness, wildagteval-simulated, not composition/],
      [['catalog', '--server-reuse', 'aligned'], /--server-reuse is for --engine openai, not oracle/],
      [['catalog', '--engine', 'openai', '--base-url', 'http://h/v1', '--server-reuse', 'sometimes'], /--server-reuse/],
      [['wildagteval-simulated', '--wordings', 'coref,plain'], /--wordings: "plain" is not one of coref, resolved/],
    ];
    for (const [argv, message] of bad) {
      expect(() => parseEvalArgs(argv), argv.join(' ')).toThrow(UsageError);
      expect(() => parseEvalArgs(argv), argv.join(' ')).toThrow(message);
    }
  });
  it('records how the server reused its KV cache, and a run file made under one reuse is not resumed under another (issue 45: it was not recorded)', () => {
    const s = parseEvalArgs(['catalog', '--engine', 'openai', '--base-url', 'http://h/v1', '--server-reuse', 'native']);
    expect(s.serverReuse).toBe('native');
    expect(parseEvalArgs(['catalog', '--engine', 'openai', '--base-url', 'http://h/v1']).serverReuse).toBeNull();
    expect(parseEvalArgs(['catalog', '--engine', 'openai', '--base-url', 'http://h/v1', '--penalty-field', 'none']).penaltyField).toBe('none');
    expect(() => parseEvalArgs(['catalog', '--engine', 'openai', '--base-url', 'http://h/v1', '--penalty-field', 'repeat'])).toThrow(/--penalty-field/);
  });
  it('takes the API key from the environment, never into the run', () => {
    const s = parseEvalArgs(['catalog', '--engine', 'openai', '--base-url', 'http://h/v1'], { OPENAI_API_KEY: 'sk-test' });
    expect(s.apiKey).toBe('sk-test');
    expect(JSON.stringify(s.run)).not.toContain('sk-test');
  });
});

describe('the runner and a server that takes no grammar', () => {
  it('refuses a constrained run before asking anything — the whole run, or a sweep with constrained cells', async () => {
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      if (req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ data: [{ id: 'm' }] }));
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      for (const argv of [
        ['catalog', '--constraint', 'both', '--lengths', '1K', '--positions', '0.5', '--per-cell', '1'],
        ['robustness', '--constraint', 'on', '--count', '1'],
      ]) {
        const lines: string[] = [];
        const code = await runEval([...argv, '--engine', 'openai', '--base-url', url, '--out', join(dir, 'no-grammar.jsonl')], {
          out: (l) => lines.push(l),
          status: () => undefined,
          env: {},
          signal: new AbortController().signal,
        });
        expect(code, argv[0]).toBe(2);
        expect(lines.join('\n')).toMatch(/--constraint: the server at .* takes no grammar that we know of/);
      }
      expect(asked.some((a) => a.includes('chat/completions'))).toBe(false);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('the runner with --api-key (issue 73: its own run file was refused for the masked key)', () => {
  it('sends the key to the server, writes it nowhere, and records the right call’s probability the server gives', async () => {
    const KEY = 'sk-test-a1b2c3d4e5f6';
    const auth: string[] = [];
    const bodies: Record<string, unknown>[] = [];
    // a llama-cpp-python-like server: the oracle's answer for generations; a forced read answers its grammar's text, one token per character, with logprobs
    const server = createServer((req, res) => {
      auth.push(String(req.headers.authorization));
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        if (req.url === '/v1/models') return res.end(JSON.stringify({ data: [{ id: 'm', owned_by: 'me' }] }));
        const body = JSON.parse(raw || '{}') as Record<string, unknown>;
        bodies.push(body);
        if (req.url?.startsWith('/extras/tokenize')) {
          const text = String(body.input ?? '');
          return res.end(JSON.stringify(req.url === '/extras/tokenize/count' ? { count: Math.ceil(text.length / 4) } : { tokens: [...text].map((c) => c.charCodeAt(0)) }));
        }
        const grammar = typeof body.grammar === 'string' ? (JSON.parse(body.grammar.replace(/^root ::= /, '')) as string) : null;
        const forced = grammar !== null && body.logprobs === true;
        const content = forced ? grammar : '[x()]';
        const logprobs = forced ? { content: [...content].map((c) => ({ token: c, logprob: -0.01, top_logprobs: [{ token: c, logprob: -0.01 }] })) } : null;
        res.end(JSON.stringify({ choices: [{ message: { content }, finish_reason: 'stop', logprobs }], usage: { prompt_tokens: 10, completion_tokens: content.length } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const out = join(dir, 'with-key.run.jsonl');
    const lines: string[] = [];
    try {
      const code = await runEval(['catalog', '--lengths', '1K', '--positions', '0.5', '--per-cell', '2', '--engine', 'openai', '--base-url', url, '--model', 'm', '--api-key', KEY, '--out', out], {
        out: (l) => lines.push(l),
        status: () => undefined,
        env: {},
        signal: new AbortController().signal,
      });
      expect(code, lines.join('\n')).toBe(0);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    expect(auth.length).toBeGreaterThan(3);
    expect(auth.every((a) => a === `Bearer ${KEY}`)).toBe(true);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(KEY);
    const file = readRunFile(text);
    expect(file.recording?.command).not.toMatch(/api-key/);
    expect(file.run.engine.logprobs).toBe('chat-logprobs');
    // every forced read asked for log-probabilities with a logit bias on the server tokenizer's split
    const forcedBodies = bodies.filter((b) => b.logprobs === true && b.max_tokens !== 4);
    expect(forcedBodies).toHaveLength(2);
    for (const b of forcedBodies) expect(Object.keys(b.logit_bias as object).length).toBeGreaterThan(3);
    for (const r of file.results) expect(r.callLogprob?.canonical).toBe(true);
    expect(lines.join('\n')).toMatch(/right call's probability \(docs\/scoring.md\): mean/);
  });
});

describe("the runner's run file", () => {
  const quiet = { out: () => undefined, status: () => undefined, env: {}, signal: new AbortController().signal };

  it('--html writes the run as one page that carries the run file (issue 49)', async () => {
    const out = join(dir, 'page-run.jsonl');
    const page = join(dir, 'page-run.html');
    expect(await runEval(['catalog', '--engine', 'baseline', '--lengths', '1K', '--positions', '0.5', '--per-cell', '3', '--out', out, '--html', page], quiet)).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(readRunFile(runFilesInPage(html)?.[0] as string)).toEqual(readRunFile(readFileSync(out, 'utf8')));
  });

  it('runs your own tools and requests: a catalog sweep among the built-in tools, and the API-complexity suite on your functions', async () => {
    const own = ['--tools', 'tests/fixtures/your-tools/acme-payroll.openapi.yaml', '--requests', 'tests/fixtures/your-tools/acme-payroll.requests.jsonl'];
    const catalogOut = join(dir, 'own-catalog.jsonl');
    expect(await runEval(['catalog', ...own, '--lengths', '1K', '--positions', '0.5', '--per-cell', '4', '--out', catalogOut], quiet)).toBe(0);
    const catalog = readRunFile(readFileSync(catalogOut, 'utf8'));
    expect(catalog.run).toMatchObject({ packIds: ['builtin-catalog', 'yours:Acme internal payroll'], config: { requestPackIds: ['yours:Acme internal payroll'] }, correct: 4 });
    expect(new Set(catalog.results.map((r) => r.itemId))).toEqual(new Set(['payslips-2024', 'payslip-march', 'bonus', 'headcount-eng']));
    const apiOut = join(dir, 'own-api.jsonl');
    const lines: string[] = [];
    expect(await runEval(['wildagteval-simulated', ...own, '--types', 'ad_hoc,irrelevant', '--out', apiOut], { ...quiet, out: (l) => lines.push(l) })).toBe(0);
    const api = readRunFile(readFileSync(apiOut, 'utf8'));
    expect(api.run).toMatchObject({ packIds: ['yours:Acme internal payroll'], config: { packId: 'yours:Acme internal payroll' }, total: 10, correct: 10 });
    expect(lines.join('\n')).toContain('ad_hoc: off 100.0% → on 100.0% (3 pairs)');
    // a mistake in the requests names the file, the request and the field, and runs nothing
    const bad = join(dir, 'bad.requests.jsonl');
    writeFileSync(bad, '{"query": "x", "expected": [{"name": "acme_grant_bonus", "arguments": {"employeeId": 7}}]}\n');
    const errors: string[] = [];
    expect(
      await runEval(['wildagteval-simulated', '--tools', 'tests/fixtures/your-tools/acme-payroll.openapi.yaml', '--requests', bad, '--out', join(dir, 'bad.jsonl')], {
        ...quiet,
        out: (l) => errors.push(l),
      }),
    ).not.toBe(0);
    expect(errors.join('\n')).toMatch(/bad\.requests\.jsonl request 1.*employeeId: expected a string, found 7/);
  });

  it("is the app's run file, every sample once, and a rerun has nothing to do", async () => {
    const out = join(dir, 'oracle.jsonl');
    const lines: string[] = [];
    expect(
      await runEval(['catalog', '--engine', 'oracle', '--lengths', '1K', '--positions', '0.1,0.9', '--per-cell', '2', '--seed', '11', '--out', out], { ...quiet, out: (l) => lines.push(l) }),
    ).toBe(0);
    const file = readRunFile(readFileSync(out, 'utf8'));
    expect(file.run).toMatchObject({ status: 'completed', total: 4, done: 4, correct: 4, engine: { kind: 'oracle' } });
    expect(file.results.map((r) => r.score.correct)).toEqual([true, true, true, true]);
    expect(lines.join('\n')).toMatch(/1K\s+100\.0%\s+100\.0%/);
    const again: string[] = [];
    expect(
      await runEval(['catalog', '--engine', 'oracle', '--lengths', '1K', '--positions', '0.1,0.9', '--per-cell', '2', '--seed', '11', '--out', out], { ...quiet, out: (l) => again.push(l) }),
    ).toBe(0);
    expect(again.join('\n')).toContain('resuming, 4 results already there');
    expect(readRunFile(readFileSync(out, 'utf8')).results).toHaveLength(4);
  });

  it('refuses a cell none of whose prompts can be built when no server counts tokens (the prompts are built as asked)', async () => {
    const out = join(dir, 'oracle-unbuildable.jsonl');
    const lines: string[] = [];
    const argv = ['multiturn', '--engine', 'oracle', '--settings', 'prose', '--count', '2', '--out', out];
    expect(await runEval([...argv, '--lengths', '1K,2K'], { ...quiet, out: (l) => lines.push(l) })).toBe(2);
    expect(lines.join('\n')).toMatch(
      /No prompt of 1K tokens · prose \(2 samples\) can be built, so the run would measure nothing there; nothing was asked\. The first: A 1024-token conversation cannot be built/,
    );
    expect(readRunFile(readFileSync(out, 'utf8')).results).toEqual([]);
    // the same file then takes the run its packs can fill
    expect(await runEval([...argv, '--lengths', '2K'], quiet)).toBe(0);
    expect(readRunFile(readFileSync(out, 'utf8')).results.map((r) => r.score.correct)).toEqual([true, true]);
  });

  it('drops a torn last line, and refuses a file of another run', async () => {
    const out = join(dir, 'torn.jsonl');
    const argv = ['catalog', '--engine', 'baseline', '--lengths', '1K', '--positions', '0.5', '--per-cell', '3', '--out', out];
    expect(await runEval(argv, quiet)).toBe(0);
    const text = readFileSync(out, 'utf8').split('\n');
    // a run killed while writing its third result
    writeFileSync(out, [...text.slice(0, 3), text[3]?.slice(0, 40)].join('\n'));
    const file = readRunFile(readFileSync(out, 'utf8').slice(0, readFileSync(out, 'utf8').lastIndexOf('\n') + 1));
    const store = new RunFileStore(out, file.run);
    expect(store.dropped).toBe(1);
    expect(store.resumed).toBe(2);
    expect(() => new RunFileStore(out, { ...file.run, config: { ...(file.run.config as object), seed: 99 } } as RunRow)).toThrow(RunFileMismatchError);
    // each answer asked twice is another run: a rerun with --repeats 2 does not append to this file
    expect(() => new RunFileStore(out, { ...file.run, repeats: 2 })).toThrow(RunFileMismatchError);
    // outputs under a server's own KV reuse may differ from those read whole: another run
    expect(() => new RunFileStore(out, { ...file.run, engine: { ...file.run.engine, serverReuse: 'native' } })).toThrow(RunFileMismatchError);
    // a batching server can answer differently with several requests in flight: a rerun at --concurrency 4 is another run
    expect(() => new RunFileStore(out, { ...file.run, engine: { ...file.run.engine, concurrency: 4 } })).toThrow(/requests in flight \(--concurrency\)/);
    // a server run made under the server's own repeat penalty (files made before it was switched off say no field) is another run
    const served = join(dir, 'served.jsonl');
    const before = { ...file.run, engine: { kind: 'openai' as const, model: 'm', baseUrl: 'http://h/v1' } };
    writeFileSync(served, writeRunFile({ run: before, recording: null, results: file.results }));
    expect(() => new RunFileStore(served, { ...before, engine: { ...before.engine, penaltyField: 'repeat_penalty' } })).toThrow(/repeat penalty or the requests in flight \(--concurrency\) differ/);
    expect(new RunFileStore(served, { ...before, engine: { ...before.engine, penaltyField: 'none' } }).resumed).toBe(2);
    // a file that holds no result (a run refused before its first request) is replaced by a run of other settings: nothing is lost
    const empty = join(dir, 'empty.jsonl');
    new RunFileStore(empty, before);
    const other = new RunFileStore(empty, { ...before, config: { ...(before.config as object), seed: 99 } } as RunRow);
    expect(other.resumed).toBe(0);
    expect((readRunFile(readFileSync(empty, 'utf8')).run.config as { seed: number }).seed).toBe(99);
    const lines: string[] = [];
    expect(await runEval(argv, { ...quiet, out: (l) => lines.push(l) })).toBe(0);
    expect(readRunFile(readFileSync(out, 'utf8')).results).toHaveLength(3);
    expect(await runEval([...argv.slice(0, -2), '--seed', '99', '--out', out], { ...quiet, out: (l) => lines.push(l) })).toBe(2);
    expect(lines.join('\n')).toMatch(/holds another run/);
  });

  it('refuses a rerun with other settings (seed, repeats, temperature, answer tokens) and leaves the file as it was', async () => {
    const out = join(dir, 'settings.jsonl');
    const argv = ['catalog', '--engine', 'oracle', '--lengths', '1K', '--positions', '0.5', '--per-cell', '2', '--out', out];
    expect(await runEval(argv, quiet)).toBe(0);
    const before = readFileSync(out, 'utf8');
    for (const other of [
      ['--seed', '7'],
      ['--repeats', '2'],
      ['--temperature', '0.7'],
      ['--max-tokens', '64'],
    ]) {
      const lines: string[] = [];
      expect(await runEval([...argv, ...other], { ...quiet, out: (l) => lines.push(l) }), other.join(' ')).toBe(2);
      expect(lines.join('\n'), other.join(' ')).toMatch(/holds another run/);
      expect(readFileSync(out, 'utf8'), other.join(' ')).toBe(before);
    }
  });

  it('writes the charts as standalone SVG, names escaped', async () => {
    const svgDir = join(dir, 'charts');
    const out = join(dir, 'charts.jsonl');
    expect(await runEval(['catalog', '--engine', 'oracle', '--lengths', '1K,2K', '--positions', '0.1,0.9', '--per-cell', '1', '--name', 'a <b> & "c"', '--svg', svgDir, '--out', out], quiet)).toBe(0);
    const svg = readFileSync(join(svgDir, 'heatmap.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<rect x=/g)).toHaveLength(4);
    expect(svg).toContain('a &lt;b&gt; &amp; &quot;c&quot;');
    expect(svg).not.toContain('<b>');
    // and each effect's picture the run holds pairs of: accuracy by length, and by position with a line per length
    // (named by the first effect it shows: α 0.1 and 0.9 hold pairs for recency, none for lost in the middle)
    const byPosition = readFileSync(join(svgDir, 'effect-catalog-recency.svg'), 'utf8');
    expect(byPosition).toContain('>1K tokens</text>');
    expect(byPosition).toContain('>2K tokens</text>');
    expect(byPosition.match(/<circle /g)).toHaveLength(4);
    expect(readFileSync(join(svgDir, 'effect-catalog-length.svg'), 'utf8')).toContain('catalog length (tokens), all positions');
  });

  it('pairs prompt and native results sample by sample', () => {
    const r = (sampleId: string, correct: boolean) => ({ sampleId, score: { correct } }) as SampleResult;
    expect(pairedLines([r('a', true), r('b', true), r('c', false), r('d', false)], [r('a', true), r('b', false), r('c', true), r('d', false)])).toEqual([
      'prompt vs native tool calls, 4 paired samples of 4 requests: prompt 50.0%, native 50.0%, native − prompt in points +0.0 [none: 4 requests]',
      '  both correct 1, only prompt 1, only native 1, neither 1; McNemar p = 1.000, detectable difference ±99.8 points',
    ]);
  });
});

describe('engine kinds, declared once (issue 45)', () => {
  it('the runner builds exactly the kinds declared to run in Node; every kind the app stores is declared', () => {
    expect([...RUNNER_ENGINES].sort()).toEqual(kindsRunningIn('node').sort());
    expect([...ENGINE_KIND_IDS].sort()).toEqual(['baseline', 'openai', 'oracle', 'replay', 'webllm', 'wllama']);
    // a model loaded in the tab asks a model; only the CPU engine reuses its KV cache unless told otherwise (exact there)
    for (const k of ENGINE_KIND_IDS) if (ENGINE_KINDS[k].loadsModel) expect(ENGINE_KINDS[k].asksModel, k).toBe(true);
    expect(ENGINE_KIND_IDS.filter((k) => ENGINE_KINDS[k].kvReuseByDefault)).toEqual(['wllama']);
  });
});
