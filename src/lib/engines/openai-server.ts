/**
 * What an OpenAI-compatible server tells about itself before a run: its models, its context
 * window (vLLM: `max_model_len`; llama.cpp: `/props`), its tokenizer endpoint (vLLM and llama.cpp:
 * `/tokenize`; llama-cpp-python: `/extras/tokenize/count`), and which kind of server it seems to
 * be — for grammar support and for the one-line fix when a browser cannot reach it.
 */
import { readBodyText, RESPONSE_TOO_LARGE } from './bounded-body';
import { literalGrammar } from '../parsing/call-grammar';

export type GrammarField = 'grammar' | 'guided_grammar' | 'none';
/**
 * How a server takes a repeat penalty, which the engine sends as 1 (none): llama.cpp and
 * llama-cpp-python `repeat_penalty`, vLLM `repetition_penalty`. 'none': the server's own default
 * stands (llama-cpp-python's and Ollama's is 1.1 over the last 64 tokens, even at temperature 0);
 * OpenAI's API refuses fields it does not know, so an unknown server is sent none.
 */
export type PenaltyField = 'repeat_penalty' | 'repetition_penalty' | 'none';
export const PENALTY_FIELDS = ['repeat_penalty', 'repetition_penalty', 'none'] as const satisfies readonly PenaltyField[];

/** What a run's decoding was, as the run's report and the server panel say it. */
export function penaltyWords(field: PenaltyField | undefined): string {
  return field && field !== 'none' ? `repeat penalty off (${field} 1)` : "the server's own repeat penalty (not switched off: llama-cpp-python's and Ollama's default is 1.1)";
}
/**
 * How a server gives the log-probabilities of a forced continuation: OpenAI's `logprobs` and
 * `top_logprobs` on a chat completion whose grammar admits the continuation alone (llama.cpp's server,
 * llama-cpp-python loaded with `logits_all`), or 'none' (found by asking once: `probeLogprobs`).
 */
export type LogprobsField = 'chat-logprobs' | 'none';
export const LOGPROBS_FIELDS = ['chat-logprobs', 'none'] as const satisfies readonly LogprobsField[];

type ServerKind = 'vllm' | 'llama.cpp' | 'llama-cpp-python' | 'ollama' | 'unknown';

export interface ServerInfo {
  kind: ServerKind;
  models: string[];
  /** tokens, when the server says */
  contextWindow: number | null;
  /** how the server takes a GBNF grammar */
  grammarField: GrammarField;
  /** how the server's repeat penalty is switched off */
  penaltyField: PenaltyField;
  /** counts a text's tokens with the server's own tokenizer, when it has an endpoint for it */
  tokenizer: TokenizeEndpoint | null;
  /** how it gives a forced continuation's log-probabilities (asked once: `probeLogprobs`) */
  logprobs: LogprobsField;
}

export type TokenizeEndpoint = { path: '/tokenize'; style: 'vllm' | 'llama.cpp' } | { path: '/extras/tokenize/count'; style: 'llama-cpp-python' };

/** How each kind of server takes a grammar and a repeat penalty in a request (none where we know of no field it takes). */
const REQUEST_FIELDS: Record<ServerKind, { grammarField: GrammarField; penaltyField: PenaltyField }> = {
  vllm: { grammarField: 'guided_grammar', penaltyField: 'repetition_penalty' },
  'llama.cpp': { grammarField: 'grammar', penaltyField: 'repeat_penalty' },
  'llama-cpp-python': { grammarField: 'grammar', penaltyField: 'repeat_penalty' },
  ollama: { grammarField: 'none', penaltyField: 'none' },
  unknown: { grammarField: 'none', penaltyField: 'none' },
};

/** `http://h:8000`, `http://h:8000/`, `http://h:8000/v1` → `http://h:8000/v1`. */
export function apiRoot(baseUrl: string): string {
  const u = baseUrl.trim().replace(/\/+$/, '');
  return /\/v\d+$/.test(u) ? u : `${u}/v1`;
}

/** The server's root, where the non-OpenAI endpoints live (`/tokenize`, `/props`, `/extras/…`). */
export function serverRoot(baseUrl: string): string {
  return apiRoot(baseUrl).replace(/\/v\d+$/, '');
}

export function isLoopback(baseUrl: string): boolean {
  try {
    const h = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
    return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\./.test(h);
  } catch {
    return false;
  }
}

