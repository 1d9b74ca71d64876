/**
 * Credentials a file must never carry (API keys, tokens, passwords, cookies), found by the name of
 * the field that holds one and by the shape of a value: a URL with a user name or a key-like query
 * parameter, a command line with `--api-key`, an `Authorization:` header, a `NAME_API_KEY=` setting,
 * or a value shaped like the keys providers issue.
 */

/** The last word of a field's name that makes it a credential (`openai_api_key`, `hfToken`, `x-goog-api-key`, `client_secret`). */
const CREDENTIAL_WORDS = new Set(['token', 'secret', 'password', 'passwd', 'pwd', 'cookie', 'authorization', 'authorisation', 'bearer', 'credential', 'credentials', 'apikey', 'passphrase']);
/** `…_key` is a credential after these words (`api_key`, `secret_key`, `private_key`), not alone (a cell's `key`). */
const KEY_QUALIFIERS = new Set(['api', 'secret', 'private', 'access', 'auth', 'subscription', 'signing', 'goog']);

/** The words of a field name: camelCase, snake_case, kebab-case and spaces alike, lower-cased. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a field of this name holds a credential (`promptTokens`, `maxTokens`: no — plural counts). */
function isCredentialName(name: string): boolean {
  const words = wordsOf(name);
  const last = words.at(-1);
  if (last === undefined) return false;
  if (CREDENTIAL_WORDS.has(last)) return true;
  // `OpenAIKey` reads as one word, `openaikey`
  if (/(?:api|ai)keys?$/.test(last)) return true;
  return (last === 'key' || last === 'keys') && words.slice(0, -1).some((w) => KEY_QUALIFIERS.has(w));
}

/** Each is linear in the text (no unanchored run before a literal): a long string is scanned once, not once per position. */
const VALUE_SHAPES: [RegExp, string][] = [
  [/:\/\/[^/\s:@]+:[^/\s@]+@/, 'a URL with a user name and password'],
  [/[?&#;](?:[a-z0-9_-]*(?:api[-_]?key|apikey|token|secret|password|passwd|sig|signature)|key|auth)=[^&\s#]/i, 'a URL with a key-like parameter'],
  [/(?:^|\s)--?(?:[a-z0-9-]*(?:api-?key|token|secret|password|passwd)|key|auth)(?:[=\s]+)(?!-)\S/i, 'a command-line option that passes a key'],
  [/\bauthori[sz]ation\s*[:=]\s*\S/i, 'an Authorization header'],
  [/(?:^|\s)(?:-H|--header)[=\s]+["']?[a-z-]*(?:api-?key|token|secret|auth)[a-z-]*\s*:\s*\S/i, 'a command-line header that passes a key'],
  [/\bbearer\s+[a-z0-9._~+/-]{12,}/i, 'a bearer token'],
  [/(?:API_?KEY|TOKEN|SECRET|PASSWORD)\s*=\s*\S/, 'a key set in the environment'],
  [/\b(?:sk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}|hf_[A-Za-z0-9]{30,}|AIza[0-9A-Za-z_-]{30,}|gh[pousr]_[A-Za-z0-9]{30,}|xox[abprs]-[A-Za-z0-9-]{10,})/, 'a value shaped like an API key'],
];

/** What credential-shaped thing a text holds, in words, or null. */
function credentialInText(text: string): string | null {
  for (const [shape, what] of VALUE_SHAPES) if (shape.test(text)) return what;
  return null;
}

/** Deeper than this is not looked into: a value nested deeper is refused as one that could hide a credential. */
const MAX_DEPTH = 64;

/**
 * The path of the first credential anywhere in `value` and what it is: a field whose name is a
 * credential's or, when `values` is set, a string shaped like one. Fields named in `skip` are not
 * looked into (tools' parameters: a `password` parameter is the tool's, not the user's secret).
 */
export function findCredential(value: unknown, opts: { values: boolean; skip?: ReadonlySet<string> }, path = '', depth = 0): { path: string; what: string } | null {
  if (typeof value === 'string') {
    const what = opts.values ? credentialInText(value) : null;
    return what ? { path: path || '(value)', what } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return { path: path || '(value)', what: `a value nested deeper than ${MAX_DEPTH} levels, where a credential could hide unseen` };
  for (const [k, v] of Object.entries(value)) {
    const isArray = Array.isArray(value);
    const at = isArray ? `${path}[${k}]` : path ? `${path}.${k}` : k;
    if (!isArray && isCredentialName(k)) return { path: at, what: 'a field named as a credential' };
    if (!isArray && opts.skip?.has(k)) continue;
    const inner = findCredential(v, opts, at, depth + 1);
    if (inner) return inner;
  }
  return null;
}
