/** Counting tokens: the model's own tokenizer where there is one. */

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