/** Parses a base URL a person typed, or says what is wrong with it. */
export function checkBaseUrl(baseUrl: string): string | null {
  let u: URL;
  try {
    u = new URL(baseUrl.trim());
  } catch {
    return `"${baseUrl}" is not a URL (e.g. http://127.0.0.1:8000/v1)`;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `"${baseUrl}" must start with http:// or https://`;
  if (u.username || u.password) return 'put the API key in its own field, not in the URL';
  if (u.search || u.hash) return 'the base URL takes no query or fragment';
  return null;
}

/** How to let a page on `origin` reach each kind of server (browsers need CORS headers). */
const CORS_FIXES: { server: string; fix: string }[] = [
  { server: 'vLLM', fix: 'vllm serve MODEL --allowed-origins \'["{origin}"]\'' },
  { server: 'SGLang', fix: 'python -m sglang.launch_server … (CORS is allowed for every origin by default)' },
  { server: 'llama.cpp server', fix: 'llama-server -m MODEL.gguf (CORS is allowed by default; behind a proxy, let the proxy send Access-Control-Allow-Origin: {origin})' },
  { server: 'llama-cpp-python', fix: 'python -m llama_cpp.server --model MODEL.gguf (CORS is allowed for every origin by default)' },
  { server: 'Ollama', fix: 'OLLAMA_ORIGINS={origin} ollama serve' },
  { server: 'LM Studio', fix: 'Developer → Server settings → Enable CORS' },
];

export function corsFixes(origin: string): { server: string; fix: string }[] {
  return CORS_FIXES.map((f) => ({ server: f.server, fix: f.fix.replaceAll('{origin}', origin) }));
}

/** The sentence added to a connection failure: what to check. */
export function unreachableHelp(baseUrl: string): string {
  const inBrowser = typeof globalThis.document !== 'undefined' || typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined';
  return inBrowser ? `Is the server running at ${baseUrl}, and does it allow this page's origin (CORS)? A browser shows both failures the same way.` : `Is the server running at ${baseUrl}?`;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** What a server says about itself is read up to this (a list of a thousand models is well under it). */
const MAX_PROBE_BYTES = 4 * 2 ** 20;
/** A server that accepts a question about itself and never answers is given up on after this. */
const PROBE_TIMEOUT_MS = 30_000;
/** Counting a prompt's tokens reads it once: long prompts on a slow tokenizer get longer. */
const COUNT_TIMEOUT_MS = 60_000;

async function getJson(doFetch: Fetch, url: string, init: RequestInit, timeoutMs = PROBE_TIMEOUT_MS): Promise<unknown | null> {
  try {
    const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), ...init });
    if (!res.ok) return null;
    return JSON.parse(await readBodyText(res, MAX_PROBE_BYTES)) as unknown;
  } catch {
    return null;
  }
}

