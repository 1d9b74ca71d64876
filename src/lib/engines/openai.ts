/**
 * The engine `openai`: any server speaking OpenAI's chat completions (vLLM, SGLang, llama.cpp's
 * server, llama-cpp-python, Ollama, LM Studio, a hosted API). One implementation for the browser
 * and Node: `fetch` only. Greedy by default (the server's repeat penalty off where it takes the field), bounded output, stop strings, seed, a grammar where
 * the server takes one, native `tools` where asked, streaming (SSE) or not, usage and timings as
 * the server reports them. Transient failures (429, 5xx, connection lost) are retried with
 * backoff; a prompt over the server's window becomes the sample's `context_overflow`.
 */
import type { Engine, EngineResult, ForcedTokens, GenerateRequest, Timings, TokenChoice } from '../core/types';
import { openAITool } from '../prompts/native-tools';
import { nativeText, ToolCallJoiner } from './native-calls';
import { CONTEXT_OVERFLOW, namedError, SERVER_UNAVAILABLE } from './errors';
import { apiRoot, type GrammarField, type LogprobsField, type PenaltyField, serverTokenIds, unreachableHelp } from './openai-server';
import { forcingOf, readAsSplit } from './forcing';
import { readSse } from './sse';
import { readBodyText } from './bounded-body';
import { DEFAULT_TIMEOUTS, RequestClock } from './request-clock';
import type { RequestTimeouts } from '../core/types';
import type { EngineFactory, EngineSettings } from './host';
import { createEnginePool } from './pool';

interface OpenAIEndpoint {
  baseUrl: string;
  model: string;
  /** sent as a Bearer token; never stored in a run, an export or a URL */
  apiKey?: string;
}

export interface RetryPolicy {
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, firstDelayMs: 500, maxDelayMs: 20_000 };

export interface OpenAIEngineOptions extends OpenAIEndpoint {
  /** how the server takes a GBNF grammar (llama.cpp: `grammar`; vLLM: `guided_grammar`); 'none': constrained requests fail */
  grammarField?: GrammarField;
  /** how the server's repeat penalty is switched off (sent as 1); 'none' (the default): not sent, the server's own stands */
  penaltyField?: PenaltyField;
  /** how the server gives a forced continuation's log-probabilities (found by probing it); 'none' or absent: the engine scores none */
  logprobs?: LogprobsField;
  /** the server tokenizer's split of a text, which a forced continuation is read as (absent: not known, the reading is not the split) */
  tokenIds?: (text: string) => Promise<number[]>;
  /** stream tokens as they come (the app's live view); off, one response per request (the runner) */
  stream?: boolean;
  retry?: RetryPolicy;
  /** bounds on each request (defaults: DEFAULT_TIMEOUTS); a bound passed fails the sample, never retried */
  timeouts?: Partial<RequestTimeouts>;
  fetch?: typeof fetch;
  /** waits between retries; tests pass a fast one */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

/** How a run's server engine is built from its settings, streamed, in the tab and the runner alike. */
export function serverEngineOptions(settings: EngineSettings, baseUrl: string, apiKey: string | undefined): OpenAIEngineOptions {
  return {
    baseUrl,
    model: settings.model,
    apiKey,
    stream: true,
    grammarField: settings.grammarField,
    penaltyField: settings.penaltyField ?? 'none',
    ...(settings.logprobs ? { logprobs: settings.logprobs } : {}),
    ...(settings.timeouts ? { timeouts: settings.timeouts } : {}),
  };
}

/** A response larger than this is refused (a model's answer is a few KB; the bound stops a runaway server). */
const MAX_RESPONSE_BYTES = 16 * 2 ** 20;

interface LogprobEntry {
  token?: unknown;
  logprob?: unknown;
  top_logprobs?: { token?: unknown; logprob?: unknown }[];
}

interface ChatChoice {
  message?: { content?: string | null; tool_calls?: unknown[] };
  logprobs?: { content?: LogprobEntry[] | null } | null;
  delta?: { content?: string | null; tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[] };
  finish_reason?: string | null;
}

interface ServerTimings {
  prompt_n?: number;
  prompt_ms?: number;
  predicted_ms?: number;
  prompt_per_second?: number;
  predicted_per_second?: number;
}

interface ChatResponse {
  choices?: ChatChoice[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } };
  /** llama.cpp's server */
  timings?: ServerTimings;
  error?: { message?: string } | string;
}

const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

interface BodyOptions {
  grammarField: GrammarField;
  penaltyField: PenaltyField;
  stream: boolean;
}

