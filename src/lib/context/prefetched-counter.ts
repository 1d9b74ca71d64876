/**
 * Counting with a tokenizer that is only reachable asynchronously (a server's `/tokenize`), for
 * builders that count synchronously: the counter answers from what it has fetched, notes every
 * text it did not have (answering with a fallback meanwhile), and `exactly` rebuilds until a build
 * asked for nothing it did not have — then every count in it was the server's.
 */
import type { TokenCounter } from './token-counter';

/** Counts many texts at once (one request each or batched: the caller decides). */
export type CountMany = (texts: readonly string[]) => Promise<number[]>;

export class PrefetchedCounter implements TokenCounter {
  private readonly cache = new Map<string, number>();
  private cachedChars = 0;
  private readonly misses = new Set<string>();

  /** `maxChars`: the texts kept, in characters; the oldest go first (whole prompts are long and used once). */
  constructor(
    readonly id: string,
    private readonly fallback: TokenCounter,
    private readonly maxChars = 64 * 2 ** 20,
  ) {}

  count(text: string): number {
    const n = this.cache.get(text);
    if (n !== undefined) return n;
    this.misses.add(text);
    return this.fallback.count(text);
  }

  /** Texts asked for since the last fill that the counter did not have. */
  get pending(): number {
    return this.misses.size;
  }

  async fill(countMany: CountMany): Promise<void> {
    const texts = [...this.misses];
    this.misses.clear();
    if (!texts.length) return;
    const counts = await countMany(texts);
    if (counts.length !== texts.length) throw new Error(`the tokenizer answered ${counts.length} counts for ${texts.length} texts`);
    texts.forEach((t, i) => this.remember(t, counts[i] as number));
  }

  private remember(text: string, n: number): void {
    this.cache.set(text, n);
    this.cachedChars += text.length;
    for (const [t] of this.cache) {
      if (this.cachedChars <= this.maxChars) break;
      this.cache.delete(t);
      this.cachedChars -= t.length;
    }
  }
}

export class CountsNotSettledError extends Error {
  override name = 'CountsNotSettledError';
}

/**
 * Builds until no count was a fallback's; bounded (a builder that keeps asking new texts is an error).
 * Builders that pack to a budget settle in a few rounds (the catalog's: 5–9, a few texts each).
 */
export async function buildExactly<T>(counter: PrefetchedCounter, countMany: CountMany, build: () => T, maxRounds = 32): Promise<T> {
  for (let round = 0; round < maxRounds; round++) {
    let built: T;
    try {
      built = build();
    } catch (e) {
      // a build that failed on fallback counts may succeed on the server's: only a failure on exact counts is final
      if (counter.pending === 0) throw e;
      await counter.fill(countMany);
      continue;
    }
    if (counter.pending === 0) return built;
    await counter.fill(countMany);
  }
  throw new CountsNotSettledError(`the prompt's token counts did not settle after ${maxRounds} rounds of asking the server's tokenizer`);
}

/** A tokenizer reached asynchronously (a server's), as builders use it: the counter and how to fill it. */
export interface AsyncCounting {
  counter: PrefetchedCounter;
  countMany: CountMany;
}

/** Builds with exact counts when counting is asynchronous (`buildExactly`), at once otherwise. */
export function buildCounted<T>(counting: AsyncCounting | null, build: () => T): Promise<T> {
  return counting ? buildExactly(counting.counter, counting.countMany, build) : Promise.resolve(build());
}