function positive(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

class ServerProbeError extends Error {
  override name = 'ServerProbeError';
}

/**
 * `probeServer` asked once per server and key for as long as the returned function lives: the
 * runner's settling, its engine and its tokenizer all ask. A failed probe is forgotten, so asking
 * again probes again.
 */
export function probeOnce(apiKeyOf: (baseUrl: string) => string | undefined, doFetch?: Fetch): (baseUrl: string) => Promise<ServerInfo> {
  const asked = new Map<string, Promise<ServerInfo>>();
  return (baseUrl) => {
    const apiKey = apiKeyOf(baseUrl);
    const key = `${baseUrl}\n${apiKey ?? ''}`;
    let info = asked.get(key);
    if (!info) {
      info = probeServer(baseUrl, apiKey, doFetch);
      asked.set(key, info);
      info.catch(() => asked.delete(key));
    }
    return info;
  };
}

/** Asks the server what it is. Throws only when `/v1/models` cannot be read at all. */
export async function probeServer(baseUrl: string, apiKey: string | undefined, doFetch: Fetch = (u, i) => fetch(u, i)): Promise<ServerInfo> {
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const root = serverRoot(baseUrl);
  let modelsRes: Response;
  try {
    modelsRes = await doFetch(`${apiRoot(baseUrl)}/models`, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (e) {
    if (e instanceof Error && e.name === 'TimeoutError')
      throw new ServerProbeError(
        `${apiRoot(baseUrl)}/models did not answer within ${PROBE_TIMEOUT_MS / 1000} s: the server accepted the connection but says nothing (busy loading a model, or stuck?)`,
      );
    throw new ServerProbeError(`could not reach ${apiRoot(baseUrl)}/models (${e instanceof Error ? e.message : String(e)}). ${unreachableHelp(baseUrl)}`);
  }
  if (modelsRes.status === 401 || modelsRes.status === 403) throw new ServerProbeError(`the server refused the API key (HTTP ${modelsRes.status})`);
  if (!modelsRes.ok) throw new ServerProbeError(`${apiRoot(baseUrl)}/models answered HTTP ${modelsRes.status}: is this an OpenAI-compatible server?`);
  let list: { data?: { id?: unknown; max_model_len?: unknown; owned_by?: unknown; meta?: { n_ctx_train?: unknown } }[] };
  try {
    list = JSON.parse(await readBodyText(modelsRes, MAX_PROBE_BYTES)) as typeof list;
  } catch (e) {
    if ((e as Error).name === RESPONSE_TOO_LARGE) throw new ServerProbeError(`${apiRoot(baseUrl)}/models: ${(e as Error).message}`);
    throw new ServerProbeError(`${apiRoot(baseUrl)}/models did not answer JSON: is this an OpenAI-compatible server?`);
  }
  const data = Array.isArray(list.data) ? list.data.slice(0, 1000) : [];
  const models = data.map((m) => m.id).filter((id): id is string => typeof id === 'string');
  let kind: ServerKind = 'unknown';
  let contextWindow: number | null = null;
  const first = data[0];
  if (first && positive(first.max_model_len)) {
    kind = first.owned_by === 'sglang' ? 'unknown' : 'vllm';
    contextWindow = positive(first.max_model_len);
  } else if (first?.owned_by === 'llamacpp' || first?.meta) kind = 'llama.cpp';
  else if (first?.owned_by === 'me') kind = 'llama-cpp-python';
  else if (first?.owned_by === 'library' || first?.owned_by === 'ollama') kind = 'ollama';

  if (kind === 'llama.cpp' || kind === 'unknown') {
    const props = (await getJson(doFetch, `${root}/props`, { headers })) as { default_generation_settings?: { n_ctx?: unknown } } | null;
    const nCtx = positive(props?.default_generation_settings?.n_ctx);
    if (nCtx) {
      kind = 'llama.cpp';
      contextWindow = nCtx;
    }
  }

  let tokenizer: TokenizeEndpoint | null = null;
  const model = models[0] ?? '';
  if (kind === 'llama-cpp-python') tokenizer = { path: '/extras/tokenize/count', style: 'llama-cpp-python' };
  else if (kind === 'vllm') tokenizer = { path: '/tokenize', style: 'vllm' };
  else if (kind === 'llama.cpp') tokenizer = { path: '/tokenize', style: 'llama.cpp' };
  if (tokenizer && (await countTokens(baseUrl, tokenizer, model, 'a', apiKey, doFetch).catch(() => null)) === null) tokenizer = null;
  const fields = REQUEST_FIELDS[kind];
  const logprobs = model && fields.grammarField !== 'none' ? await probeLogprobs(baseUrl, model, fields.grammarField, apiKey, doFetch) : 'none';
  return { kind, models, contextWindow, ...fields, tokenizer, logprobs };
}

/** The text a server is made to read when asked whether it gives forced log-probabilities. */
const LOGPROBS_PROBE = 'yes';
/**
 * A server busy with other requests answers the probe late: past this it is taken as giving none
 * (the run then records no probability, and says why), rather than holding up the connection.
 */
const LOGPROBS_PROBE_TIMEOUT_MS = 10_000;

/**
 * Asks the server once for a forced continuation with its log-probabilities: 'chat-logprobs' when
 * the answer carries a number at most 0 for each forced token, else 'none' (llama-cpp-python refuses
 * unless its model was loaded with `logits_all`; a hosted API takes no grammar).
 */
async function probeLogprobs(baseUrl: string, model: string, grammarField: Exclude<GrammarField, 'none'>, apiKey: string | undefined, doFetch: Fetch): Promise<LogprobsField> {
  const body = {
    model,
    messages: [{ role: 'user', content: 'Answer yes.' }],
    max_tokens: 4,
    temperature: 0,
    [grammarField]: literalGrammar(LOGPROBS_PROBE),
    logprobs: true,
    top_logprobs: 2,
  };
  const answer = (await getJson(
    doFetch,
    `${apiRoot(baseUrl)}/chat/completions`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify(body),
    },
    LOGPROBS_PROBE_TIMEOUT_MS,
  )) as { choices?: { logprobs?: { content?: { token?: unknown; logprob?: unknown }[] } }[] } | null;
  const content = answer?.choices?.[0]?.logprobs?.content;
  if (!Array.isArray(content) || content.length === 0) return 'none';
  const spelled = content.map((c) => (typeof c.token === 'string' ? c.token : '')).join('');
  return spelled.startsWith(LOGPROBS_PROBE) && content.every((c) => typeof c.logprob === 'number' && c.logprob <= 0) ? 'chat-logprobs' : 'none';
}

/** One text's token count by the server's own tokenizer (without the BOS some servers add). */
async function countTokens(baseUrl: string, endpoint: TokenizeEndpoint, model: string, text: string, apiKey: string | undefined, doFetch: Fetch = (u, i) => fetch(u, i)): Promise<number> {
  const body = endpoint.style === 'vllm' ? { model, prompt: text, add_special_tokens: false } : endpoint.style === 'llama.cpp' ? { content: text, add_special: false } : { input: text, model };
  const res = await doFetch(`${serverRoot(baseUrl)}${endpoint.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(COUNT_TIMEOUT_MS),
  });
  if (!res.ok) throw new ServerProbeError(`${endpoint.path} answered HTTP ${res.status}`);
  const j = JSON.parse(await readBodyText(res, MAX_PROBE_BYTES)) as { count?: unknown; tokens?: unknown };
  if (typeof j.count === 'number') return j.count;
  if (Array.isArray(j.tokens)) return j.tokens.length;
  throw new ServerProbeError(`${endpoint.path} answered without a count`);
}

/** A text's token ids by the server's own tokenizer, without the BOS some servers add (llama-cpp-python: `/extras/tokenize`). */
async function tokenIdsOf(baseUrl: string, endpoint: TokenizeEndpoint, model: string, text: string, apiKey: string | undefined, doFetch: Fetch): Promise<number[]> {
  const path = endpoint.style === 'llama-cpp-python' ? '/extras/tokenize' : endpoint.path;
  const body = endpoint.style === 'vllm' ? { model, prompt: text, add_special_tokens: false } : endpoint.style === 'llama.cpp' ? { content: text, add_special: false } : { input: text, model };
  const res = await doFetch(`${serverRoot(baseUrl)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(COUNT_TIMEOUT_MS),
  });
  if (!res.ok) throw new ServerProbeError(`${path} answered HTTP ${res.status}`);
  const j = JSON.parse(await readBodyText(res, MAX_PROBE_BYTES)) as { tokens?: unknown };
  const ids = Array.isArray(j.tokens) ? j.tokens.map((t) => (typeof t === 'number' ? t : typeof t === 'object' && t && 'id' in t ? Number((t as { id: unknown }).id) : NaN)) : null;
  if (!ids || ids.some((id) => !Number.isInteger(id))) throw new ServerProbeError(`${path} answered without token ids`);
  return ids;
}

/** Splits texts into the server tokenizer's ids; a BOS it adds to every text (its ids of the empty text) is taken off. */
export function serverTokenIds(baseUrl: string, endpoint: TokenizeEndpoint, model: string, apiKey: string | undefined, doFetch: Fetch = (u, i) => fetch(u, i)): (text: string) => Promise<number[]> {
  let added: Promise<number[]> | null = null;
  return async (text) => {
    added ??= tokenIdsOf(baseUrl, endpoint, model, '', apiKey, doFetch);
    const [prefix, ids] = await Promise.all([added, tokenIdsOf(baseUrl, endpoint, model, text, apiKey, doFetch)]);
    return prefix.length && prefix.every((id, i) => ids[i] === id) ? ids.slice(prefix.length) : ids;
  };
}

/**
 * Counts many texts with the server's tokenizer, `parallel` requests at a time. A tokenizer that adds
 * a BOS token to every text it is given (llama-cpp-python's, for models that use one) counts the
 * empty text as 1: that offset is taken off every count, so the pieces of a prompt still add up.
 */
export function serverCountMany(
  baseUrl: string,
  endpoint: TokenizeEndpoint,
  model: string,
  apiKey: string | undefined,
  parallel = 8,
  doFetch: Fetch = (u, i) => fetch(u, i),
): (texts: readonly string[]) => Promise<number[]> {
  let offset: Promise<number> | null = null;
  return async (texts) => {
    offset ??= countTokens(baseUrl, endpoint, model, '', apiKey, doFetch);
    const base = await offset;
    const counts = new Array<number>(texts.length);
    let next = 0;
    const worker = async () => {
      while (next < texts.length) {
        const i = next++;
        counts[i] = Math.max(0, (await countTokens(baseUrl, endpoint, model, texts[i] as string, apiKey, doFetch)) - base);
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, texts.length) }, worker));
    return counts;
  };
}
