/**
 * A response body read with a byte bound, counted as the bytes arrive: nothing past the bound is
 * held (Response.text() reads the whole body first, however large, before it can be measured).
 */
import { namedError } from './errors';

/** The name of the error a body over its bound throws. */
export const RESPONSE_TOO_LARGE = 'ResponseTooLargeError';

/** The body's bytes; past `maxBytes` the read is cancelled and a ResponseTooLargeError names the bound. */
export async function readBodyBytes(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw namedError(RESPONSE_TOO_LARGE, `the server's response is ${declared.toLocaleString('en-US')} bytes, over the ${maxBytes.toLocaleString('en-US')}-byte bound`);
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw namedError(RESPONSE_TOO_LARGE, `the server's response is over the ${maxBytes.toLocaleString('en-US')}-byte bound (read no further)`);
      parts.push(value);
    }
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return bytes;
}

/**
 * The body as text. Past `maxBytes`: `over: 'throw'` cancels the read and throws a
 * ResponseTooLargeError naming the bound; `over: 'cut'` (an error page, only quoted) cancels it and
 * returns what came before the bound, marked as cut.
 */
export async function readBodyText(res: Response, maxBytes: number, over: 'throw' | 'cut' = 'throw'): Promise<string> {
  if (over === 'throw') return new TextDecoder().decode(await readBodyBytes(res, maxBytes));
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let total = 0;
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        parts.push(decoder.decode(value.subarray(0, value.byteLength - (total - maxBytes)), { stream: true }), '… (cut)');
        return parts.join('');
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
    finished = true;
    parts.push(decoder.decode());
    return parts.join('');
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
