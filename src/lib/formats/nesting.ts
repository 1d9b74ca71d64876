/** Bounds on a parsed document — how deep it nests, how long its texts are — checked without recursion (a document 100,000 levels deep cannot overflow the stack here). */

/** The path of the first value nested deeper than `maxDepth` objects and lists, or null. */
export function tooDeepAt(value: unknown, maxDepth: number): string | null {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  let visited = 0;
  while (stack.length) {
    const { v, depth, path } = stack.pop() as { v: unknown; depth: number; path: string };
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return path || '(top)';
    // a parsed document is a tree, but be bounded even if it were not
    if (++visited > 5_000_000) return null;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, depth: depth + 1, path: `${path}[${i}]` }));
    else for (const [k, x] of Object.entries(v)) stack.push({ v: x, depth: depth + 1, path: path ? `${path}.${k}` : k });
  }
  return null;
}

/** Tool declarations and OpenAPI documents nest this deep at most (real schemas: a dozen levels). */
export const MAX_SCHEMA_DEPTH = 64;

/** The first text (a value or a key) longer than `maxChars`, with its path and length, or null. */
export function tooLongAt(value: unknown, maxChars: number): { path: string; length: number } | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  let visited = 0;
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (typeof v === 'string') {
      if (v.length > maxChars) return { path: path || '(top)', length: v.length };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (++visited > 5_000_000) return null;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, path: `${path}[${i}]` }));
    else
      for (const [k, x] of Object.entries(v)) {
        if (k.length > maxChars) return { path: `${path}.(a key)`, length: k.length };
        stack.push({ v: x, path: path ? `${path}.${k}` : k });
      }
  }
  return null;
}

/** A benchmark record's texts (a question, a description) are this long at most: about 25,000 tokens. */
export const MAX_TEXT_CHARS = 100_000;
