/** Encoding & security (real algorithms) and information retrieval (from the fixed world). */
import type { JsonObject } from '../../core/types';
import { defineTool, fail, keyed } from '../define';
import { CITIES, findCity, findCompany, PEOPLE, TABLES } from './world';
import type { CompositionTool } from './categories';

const utf8 = (s: string) => new TextEncoder().encode(s);
const hex = (bytes: Iterable<number>) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of UTF-8 text, as hex (FIPS 180-4). */
function sha256Hex(text: string): string {
  const msg = utf8(text);
  const len = Math.ceil((msg.length + 9) / 64) * 64;
  const buf = new Uint8Array(len);
  buf.set(msg);
  buf[msg.length] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(len - 8, Math.floor((msg.length * 8) / 2 ** 32));
  view.setUint32(len - 4, (msg.length * 8) >>> 0);
  const h = Uint32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < len; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      w[i] = ((w[i - 16] as number) + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + (w[i - 7] as number) + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10))) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[] as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((x, i) => (h[i] = ((h[i] as number) + x) >>> 0));
  }
  return [...h].map((x) => x.toString(16).padStart(8, '0')).join('');
}

function crc32Hex(text: string): string {
  let crc = ~0;
  for (const byte of utf8(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ((~crc >>> 0) >>> 0).toString(16).padStart(8, '0');
}

function base64Encode(text: string): string {
  let bin = '';
  for (const b of utf8(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}

function base64Decode(encoded: string): string {
  const clean = encoded.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) fail('invalid_arguments', "'encoded' is not Base64");
  const bin = atob(clean);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
  } catch {
    return fail('execution_error', 'the decoded bytes are not UTF-8 text');
  }
}

function xorWithKey(bytes: Uint8Array, key: string): Uint8Array {
  const k = utf8(key);
  if (k.length === 0) fail('invalid_arguments', "'key' is empty");
  return bytes.map((b, i) => b ^ (k[i % k.length] as number));
}

export const ENCODING_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'base64_encode',
    category: 'encoding',
    description: 'Encode text (UTF-8) as Base64.',
    params: { text: { type: 'string', description: 'The text.' } },
    returns: '{encoded}',
    impl: (a) => ({ encoded: base64Encode(a.str('text')) }),
  }),
  defineTool({
    name: 'base64_decode',
    category: 'encoding',
    description: 'Decode Base64 back to text.',
    params: { encoded: { type: 'string', description: 'Base64 text.' } },
    returns: '{text}',
    impl: (a) => ({ text: base64Decode(a.str('encoded')) }),
  }),
  defineTool({
    name: 'hash_text',
    category: 'encoding',
    description: 'A checksum of a text: SHA-256 (default) or CRC-32, in hexadecimal.',
    params: { text: { type: 'string', description: 'The text.' }, algorithm: { type: 'string', description: 'Hash function.', enum: ['sha256', 'crc32'], optional: true } },
    returns: '{hash, algorithm}',
    impl: (a) => {
      const algorithm = a.str('algorithm', 'sha256');
      return { hash: algorithm === 'crc32' ? crc32Hex(a.str('text')) : sha256Hex(a.str('text')), algorithm };
    },
  }),
  defineTool({
    name: 'encrypt_text',
    category: 'encoding',
    description: 'Encrypt text with a shared key (XOR stream, hexadecimal output; decrypt with decrypt_text).',
    params: { text: { type: 'string', description: 'Plain text.' }, key: { type: 'string', description: 'Shared secret.' } },
    returns: '{ciphertext}',
    impl: (a) => ({ ciphertext: hex(xorWithKey(utf8(a.str('text')), a.str('key'))) }),
  }),
  defineTool({
    name: 'decrypt_text',
    category: 'encoding',
    description: 'Decrypt what encrypt_text produced, with the same key.',
    params: { ciphertext: { type: 'string', description: 'Hexadecimal cipher text.' }, key: { type: 'string', description: 'Shared secret.' } },
    returns: '{text}',
    impl: (a) => {
      const c = a.str('ciphertext').trim();
      if (!/^([0-9a-f]{2})*$/i.test(c)) fail('invalid_arguments', "'ciphertext' must be hexadecimal");
      const bytes = xorWithKey(
        Uint8Array.from(c.match(/../g) ?? [], (x) => parseInt(x, 16)),
        a.str('key'),
      );
      try {
        return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
      } catch {
        return fail('execution_error', 'wrong key: the result is not text');
      }
    },
  }),
  defineTool({
    name: 'mask_pii',
    category: 'encoding',
    description: 'Hide email addresses, phone numbers and card numbers in a text.',
    params: { text: { type: 'string', description: 'The text.' } },
    returns: '{masked, found}',
    impl: (a) => {
      let found = 0;
      const masked = a
        .str('text')
        .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, () => (found++, '[EMAIL]'))
        .replace(/\b(?:\d[ -]?){13,16}\b/g, () => (found++, '[CARD]'))
        .replace(/\+?\d[\d ()-]{7,}\d/g, () => (found++, '[PHONE]'));
      return { masked, found };
    },
  }),
];

const FAQ: { keys: string[]; answer: string }[] = [
  { keys: ['refund', 'return', 'money'], answer: 'Refunds are issued within 14 days of receiving the returned item.' },
  { keys: ['password', 'reset', 'login'], answer: 'Reset your password from the sign-in page with "Forgot password"; the link is valid for 30 minutes.' },
  { keys: ['shipping', 'delivery', 'ship'], answer: 'Standard shipping takes 3 to 5 business days; express shipping takes 1 business day.' },
  { keys: ['vacation', 'holiday', 'leave'], answer: 'Employees have 25 days of paid leave per year, requested at least two weeks ahead.' },
  { keys: ['expense', 'expenses', 'receipt'], answer: 'Submit expenses with receipts within 30 days; the limit for meals is 40 EUR per day.' },
  { keys: ['security', 'vpn', 'remote'], answer: 'Remote work requires the company VPN and two-factor authentication.' },
];

