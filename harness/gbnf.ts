/**
 * A small GBNF interpreter for the subset our grammar builder writes (rules,
 * literals, character classes, groups, alternation, ?, *, +, {m,n}): it checks
 * whether a text is in the language and draws random texts from it.
 */
import { Rng } from '../src/lib/core/random';

type Node =
  | { k: 'lit'; text: string }
  | { k: 'class'; negated: boolean; ranges: [number, number][] }
  | { k: 'ref'; name: string }
  | { k: 'alt'; options: Node[][] }
  | { k: 'rep'; node: Node; min: number; max: number };

export type Grammar = Map<string, Node>;

function unescape(src: string, i: number): [number, number] {
  const c = src[i + 1]!;
  const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\', '"': '"', ']': ']', '[': '[', '-': '-', '^': '^' };
  if (c === 'x') return [parseInt(src.slice(i + 2, i + 4), 16), i + 4];
  if (c in simple) return [simple[c]!.codePointAt(0)!, i + 2];
  throw new Error(`unknown escape \\${c}`);
}

export function parseGbnf(src: string): Grammar {
  const g: Grammar = new Map();
  let i = 0;
  const ws = () => {
    while (i < src.length && /[ \t\n]/.test(src[i]!)) {
      // a newline ends a rule only when the next line starts a new one; our output has one rule a line
      if (src[i] === '\n' && /^[a-zA-Z0-9-]+ ::=/.test(src.slice(i + 1))) return;
      i++;
    }
  };
  const name = () => {
    const m = /^[a-zA-Z0-9-]+/.exec(src.slice(i));
    if (!m) throw new Error(`rule name expected at ${i}: ${src.slice(i, i + 20)}`);
    i += m[0].length;
    return m[0];
  };
  const seq = (): Node[] => {
    const items: Node[] = [];
    for (;;) {
      ws();
      const c = src[i];
      if (c === undefined || c === '|' || c === ')' || c === '\n') return items;
      let node: Node;
      if (c === '"') {
        let text = '';
        i++;
        while (src[i] !== '"') {
          if (src[i] === '\\') {
            const [cp, next] = unescape(src, i);
            text += String.fromCodePoint(cp);
            i = next;
          } else text += src[i++];
        }
        i++;
        node = { k: 'lit', text };
      } else if (c === '[') {
        i++;
        const negated = src[i] === '^';
        if (negated) i++;
        const ranges: [number, number][] = [];
        while (src[i] !== ']') {
          let lo: number;
          if (src[i] === '\\') [lo, i] = unescape(src, i);
          else lo = src.codePointAt(i++)!;
          let hi = lo;
          if (src[i] === '-' && src[i + 1] !== ']') {
            i++;
            if (src[i] === '\\') [hi, i] = unescape(src, i);
            else hi = src.codePointAt(i++)!;
          }
          ranges.push([lo, hi]);
        }
        i++;
        node = { k: 'class', negated, ranges };
      } else if (c === '(') {
        i++;
        node = alt();
        ws();
        if (src[i++] !== ')') throw new Error(`) expected at ${i}`);
      } else node = { k: 'ref', name: name() };
      const post = src[i];
      if (post === '?') ((node = { k: 'rep', node, min: 0, max: 1 }), i++);
      else if (post === '*') ((node = { k: 'rep', node, min: 0, max: Infinity }), i++);
      else if (post === '+') ((node = { k: 'rep', node, min: 1, max: Infinity }), i++);
      else if (post === '{') {
        const m = /^\{(\d+),(\d*)\}/.exec(src.slice(i))!;
        node = { k: 'rep', node, min: Number(m[1]), max: m[2] === '' ? Infinity : Number(m[2]) };
        i += m[0].length;
      }
      items.push(node);
    }
  };
  const alt = (): Node => {
    const options = [seq()];
    while (src[i] === '|') {
      i++;
      options.push(seq());
    }
    return { k: 'alt', options };
  };
  while (i < src.length) {
    while (src[i] === '\n') i++;
    if (i >= src.length) break;
    const n = name();
    ws();
    if (src.slice(i, i + 3) !== '::=') throw new Error(`::= expected after ${n}`);
    i += 3;
    g.set(n, alt());
  }
  if (!g.has('root')) throw new Error('no root rule');
  for (const node of g.values()) checkRefs(node, g);
  return g;
}

function checkRefs(n: Node, g: Grammar): void {
  if (n.k === 'ref' && !g.has(n.name)) throw new Error(`undefined rule ${n.name}`);
  if (n.k === 'alt') n.options.forEach((o) => o.forEach((x) => checkRefs(x, g)));
  if (n.k === 'rep') checkRefs(n.node, g);
}

function inClass(n: Extract<Node, { k: 'class' }>, cp: number): boolean {
  const hit = n.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
  return n.negated ? !hit : hit;
}

/** All end positions reachable by matching `n` at `pos`. */
function ends(g: Grammar, n: Node, text: string, pos: number): Set<number> {
  switch (n.k) {
    case 'lit':
      return text.startsWith(n.text, pos) ? new Set([pos + n.text.length]) : new Set();
    case 'class': {
      const cp = text.codePointAt(pos);
      return cp !== undefined && inClass(n, cp) ? new Set([pos + String.fromCodePoint(cp).length]) : new Set();
    }
    case 'ref':
      return ends(g, g.get(n.name)!, text, pos);
    case 'alt': {
      const out = new Set<number>();
      for (const opt of n.options) {
        let cur = new Set([pos]);
        for (const item of opt) {
          const next = new Set<number>();
          for (const p of cur) for (const e of ends(g, item, text, p)) next.add(e);
          cur = next;
          if (cur.size === 0) break;
        }
        for (const e of cur) out.add(e);
      }
      return out;
    }
    case 'rep': {
      const out = new Set<number>();
      let cur = new Set([pos]);
      if (n.min === 0) out.add(pos);
      for (let count = 1; count <= n.max && cur.size > 0; count++) {
        const next = new Set<number>();
        for (const p of cur) for (const e of ends(g, n.node, text, p)) if (e > p || n.max !== Infinity) next.add(e);
        cur = next;
        if (count >= n.min) for (const e of cur) out.add(e);
      }
      return out;
    }
  }
}

export function matches(g: Grammar, text: string): boolean {
  return ends(g, g.get('root')!, text, 0).has(text.length);
}

/** A random text of the language (repetitions without an upper bound stop at 3). */
export function generate(g: Grammar, rng: Rng, n: Node = g.get('root')!): string {
  switch (n.k) {
    case 'lit':
      return n.text;
    case 'class': {
      for (;;) {
        const cp = n.negated
          ? 0x20 + rng.int(0x5f)
          : (() => {
              const [lo, hi] = rng.pick(n.ranges);
              return lo + rng.int(hi - lo + 1);
            })();
        if (inClass(n, cp)) return String.fromCodePoint(cp);
      }
    }
    case 'ref':
      return generate(g, rng, g.get(n.name)!);
    case 'alt':
      return rng
        .pick(n.options)
        .map((x) => generate(g, rng, x))
        .join('');
    case 'rep': {
      const max = Math.min(n.max, n.min + 3);
      const count = n.min + rng.int(max - n.min + 1);
      let s = '';
      for (let i = 0; i < count; i++) s += generate(g, rng, n.node);
      return s;
    }
  }
}
