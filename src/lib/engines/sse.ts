/**
 * Server-sent events as OpenAI-compatible servers stream them: the `data:` payloads in order.
 * Bounded: a stream over `maxBytes` fails rather than filling memory.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
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
      let nl: number;
      while ((nl = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(buffer[nl] === '\r' ? nl + 2 : nl + 1);
        if (line === '') {
          // a blank line ends an event
          if (data.length) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
        // comments (': ping') and other fields (event:, id:, retry:) carry nothing we use
      }
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
