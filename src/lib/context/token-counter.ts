/** Counting tokens: the model's own tokenizer where there is one. */
import type { ChatMessage } from '../core/types';

export interface TokenCounter {
  /** e.g. 'llama3' or the model id whose tokenizer.json is used */
  readonly id: string;
  count(text: string): number;
}

/** Memoizes counts of pieces that recur across samples (tool lines, prompt parts). */
export class CachedCounter implements TokenCounter {
  private readonly cache = new Map<string, number>();
  constructor(private readonly inner: TokenCounter) {}

  get id(): string {
    return this.inner.id;
  }

  count(text: string): number {
    let n = this.cache.get(text);
    if (n === undefined) {
      n = this.inner.count(text);
      if (text.length < 20_000) this.cache.set(text, n);
    }
    return n;
  }
}

/** A prompt's length as this project measures it: the sum of its messages' contents (chat-template tokens not counted). */
export function messagesTokens(counter: TokenCounter, messages: readonly ChatMessage[]): number {
  return messages.reduce((n, m) => n + counter.count(m.content), 0);
}

/** Whether each adjacent pair of pieces counts as the sum of its parts: then pieces counted once can be added. */
export function piecesAdd(counter: TokenCounter, pieces: readonly string[]): boolean {
  for (let i = 0; i + 1 < pieces.length; i++) {
    const a = pieces[i] as string;
    const b = pieces[i + 1] as string;
    if (counter.count(a + b) !== counter.count(a) + counter.count(b)) return false;
  }
  return true;
}