/** The body a server is sent for one request. */
export function chatBody(model: string, request: GenerateRequest, { grammarField, penaltyField, stream }: BodyOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    // a tool's result is shown as a user turn (its content names the tool): our exchanges carry no tool_call ids
    messages: request.messages.map((m) => ({ role: m.role === 'tool' ? 'user' : m.role, content: m.content })),
    max_tokens: request.maxTokens,
    temperature: request.temperature,
    seed: request.seed ?? 0,
    stream,
  };
  if (request.stop?.length) body.stop = request.stop;
  if (penaltyField !== 'none') body[penaltyField] = 1;
  if (stream) body.stream_options = { include_usage: true };
  if (request.tools) {
    body.tools = request.tools.map(openAITool);
    body.tool_choice = 'auto';
  }
  if (request.grammar) {
    if (grammarField === 'none')
      throw namedError('GrammarNotSupportedError', 'this server takes no grammar: run without constrained decoding, or name how it takes one (llama.cpp: grammar, vLLM: guided_grammar)');
    body[grammarField] = request.grammar;
  }
  return body;
}

/** A server's words, short enough for a status line. */
function excerpt(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function serverMessage(status: number, text: string): string {
  try {
    const j = JSON.parse(text) as { error?: { message?: string } | string; message?: string; detail?: unknown };
    const m = typeof j.error === 'string' ? j.error : (j.error?.message ?? j.message ?? (typeof j.detail === 'string' ? j.detail : undefined));
    if (m) return m.slice(0, 2000);
  } catch {
    /* not JSON */
  }
  return `HTTP ${status}: ${text.slice(0, 500)}`;
}

/** The phrases servers use when a prompt is over their window (vLLM, llama.cpp, llama-cpp-python, OpenAI, Ollama). */
const OVERFLOW = /context length|context window|maximum context|exceed(s|ed)? the (available )?context|too long|n_ctx|context_length_exceeded|prompt is too long|max_model_len/i;

export function isOverflowMessage(message: string): boolean {
  return OVERFLOW.test(message);
}

/** A whole answer, read up to the bound (the caller's clock aborts the read: the response's fetch carries its signal). */
const readBounded = (res: Response): Promise<string> => readBodyText(res, MAX_RESPONSE_BYTES);
/** An error page is only quoted: its first bytes are enough. */
const MAX_ERROR_BYTES = 64 * 2 ** 10;
const readErrorText = (res: Response): Promise<string> => readBodyText(res, MAX_ERROR_BYTES, 'cut').catch(() => '');

export function createOpenAIEngine(opts: OpenAIEngineOptions): Engine {
  const doFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const retry = opts.retry ?? DEFAULT_RETRY;
  const sleep = opts.sleep ?? defaultSleep;
  const now = opts.now ?? (() => performance.now());
  const url = `${apiRoot(opts.baseUrl)}/chat/completions`;
  const timeouts: RequestTimeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const stream = opts.stream ?? false;
  const bodyOptions: BodyOptions = { grammarField: opts.grammarField ?? 'grammar', penaltyField: opts.penaltyField ?? 'none', stream };
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) };

  /** the server gave some HTTP answer since this engine was made: a later silence means it went down */
  let answeredBefore = false;

  /** POSTs until an answer that is not transient; returns the response (ok or a final error status). */
  async function post(body: Record<string, unknown>, clock: RequestClock): Promise<Response> {
    const signal = clock.signal;
    let delay = retry.firstDelayMs;
    let last = '';
    /** the last attempt's HTTP status, or null when it got no answer at all */
    let lastStatus: number | null = null;
    const t0 = now();
    for (let attempt = 1; attempt <= retry.attempts; attempt++) {
      try {
        clock.arm('firstByteMs');
        const res = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal }).finally(() => clock.disarm('firstByteMs'));
        answeredBefore = true;
        lastStatus = res.status;
        if (!RETRY_STATUSES.has(res.status)) return res;
        last = serverMessage(res.status, await readErrorText(res));
        const after = Number(res.headers.get('retry-after'));
        if (Number.isFinite(after) && after > 0) delay = Math.min(after * 1000, retry.maxDelayMs);
      } catch (e) {
        if (clock.expired) throw clock.error();
        if (signal.aborted) throw e;
        lastStatus = null;
        last = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      }
      if (attempt < retry.attempts) {
        await sleep(delay, signal);
        if (clock.expired) throw clock.error();
        if (signal.aborted) throw namedError('AbortError', 'aborted');
        delay = Math.min(delay * 2, retry.maxDelayMs);
      }
    }
    const seconds = ((now() - t0) / 1000).toFixed(0);
    // the server answered, with an error each time: say what it said, not that it is unreachable
    if (lastStatus !== null) throw namedError('ServerError', `the server answered HTTP ${lastStatus} to each of ${retry.attempts} attempts over ${seconds} s: ${excerpt(last)}`);
    if (answeredBefore)
      throw namedError(
        SERVER_UNAVAILABLE,
        `${url} stopped answering: it answered earlier in this run, then not after ${retry.attempts} attempts over ${seconds} s (${excerpt(last)}). Did the server crash or stop? Its own log says why; resume the run once it is back.`,
      );
    throw namedError(SERVER_UNAVAILABLE, `${url} did not answer after ${retry.attempts} attempts over ${seconds} s (${excerpt(last)}). ${unreachableHelp(opts.baseUrl)}`);
  }

  async function failure(res: Response): Promise<Error> {
    const message = serverMessage(res.status, await readErrorText(res));
    if (res.status === 400 && isOverflowMessage(message)) return namedError(CONTEXT_OVERFLOW, `the prompt does not fit the server's context window (${message})`);
    if (res.status === 401 || res.status === 403) return namedError('AuthenticationError', `the server refused the API key (HTTP ${res.status}: ${message})`);
    if (res.status === 404) return namedError('ModelNotFoundError', `the server has no model "${opts.model}" or no chat completions at ${url} (${message})`);
    return namedError('ServerError', `the server answered HTTP ${res.status}: ${message}`);
  }

  /** One request and its answer, under the request's clock. */
  async function exchange(body: Record<string, unknown>, clock: RequestClock, onToken: ((d: string) => void) | undefined): Promise<Parsed> {
    const res = await post(body, clock);
    if (!res.ok) throw await failure(res);
    try {
      return stream && res.body ? await readStream(res, clock, onToken, now) : fromResponse(parseAnswer(await readBounded(res)), now());
    } catch (e) {
      if (!stream || clock.expired || clock.signal.aborted) throw e;
      // a stream that breaks off: servers that fail after the headers (llama-cpp-python on an
      // over-long prompt) say why only when asked again without streaming
      const again = await post({ ...body, stream: false, stream_options: undefined }, clock);
      if (!again.ok) throw await failure(again);
      try {
        return fromResponse(parseAnswer(await readBounded(again)), now());
      } catch (second) {
        const err = second as Error;
        throw namedError(err.name, `${err.message} (asked again without streaming after the stream failed: ${(e as Error).message})`);
      }
    }
  }

  const info = { id: 'openai', kind: 'openai' as const, model: opts.model };
  /**
   * The continuation read under a grammar that admits it alone, unstreamed, with each token's
   * log-probability and its top candidates (`logprobs` / `top_logprobs`, OpenAI's fields).
   */
  async function scoreContinuation(request: GenerateRequest, continuation: string, topK: number, signal: AbortSignal): Promise<ForcedTokens> {
    // a tokenizer that does not answer leaves the reading unforced to a split (recorded as not the split, left out);
    // a server that went down fails the read below as any request does, after its retries
    const ids = opts.tokenIds ? await opts.tokenIds(continuation).catch(() => null) : null;
    const forcing = forcingOf(continuation, ids);
    const body = {
      ...chatBody(opts.model, { ...request, grammar: forcing.grammar, temperature: 0 }, { ...bodyOptions, stream: false }),
      ...(ids ? { logit_bias: forcing.logitBias } : {}),
      logprobs: true,
      top_logprobs: Math.max(1, Math.min(topK, MAX_TOP_LOGPROBS)),
    };
    const clock = new RequestClock(timeouts, signal);
    try {
      const res = await post(body, clock);
      if (!res.ok) throw await failure(res);
      const answer = parseAnswer(await readBounded(res));
      if (answer.error) throw reportedError(answer.error);
      const tokens = forcedTokens(answer.choices?.[0]?.logprobs?.content);
      return { tokens, canonical: readAsSplit(tokens, continuation, ids) };
    } catch (e) {
      if (clock.expired) throw clock.error();
      throw e;
    } finally {
      clock.done();
    }
  }
  return {
    info,
    ...(opts.logprobs && opts.logprobs !== 'none' ? { scoreContinuation } : {}),
    async generate(request, signal, onToken): Promise<EngineResult> {
      const body = chatBody(opts.model, request, bodyOptions);
      const t0 = now();
      const clock = new RequestClock(timeouts, signal);
      let parsed: Parsed;
      try {
        parsed = await exchange(body, clock, onToken);
      } catch (e) {
        if (clock.expired) throw clock.error();
        if (signal.aborted) return aborted('', t0);
        throw e;
      } finally {
        clock.done();
      }
      if (signal.aborted) return aborted(parsed.content, t0);
      const end = now();
      const firstToken = parsed.firstTokenAt ?? end;
      const t = parsed.timings;
      // without the server's timings, only streamed pieces tell when decoding began
      const unsplit = !t && !parsed.streamed;
      const timings: Timings = {
        prefillMs: t?.prompt_ms ?? firstToken - t0,
        decodeMs: t?.predicted_ms ?? end - firstToken,
        ...(unsplit ? { unsplit: true } : {}),
        ...(t?.prompt_per_second !== undefined ? { prefillTokensPerSecond: t.prompt_per_second } : {}),
        ...(t?.predicted_per_second !== undefined ? { decodeTokensPerSecond: t.predicted_per_second } : {}),
      };
      // a server that streams without usage (llama-cpp-python): the loop counts the prompt as it measured it; one token per streamed piece
      const usage: EngineResult['usage'] = {
        ...(parsed.usage?.prompt_tokens !== undefined ? { promptTokens: parsed.usage.prompt_tokens } : {}),
        completionTokens: parsed.usage?.completion_tokens ?? parsed.pieces,
        ...(t?.prompt_n !== undefined
          ? { prefilledTokens: t.prompt_n }
          : parsed.usage?.prompt_tokens_details?.cached_tokens !== undefined && parsed.usage.prompt_tokens !== undefined
            ? { prefilledTokens: parsed.usage.prompt_tokens - parsed.usage.prompt_tokens_details.cached_tokens }
            : {}),
      };
      const native = parsed.toolCalls.length > 0;
      return {
        text: native ? nativeText(parsed.content, parsed.toolCalls) : parsed.content,
        finishReason: parsed.finish === 'length' ? 'length' : 'stop',
        usage,
        timings,
        ...(native ? { textFormat: 'openai-message' as const } : {}),
      };
    },
  };

  function aborted(text: string, t0: number): EngineResult {
    return { text, finishReason: 'abort', usage: { promptTokens: 0, completionTokens: 0 }, timings: { prefillMs: 0, decodeMs: now() - t0 } };
  }
}

