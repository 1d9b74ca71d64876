/**
 * Server-sent events as OpenAI-compatible servers stream them: the `data:` payloads in order.
 * Bounded: a stream over `maxBytes` fails rather than filling memory, and so does one line over
 * `maxLine` characters without a line end (a server's event is a chunk of a few hundred bytes: a
 * stream with no line ends is not one, and is refused at once, not after the whole bound).
 */
const MAX_SSE_LINE = 2 ** 20;

export async function* readSse(body: ReadableStream<Uint8Array>, maxBytes: number, maxLine = MAX_SSE_LINE): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** where the search for the next line end starts: bytes already searched are not searched again (a long line arrives in many pieces) */
  let scanFrom = 0;
  let total = 0;
  let data: string[] = [];
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) {
        total += value.byteLength;
        if (total > maxBytes) throw new Error(`the stream is over the ${maxBytes}-byte bound`);
        buffer += decoder.decode(value, { stream: true });
      } else if (done) buffer += decoder.decode();
      // each line is cut out once and the rest kept once per piece read: work linear in the bytes
      let start = 0;
      let nl: number;
      while ((nl = buffer.indexOf('\n', Math.max(start, scanFrom))) >= 0) {
        const line = buffer.slice(start, nl > start && buffer[nl - 1] === '\r' ? nl - 1 : nl);
        start = nl + 1;
        if (line === '') {
          // a blank line ends an event
          if (data.length) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
        // comments (': ping') and other fields (event:, id:, retry:) carry nothing we use
      }
      buffer = buffer.slice(start);
      if (buffer.length > maxLine) throw new Error(`the stream has a line over ${maxLine} characters without a line end: not server-sent events`);
      scanFrom = buffer.length;
      if (done) break;
    }
    finished = true;
    if (buffer.startsWith('data:')) data.push(buffer.slice(buffer[5] === ' ' ? 6 : 5));
    if (data.length) yield data.join('\n');
  } finally {
    // a reader that stops early (abort, [DONE] before the end) closes the connection
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
