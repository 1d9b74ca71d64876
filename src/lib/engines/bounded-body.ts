/**
 * A response body read with a byte bound, counted as the bytes arrive: nothing past the bound is
 * held (Response.text() reads the whole body first, however large, before it can be measured).
 */
import { namedError } from './errors';

/** The name of the error a body over its bound throws. */
export const RESPONSE_TOO_LARGE = 'ResponseTooLargeError';

const bytesText = (n: number) => n.toLocaleString('en-US');

/** The body's first `maxBytes` bytes, and whether more came: the read is cancelled at the first byte past the bound. */
async function readUpTo(res: Response, maxBytes: number): Promise<{ bytes: Uint8Array; over: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(0), over: false };
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  let over = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const room = maxBytes - total;
      over = value.byteLength > room;
      parts.push(over ? value.subarray(0, room) : value);
      total += Math.min(value.byteLength, room);
      if (over) break;
    }
  } finally {
    if (over) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return { bytes, over };
}

/** The body's bytes; past `maxBytes` the read is cancelled and a ResponseTooLargeError names the bound. */
export async function readBodyBytes(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw namedError(RESPONSE_TOO_LARGE, `the server's response is ${bytesText(declared)} bytes, over the ${bytesText(maxBytes)}-byte bound`);
  }
  const { bytes, over } = await readUpTo(res, maxBytes);
  if (over) throw namedError(RESPONSE_TOO_LARGE, `the server's response is over the ${bytesText(maxBytes)}-byte bound (read no further)`);
  return bytes;
}

/**
 * The body as text. Past `maxBytes`: `over: 'throw'` cancels the read and throws a
 * ResponseTooLargeError naming the bound; `over: 'cut'` (an error page, only quoted) cancels it and
 * returns what came before the bound, marked as cut.
 */
export async function readBodyText(res: Response, maxBytes: number, over: 'throw' | 'cut' = 'throw'): Promise<string> {
  if (over === 'throw') return new TextDecoder().decode(await readBodyBytes(res, maxBytes));
  const cut = await readUpTo(res, maxBytes);
  // a character the bound splits is dropped, not replaced
  const text = new TextDecoder().decode(cut.bytes, { stream: cut.over });
  return cut.over ? `${text}… (cut)` : text;
}