interface Parsed {
  content: string;
  toolCalls: unknown[];
  finish: string | null;
  usage: ChatResponse['usage'];
  timings: ServerTimings | undefined;
  firstTokenAt: number | null;
  /** streamed content pieces */
  pieces: number;
  /** read from a stream (the first piece's arrival is when decoding began) */
  streamed: boolean;
}

/** Candidates asked for at each place at most (OpenAI's API takes up to 20). */
const MAX_TOP_LOGPROBS = 10;

/** A server's per-token log-probabilities, checked: each a token and a number at most 0. */
function forcedTokens(content: LogprobEntry[] | null | undefined): TokenChoice[] {
  if (!Array.isArray(content) || content.length === 0) throw namedError('ServerError', 'the server answered without the log-probabilities it was asked for (logprobs)');
  const num = (v: unknown) => (typeof v === 'number' && v <= 0 ? v : typeof v === 'number' && Number.isFinite(v) ? Math.min(0, v) : null);
  return content.map((c, i) => {
    const logprob = num(c.logprob);
    if (typeof c.token !== 'string' || logprob === null) throw namedError('ServerError', `the server's log-probability ${i + 1} is not a token and a number`);
    const top = (Array.isArray(c.top_logprobs) ? c.top_logprobs : []).flatMap((t) => {
      const lp = num(t.logprob);
      return typeof t.token === 'string' && lp !== null ? [{ token: t.token, logprob: lp }] : [];
    });
    return { token: c.token, logprob, top };
  });
}

