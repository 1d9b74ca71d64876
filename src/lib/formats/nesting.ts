/** Bounds on a parsed document — how deep it nests, how long its texts are — checked without recursion (a document 100,000 levels deep cannot overflow the stack here). */

interface Node {
  v: unknown;
  /** objects and lists around it */
  depth: number;
  path: string;
  /** it is a key, not a value */
  key?: boolean;
}

/** The first node (values and keys, depth first) `found` answers for, with that answer; null when none does. */
function firstNode<T>(value: unknown, found: (n: Node) => T | null): T | null {
  const stack: Node[] = [{ v: value, depth: 0, path: '' }];
  let visited = 0;
  while (stack.length) {
    const node = stack.pop() as Node;
    const answer = found(node);
    if (answer !== null) return answer;
    const { v, depth, path } = node;
    if (node.key || v === null || typeof v !== 'object') continue;
    // a parsed document is a tree, but be bounded even if it were not
    if (++visited > 5_000_000) return null;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, depth: depth + 1, path: `${path}[${i}]` }));
    else
      for (const [k, x] of Object.entries(v)) {
        stack.push({ v: x, depth: depth + 1, path: path ? `${path}.${k}` : k });
        stack.push({ v: k, depth: depth + 1, path: `${path}.(a key)`, key: true });
      }
  }
  return null;
}

/** The path of the first value nested deeper than `maxDepth` objects and lists, or null. */
export function tooDeepAt(value: unknown, maxDepth: number): string | null {
  return firstNode(value, (n) => (!n.key && n.v !== null && typeof n.v === 'object' && n.depth >= maxDepth ? n.path || '(top)' : null));
}

/** Tool declarations and OpenAPI documents nest this deep at most (real schemas: a dozen levels). */
export const MAX_SCHEMA_DEPTH = 64;

/** The first text (a value or a key) longer than `maxChars`, with its path and length, or null. */
export function tooLongAt(value: unknown, maxChars: number): { path: string; length: number } | null {
  return firstNode(value, (n) => (typeof n.v === 'string' && n.v.length > maxChars ? { path: n.path || '(top)', length: n.v.length } : null));
}

/** A benchmark record's texts (a question, a description) are this long at most: about 25,000 tokens. */
export const MAX_TEXT_CHARS = 100_000;
