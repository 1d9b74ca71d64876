/**
 * The monitor's view of the output being generated: its last characters and how many came in all.
 * A streamed piece costs work in proportion to its own length, amortized (the kept text grows to
 * twice the tail, then is cut back to it), however long the answer grows; the page shows it at
 * most every SHOW_EVERY_MS. The whole text re-rendered at every piece froze the page for a minute
 * on an 8 MB answer and hung it on 16 MB.
 */
export const STREAM_TAIL_CHARS = 4000;
/** the monitor's text is redrawn at most this often while pieces stream */
export const SHOW_EVERY_MS = 100;

export interface StreamTail {
  /** the last characters: at least STREAM_TAIL_CHARS of them when there are that many, at most twice that */
  text: string;
  /** characters streamed in all */
  chars: number;
}

export const NO_STREAM: StreamTail = { text: '', chars: 0 };

export function appendToTail(tail: StreamTail, delta: string): StreamTail {
  const piece = delta.length > STREAM_TAIL_CHARS ? delta.slice(-STREAM_TAIL_CHARS) : delta;
  const text = tail.text + piece;
  return { text: text.length > 2 * STREAM_TAIL_CHARS ? text.slice(-STREAM_TAIL_CHARS) : text, chars: tail.chars + delta.length };
}