/** An error a server reports inside a 200 answer (whole or streamed). */
function reportedError(error: NonNullable<ChatResponse['error']>): Error {
  return namedError('ServerError', typeof error === 'string' ? error : (error.message ?? 'the server reported an error'));
}

const quoteStart = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** A whole (unstreamed) answer's body: JSON, or an error that quotes what came instead. */
function parseAnswer(text: string): ChatResponse {
  try {
    return JSON.parse(text) as ChatResponse;
  } catch {
    throw namedError('ServerError', `the server's answer is not JSON: ${quoteStart(text)}`);
  }
}

function fromResponse(r: ChatResponse, at: number): Parsed {
  if (r.error) throw reportedError(r.error);
  const choice = r.choices?.[0];
  if (!choice) throw namedError('ServerError', 'the server answered without a choice');
  const toolCalls = Array.isArray(choice.message?.tool_calls) ? choice.message.tool_calls : [];
  return { content: choice.message?.content ?? '', toolCalls, finish: choice.finish_reason ?? null, usage: r.usage, timings: r.timings, firstTokenAt: at, pieces: 0, streamed: false };
}

/** Reads an SSE stream of chunks; tool call fragments are joined by index as OpenAI streams them. */
async function readStream(res: Response, clock: RequestClock, onToken: ((d: string) => void) | undefined, now: () => number): Promise<Parsed> {
  const signal = clock.signal;
  // until the first event the first-byte bound still runs (a server sends its headers at once, then reads
  // the prompt: minutes for a long one on a CPU); then the gap bound between events — a server that trickles
  // bytes (keep-alive comments) without completing an event is stalled either way
  clock.arm('firstByteMs');
  const out: Parsed = { content: '', toolCalls: [], finish: null, usage: undefined, timings: undefined, firstTokenAt: null, pieces: 0, streamed: true };
  const calls = new ToolCallJoiner();
  let done = false;
  for await (const data of readSse(res.body as ReadableStream<Uint8Array>, MAX_RESPONSE_BYTES)) {
    clock.disarm('firstByteMs');
    clock.arm('streamGapMs');
    if (data === '[DONE]') {
      done = true;
      break;
    }
    let chunk: ChatResponse;
    try {
      chunk = JSON.parse(data) as ChatResponse;
    } catch {
      throw namedError('StreamError', `the server streamed an event that is not JSON: ${quoteStart(data)}`);
    }
    if (chunk.error) throw reportedError(chunk.error);
    const choice = chunk.choices?.[0];
    const delta = choice?.delta?.content ?? '';
    if (delta) {
      out.firstTokenAt ??= now();
      out.content += delta;
      out.pieces++;
      onToken?.(delta);
    }
    if (choice?.delta?.tool_calls?.length) {
      out.firstTokenAt ??= now();
      calls.add(choice.delta.tool_calls);
    }
    if (choice?.finish_reason) out.finish = choice.finish_reason;
    if (chunk.usage) out.usage = chunk.usage;
    if (chunk.timings) out.timings = chunk.timings;
    if (signal.aborted) break;
  }
  clock.disarm('firstByteMs');
  clock.disarm('streamGapMs');
  if (!done && !signal.aborted) throw namedError('StreamError', 'the server ended the stream before [DONE]');
  // llama-cpp-python (by default) ends a streaming request with [DONE] when another request arrives: a cut, not an answer
  if (out.finish === null && !signal.aborted)
    throw namedError(
      'StreamError',
      'the server ended the stream without a finish reason (llama-cpp-python interrupts a stream when another request arrives unless started with --interrupt_requests False)',
    );
  out.toolCalls = calls.calls();
  return out;
}