const LANGUAGE_HINTS: Record<string, string[]> = {
  en: ['the', 'and', 'is', 'of', 'to', 'with', 'you', 'this'],
  es: ['el', 'la', 'y', 'es', 'de', 'que', 'los', 'con', 'hola', 'gracias'],
  fr: ['le', 'la', 'et', 'est', 'de', 'les', 'avec', 'bonjour', 'merci', 'vous'],
  de: ['der', 'die', 'und', 'ist', 'mit', 'das', 'nicht', 'hallo', 'danke', 'ich'],
};

function entity(name: string): JsonObject {
  const n = name.trim();
  const person = PEOPLE.find((p) => p.name.toLowerCase() === n.toLowerCase());
  if (person) return { name: person.name, type: 'person', description: `${person.role} at ${person.organization}`, email: person.email, city: person.city };
  const company = findCompany(n);
  if (company) return { name: company.name, type: 'organization', description: `${company.sector} company headquartered in ${company.headquarters}`, symbol: company.symbol };
  const city = findCity(n);
  if (city) return { name: city.name, type: 'city', description: `City in ${city.country}`, country: city.country, population: city.population };
  return fail('not_found', `no entity named '${name}'`);
}

export const RETRIEVAL_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'database_query',
    category: 'retrieval',
    description: `Read rows of a database table (${Object.keys(TABLES).join(', ')}), optionally only those whose columns equal given values.`,
    params: {
      table: { type: 'string', description: 'Table name.', enum: Object.keys(TABLES) },
      where: { type: 'dict', description: 'Column → required value, e.g. {"department": "sales"}.', optional: true },
      limit: { type: 'integer', description: 'Maximum rows (default 50).', optional: true },
    },
    returns: '{rows, count}',
    impl: (a) => {
      const where = a.obj('where');
      const rows = (TABLES[a.str('table')] as JsonObject[]).filter((r) => Object.entries(where).every(([k, v]) => String(r[k]).toLowerCase() === String(v).toLowerCase()));
      const limited = rows.slice(0, Math.max(0, a.num('limit', 50)));
      return { rows: limited, count: limited.length };
    },
  }),
  defineTool({
    name: 'lookup_entity',
    category: 'retrieval',
    description: 'Facts about a known person, company or city.',
    params: { name: { type: 'string', description: 'The name.' } },
    returns: '{name, type, description, …}',
    impl: (a) => entity(a.str('name')),
  }),
  defineTool({
    name: 'knowledge_base_query',
    category: 'retrieval',
    description: 'Answer a question from the company knowledge base.',
    params: { question: { type: 'string', description: 'The question.' } },
    returns: '{answer, confidence}',
    impl: (a) => {
      const ws = new Set(
        a
          .str('question')
          .toLowerCase()
          .match(/[a-z]+/g) ?? [],
      );
      const scored = FAQ.map((f) => f.keys.filter((k) => ws.has(k)).length);
      const best = Math.max(...scored);
      if (best === 0) fail('not_found', 'the knowledge base has no answer to that question');
      return { answer: (FAQ[scored.indexOf(best)] as { answer: string }).answer, confidence: best >= 2 ? 'high' : 'medium' };
    },
  }),
  defineTool({
    name: 'ip_geolocation',
    category: 'retrieval',
    description: 'The approximate city and country of an IPv4 address.',
    params: { ip: { type: 'string', description: 'IPv4 address, e.g. "81.2.69.160".' } },
    returns: '{ip, city, country}',
    external: true,
    impl: (a) => {
      const parts = a.str('ip').trim().split('.');
      if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) fail('invalid_arguments', `'${a.str('ip')}' is not an IPv4 address`);
      const c = keyed(a.str('ip'), 'geoip').pick(CITIES);
      return { ip: a.str('ip').trim(), city: c.name, country: c.country };
    },
  }),
  defineTool({
    name: 'detect_language',
    category: 'retrieval',
    description: 'The language a text is written in (en, es, fr or de).',
    params: { text: { type: 'string', description: 'The text.' } },
    returns: '{language, confidence}',
    impl: (a) => {
      const ws =
        a
          .str('text')
          .toLowerCase()
          .match(/[\p{L}']+/gu) ?? [];
      if (ws.length === 0) fail('invalid_arguments', "'text' has no words");
      const scores = Object.entries(LANGUAGE_HINTS).map(([lang, hints]) => [lang, ws.filter((w) => hints.includes(w)).length] as const);
      scores.sort((x, y) => y[1] - x[1]);
      const [lang, hits] = scores[0] as readonly [string, number];
      return { language: hits === 0 ? 'en' : lang, confidence: Math.min(1, Math.round((hits / ws.length) * 100) / 50) };
    },
  }),
  defineTool({
    name: 'extract_domain',
    category: 'retrieval',
    description: 'The domain of a URL or email address.',
    params: { text: { type: 'string', description: 'A URL or an email address.' } },
    returns: '{domain}',
    impl: (a) => {
      const t = a.str('text').trim();
      const m = /@([\w-]+(?:\.[\w-]+)+)$/.exec(t) ?? /^(?:https?:\/\/)?(?:www\.)?([\w-]+(?:\.[\w-]+)+)/i.exec(t);
      if (!m) fail('invalid_arguments', `no domain in '${t}'`);
      return { domain: (m[1] as string).toLowerCase() };
    },
  }),
];
