/**
 * The page's Content-Security-Policy: no inline script, workers from this site or blobs, and
 * connections only to this site, the model hosts, servers on this machine and the origins the
 * user chose (an OpenAI-compatible server, a download). A policy cannot widen after the page
 * loaded, so a new origin is stored and the page reloads (`ORIGINS_KEY`); `policyScript` is the
 * tiny same-origin script that writes the policy, first thing in the built page.
 */
const MODEL_HOSTS = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co', 'https://raw.githubusercontent.com'] as const;
/** Servers on this machine (llama.cpp, Ollama, vLLM…): any port, no reload. */
const LOOPBACK_SOURCES = ['http://127.0.0.1:*', 'http://localhost:*'] as const;
export const ORIGINS_KEY = 'fc-connect-origins';
const MAX_ORIGINS = 50;
/** Exactly a scheme, a host and maybe a port: nothing that could end or extend a directive. */
const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;

const FIXED = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

export function validOrigins(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.slice(0, MAX_ORIGINS).filter((o): o is string => typeof o === 'string' && ORIGIN_PATTERN.test(o));
}

/** connect-src comes last, so the page script can append the stored origins to it. */
export function policyFor(origins: readonly string[]): string {
  return [...FIXED, ["connect-src 'self' blob: data:", ...MODEL_HOSTS, ...LOOPBACK_SOURCES, ...validOrigins(origins)].join(' ')].join('; ');
}

/**
 * The policy sent as a response header where the project serves the app (`npm start`, preview), beside
 * the page's <meta> one: the same rules, plus what only a header can say (`frame-ancestors`: no other
 * site may frame the app). The page and the engines' worker (a blob: it inherits the page's policies)
 * enforce both, so the meta's stricter connect-src (which carries the origins the user chose, from
 * this browser's storage) bites there.
 */
export function headerPolicy(): string {
  return [...FIXED, "frame-ancestors 'none'", 'connect-src * blob: data:'].join('; ');
}

/**
 * The header the tools-file worker's script is sent with: a worker loaded from the site obeys its
 * own response's policy alone, not the page's. It validates OpenAPI documents with ajv, which
 * compiles schemas into functions ('unsafe-eval', refused to the page), and it connects nowhere.
 */
export function toolsWorkerPolicy(): string {
  const fixed = FIXED.map((rule) => (rule.startsWith('script-src') ? `${rule} 'unsafe-eval'` : rule));
  return [...fixed, "connect-src 'none'"].join('; ');
}

/** The built tools-file worker's path (its file name carries a content hash). */
export const TOOLS_WORKER_PATH = /\/tools-file\.worker-[\w-]+\.js(?:\?|$)/;

/** Does a CSP source expression (`https://*.hf.co`, `http://127.0.0.1:*`, an origin) allow this URL? */
function sourceAllows(source: string, url: URL): boolean {
  const m = /^(https?):\/\/(\*\.)?([^:/]+)(?::(\*|\d+))?$/.exec(source);
  if (!m) return false;
  const [, scheme, wildcard, host, port] = m;
  if (url.protocol !== `${scheme}:`) return false;
  const hostOk = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
  const defaultPort = scheme === 'https' ? '443' : '80';
  const portOk = port === '*' || (url.port || defaultPort) === (port ?? defaultPort);
  return hostOk && portOk;
}

/** Would the policy of a page loaded with these stored origins let it (and its worker) fetch `url`? */
export function connectAllowed(url: string, origins: readonly string[], pageOrigin: string): boolean {
  let u: URL;
  try {
    u = new URL(url, pageOrigin);
  } catch {
    return false;
  }
  if (u.origin === pageOrigin || u.protocol === 'blob:' || u.protocol === 'data:') return true;
  return [...MODEL_HOSTS, ...LOOPBACK_SOURCES, ...validOrigins(origins)].some((s) => sourceAllows(s, u));
}

/** The same-origin script (classic, synchronous) that writes the policy before anything else loads. */
export function policyScript(): string {
  const fixed = JSON.stringify(policyFor([]));
  return `// written by the build (src/lib/core/connect-policy.ts): this page's Content-Security-Policy
(function () {
  var policy = ${fixed};
  try {
    var list = JSON.parse(localStorage.getItem(${JSON.stringify(ORIGINS_KEY)}) || '[]');
    var pattern = new RegExp(${JSON.stringify(ORIGIN_PATTERN.source)}, 'i');
    if (Array.isArray(list)) {
      for (var i = 0; i < list.length && i < ${MAX_ORIGINS}; i++) {
        if (typeof list[i] === 'string' && pattern.test(list[i])) policy += ' ' + list[i];
      }
    }
  } catch (e) {}
  var meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = policy;
  document.head.appendChild(meta);
})();
`;
}