/** Opens a server run: its server, and the server's own tokenizer where it has an endpoint (counterId server:…), else Llama 3's, labelled approximate. */
export const openServer: EngineFactory = async (order, host) => {
  const { baseUrl, model } = order.engine;
  if (!baseUrl) throw new Error('this run names no server (base URL)');
  // the tokenizer's split of a forced continuation: what makes its reading the measure (docs/scoring.md)
  // (a recording's server was another machine's: never asked)
  const tokenizer = order.recording ? null : ((await host.serverInfo(baseUrl).catch(() => null))?.tokenizer ?? null);
  const engines = [baseUrl, ...(order.replicas ?? [])].map((url) =>
    createOpenAIEngine({
      ...serverEngineOptions(order.engine, url, host.apiKey(url)),
      ...(tokenizer ? { tokenIds: serverTokenIds(url, tokenizer, model, host.apiKey(url)) } : {}),
      ...(order.retries ? { retry: { ...DEFAULT_RETRY, attempts: order.retries } } : {}),
      ...(order.timeouts ? { timeouts: { ...order.engine.timeouts, ...order.timeouts } } : {}),
    }),
  );
  const counting = await host.serverCounting(order);
  if (order.counterId.startsWith('server:') && !counting) throw new Error(`This run's prompts are measured with the server's tokenizer, which ${baseUrl} does not offer now.`);
  return { engine: createEnginePool(engines), counter: counting ? counting.counter : await host.llama3(), counting };
};
