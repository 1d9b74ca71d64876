/**
 * Python expression AST (the subset of Python's `ast` module that
 * `ast.parse(src, mode="eval")` can produce), and a recursive-descent parser
 * that follows the 3.11 grammar. Recursion depth is bounded.
 */
import { bytesRepr, PyOpaque, type PyValue } from '../../core/pyvalue';
import { MAX_EXPRESSION_DEPTH } from '../budget';
import { PySyntaxError, tokenize, type StringPiece, type Token } from './tokens';

export type Node =
  | { k: 'Constant'; value: PyValue; ellipsis?: boolean; uPrefix?: boolean }
  | { k: 'JoinedStr'; source: string }
  | { k: 'Name'; id: string }
  | { k: 'UnaryOp'; op: '-' | '+' | '~' | 'not'; operand: Node }
  | { k: 'BinOp'; op: string; left: Node; right: Node }
  | { k: 'BoolOp'; op: 'and' | 'or'; values: Node[] }
  | { k: 'Compare'; left: Node; ops: string[]; comparators: Node[] }
  | { k: 'Call'; func: Node; args: Node[]; keywords: Keyword[] }
  | { k: 'Attribute'; value: Node; attr: string }
  | { k: 'Subscript'; value: Node; slice: Node }
  | { k: 'Slice'; lower: Node | null; upper: Node | null; step: Node | null }
  | { k: 'Starred'; value: Node }
  | { k: 'List' | 'Tuple' | 'Set'; elts: Node[] }
  | { k: 'Dict'; keys: (Node | null)[]; values: Node[] }
  | { k: 'IfExp'; test: Node; body: Node; orelse: Node }
  | { k: 'Lambda'; params: string; body: Node }
  | { k: 'NamedExpr'; target: string; value: Node }
  | { k: 'Await'; value: Node }
  | { k: 'Yield'; value: Node | null; from: boolean }
  | { k: 'ListComp' | 'SetComp' | 'GeneratorExp'; elt: Node; generators: Comprehension[] }
  | { k: 'DictComp'; key: Node; value: Node; generators: Comprehension[] };

interface Keyword {
  /** null for `**mapping` */
  arg: string | null;
  value: Node;
}

export interface Comprehension {
  target: Node;
  iter: Node;
  ifs: Node[];
  isAsync: boolean;
}

const HARD_KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

/** Our own recursion bound (Python's parser has a similar one); bracket nesting is limited to 200 by the tokenizer. */
const MAX_DEPTH = 1000;

const BINARY_PRECEDENCE = new Map<string, number>([
  ['|', 0],
  ['^', 1],
  ['&', 2],
  ['<<', 3],
  ['>>', 3],
  ['+', 4],
  ['-', 4],
  ['*', 5],
  ['/', 5],
  ['//', 5],
  ['%', 5],
  ['@', 5],
]);

/** `ast.parse(src, mode="eval").body`; a tree deeper than MAX_EXPRESSION_DEPTH is refused (its readers recurse). */
export function parsePythonExpression(src: string): Node {
  const tree = new Parser(src, tokenize(src)).evalInput();
  if (treeDepth(tree) > MAX_EXPRESSION_DEPTH) throw new PySyntaxError(`expression nested more than ${MAX_EXPRESSION_DEPTH} levels deep`, 0);
  return tree;
}

/** Depth in nodes, without recursion (a chain `1+1+…` parses iteratively into a tree as deep as it is long). */
function treeDepth(root: Node): number {
  let max = 0;
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (Array.isArray(item)) {
      for (const x of item) stack.push([x, depth]);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const isNode = 'k' in item;
    if (isNode && (item as Node).k === 'Constant') continue;
    const d = isNode ? depth + 1 : depth;
    if (isNode) max = Math.max(max, depth);
    for (const v of Object.values(item)) if (typeof v === 'object' && v !== null) stack.push([v, d]);
  }
  return max;
}

class Parser {
  private i = 0;
  private depth = 0;
  constructor(
    private readonly src: string,
    private readonly toks: Token[],
  ) {}

  private get tok(): Token {
    return this.toks[this.i] as Token;
  }

  private isOp(v: string): boolean {
    const t = this.tok;
    return t.t === 'op' && t.v === v;
  }

  private isKw(v: string): boolean {
    const t = this.tok;
    return t.t === 'name' && t.v === v;
  }

  private eatOp(v: string): boolean {
    if (this.isOp(v)) {
      this.i++;
      return true;
    }
    return false;
  }

  private eatKw(v: string): boolean {
    if (this.isKw(v)) {
      this.i++;
      return true;
    }
    return false;
  }

  private expectOp(v: string): void {
    if (!this.eatOp(v)) this.fail(`expected '${v}'`);
  }

  private fail(msg = 'invalid syntax'): never {
    throw new PySyntaxError(msg, this.tok.start);
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) this.fail('expression nested too deeply');
  }

  evalInput(): Node {
    const e = this.expressions();
    while (this.tok.t === 'newline') this.i++;
    if (this.tok.t !== 'end') this.fail();
    return e;
  }

  /** expressions: expression (',' expression)* [','] */
  private expressions(): Node {
    const first = this.expression();
    if (!this.isOp(',')) return first;
    const elts = [first];
    while (this.eatOp(',')) {
      if (!this.startsExpression()) break;
      elts.push(this.expression());
    }
    return { k: 'Tuple', elts };
  }

  private startsExpression(): boolean {
    const t = this.tok;
    if (t.t === 'num' || t.t === 'str') return true;
    if (t.t === 'name') return !HARD_KEYWORDS.has(t.v) || ['True', 'False', 'None', 'not', 'lambda', 'await'].includes(t.v);
    if (t.t === 'op') return ['(', '[', '{', '-', '+', '~', '...'].includes(t.v);
    return false;
  }

  expression(): Node {
    this.enter();
    try {
      if (this.isKw('lambda')) return this.lambda();
      const body = this.disjunction();
      if (this.eatKw('if')) {
        const test = this.disjunction();
        if (!this.eatKw('else')) this.fail("expected 'else' after 'if' expression");
        const orelse = this.expression();
        return { k: 'IfExp', test, body, orelse };
      }
      return body;
    } finally {
      this.depth--;
    }
  }

  private namedExpression(): Node {
    const t = this.tok;
    const next = this.toks[this.i + 1];
    if (t.t === 'name' && !HARD_KEYWORDS.has(t.v) && next?.t === 'op' && next.v === ':=') {
      this.i += 2;
      return { k: 'NamedExpr', target: t.v, value: this.expression() };
    }
    return this.expression();
  }

  private lambda(): Node {
    this.i++;
    // parameters: names with optional defaults, *, **, / — kept as source for unparse
    const parts: string[] = [];
    while (!this.isOp(':')) {
      const t = this.tok;
      if (t.t === 'end') this.fail();
      if (t.t === 'op' && (t.v === '*' || t.v === '**' || t.v === '/' || t.v === ',')) {
        parts.push(t.v === ',' ? ', ' : t.v);
        this.i++;
        continue;
      }
      if (t.t === 'name' && !HARD_KEYWORDS.has(t.v)) {
        parts.push(t.v);
        this.i++;
        if (this.eatOp('=')) {
          this.expression();
          parts.push('=…');
        }
        continue;
      }
      this.fail();
    }
    this.i++;
    return { k: 'Lambda', params: parts.join(''), body: this.expression() };
  }

  private disjunction(): Node {
    const first = this.conjunction();
    if (!this.isKw('or')) return first;
    const values = [first];
    while (this.eatKw('or')) values.push(this.conjunction());
    return { k: 'BoolOp', op: 'or', values };
  }

  private conjunction(): Node {
    const first = this.inversion();
    if (!this.isKw('and')) return first;
    const values = [first];
    while (this.eatKw('and')) values.push(this.inversion());
    return { k: 'BoolOp', op: 'and', values };
  }

  private inversion(): Node {
    if (this.eatKw('not')) {
      this.enter();
      try {
        return { k: 'UnaryOp', op: 'not', operand: this.inversion() };
      } finally {
        this.depth--;
      }
    }
    return this.comparison();
  }

  private compareOp(): string | null {
    const t = this.tok;
    if (t.t === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.v)) {
      this.i++;
      return t.v;
    }
    if (t.t === 'name') {
      if (t.v === 'in') {
        this.i++;
        return 'in';
      }
      if (t.v === 'not') {
        const n = this.toks[this.i + 1];
        if (n?.t === 'name' && n.v === 'in') {
          this.i += 2;
          return 'not in';
        }
        return null;
      }
      if (t.v === 'is') {
        this.i++;
        return this.eatKw('not') ? 'is not' : 'is';
      }
    }
    return null;
  }

  private comparison(): Node {
    const left = this.bitOr();
    const ops: string[] = [];
    const comparators: Node[] = [];
    for (let op = this.compareOp(); op; op = this.compareOp()) {
      ops.push(op);
      comparators.push(this.bitOr());
    }
    return ops.length ? { k: 'Compare', left, ops, comparators } : left;
  }

  /** Binary operators from `|` to `* / // % @`, by precedence climbing (all left-associative). */
  private binary(minPrecedence: number): Node {
    let left = this.factor();
    for (;;) {
      const t = this.tok;
      if (t.t !== 'op') return left;
      const p = BINARY_PRECEDENCE.get(t.v);
      if (p === undefined || p < minPrecedence) return left;
      this.i++;
      left = { k: 'BinOp', op: t.v, left, right: this.binary(p + 1) };
    }
  }

  private bitOr(): Node {
    return this.binary(0);
  }

  private factor(): Node {
    const t = this.tok;
    if (t.t === 'op' && (t.v === '-' || t.v === '+' || t.v === '~')) {
      this.i++;
      this.enter();
      try {
        return { k: 'UnaryOp', op: t.v, operand: this.factor() };
      } finally {
        this.depth--;
      }
    }
    return this.power();
  }

  private power(): Node {
    let base: Node;
    if (this.eatKw('await')) base = { k: 'Await', value: this.primary() };
    else base = this.primary();
    if (this.eatOp('**')) return { k: 'BinOp', op: '**', left: base, right: this.factor() };
    return base;
  }

  private primary(): Node {
    let node = this.atom();
    for (;;) {
      if (this.eatOp('.')) {
        const t = this.tok;
        if (t.t !== 'name' || HARD_KEYWORDS.has(t.v)) this.fail();
        this.i++;
        node = { k: 'Attribute', value: node, attr: t.v };
      } else if (this.isOp('(')) {
        node = this.call(node);
      } else if (this.eatOp('[')) {
        node = { k: 'Subscript', value: node, slice: this.slices() };
        this.expectOp(']');
      } else return node;
    }
  }

  private slices(): Node {
    const first = this.sliceItem();
    if (!this.isOp(',')) return first;
    const elts = [first];
    while (this.eatOp(',')) {
      if (this.isOp(']')) break;
      elts.push(this.sliceItem());
    }
    return { k: 'Tuple', elts };
  }

  private sliceItem(): Node {
    if (this.isOp('*')) {
      this.i++;
      return { k: 'Starred', value: this.bitOr() };
    }
    let lower: Node | null = null;
    if (!this.isOp(':')) {
      lower = this.namedExpression();
      if (!this.isOp(':')) return lower;
    }
    this.expectOp(':');
    const upper = this.isOp(':') || this.isOp(']') || this.isOp(',') ? null : this.expression();
    let step: Node | null = null;
    if (this.eatOp(':')) step = this.isOp(']') || this.isOp(',') ? null : this.expression();
    return { k: 'Slice', lower, upper, step };
  }

  private call(func: Node): Node {
    this.expectOp('(');
    this.enter();
    const args: Node[] = [];
    const keywords: Keyword[] = [];
    let sawKeyword = false;
    let sawDoubleStar = false;
    while (!this.isOp(')')) {
      if (this.eatOp('**')) {
        keywords.push({ arg: null, value: this.expression() });
        sawDoubleStar = sawKeyword = true;
      } else if (this.eatOp('*')) {
        if (sawDoubleStar) this.fail('iterable argument unpacking follows keyword argument unpacking');
        args.push({ k: 'Starred', value: this.expression() });
      } else {
        const t = this.tok;
        const next = this.toks[this.i + 1];
        if (t.t === 'name' && next?.t === 'op' && next.v === '=') {
          if (HARD_KEYWORDS.has(t.v)) this.fail(`cannot assign to ${t.v}`);
          this.i += 2;
          keywords.push({ arg: t.v, value: this.expression() });
          sawKeyword = true;
        } else {
          const value = this.namedExpression();
          if (this.isKw('for') || this.isKw('async')) {
            const gen: Node = { k: 'GeneratorExp', elt: value, generators: this.comprehensionClauses() };
            if (args.length || keywords.length || !this.isOp(')')) this.fail('Generator expression must be parenthesized');
            args.push(gen);
            break;
          }
          if (sawDoubleStar) this.fail('positional argument follows keyword argument unpacking');
          if (sawKeyword) this.fail('positional argument follows keyword argument');
          args.push(value);
        }
      }
      if (!this.eatOp(',')) break;
    }
    this.expectOp(')');
    this.depth--;
    return { k: 'Call', func, args, keywords };
  }

  private comprehensionClauses(): Comprehension[] {
    const out: Comprehension[] = [];
    while (this.isKw('for') || this.isKw('async')) {
      const isAsync = this.eatKw('async');
      if (!this.eatKw('for')) this.fail();
      const target = this.targetList();
      if (!this.eatKw('in')) this.fail("expected 'in'");
      const iter = this.disjunction();
      const ifs: Node[] = [];
      while (this.eatKw('if')) ifs.push(this.disjunction());
      out.push({ target, iter, ifs, isAsync });
    }
    return out;
  }

  private targetList(): Node {
    const first = this.bitOr();
    if (!this.isOp(',')) return first;
    const elts = [first];
    while (this.eatOp(',')) {
      if (this.isKw('in')) break;
      elts.push(this.bitOr());
    }
    return { k: 'Tuple', elts };
  }

  private strings(): Node {
    const pieces: StringPiece[] = [];
    const start = this.tok.start;
    let end = start;
    while (this.tok.t === 'str') {
      const t = this.tok as Extract<Token, { t: 'str' }>;
      pieces.push(t.v);
      end = t.end;
      this.i++;
    }
    const bytes = pieces.filter((p) => p.kind === 'bytes').length;
    if (bytes && bytes !== pieces.length) this.fail('cannot mix bytes and nonbytes literals');
    if (pieces.some((p) => p.kind === 'fstring')) return { k: 'JoinedStr', source: this.src.slice(start, end) };
    const text = pieces.map((p) => p.text).join('');
    if (bytes) return { k: 'Constant', value: bytesValue(text) };
    return { k: 'Constant', value: text, uPrefix: pieces[0]?.uPrefix ?? false };
  }

  private atom(): Node {
    const t = this.tok;
    switch (t.t) {
      case 'num':
        this.i++;
        return { k: 'Constant', value: t.v };
      case 'str':
        return this.strings();
      case 'name':
        if (t.v === 'True' || t.v === 'False' || t.v === 'None') {
          this.i++;
          return { k: 'Constant', value: t.v === 'None' ? null : t.v === 'True' };
        }
        if (HARD_KEYWORDS.has(t.v)) this.fail();
        this.i++;
        return { k: 'Name', id: t.v };
      case 'op':
        if (t.v === '...') {
          this.i++;
          return { k: 'Constant', value: null, ellipsis: true };
        }
        if (t.v === '(') return this.parenthesized();
        if (t.v === '[') return this.listDisplay();
        if (t.v === '{') return this.braceDisplay();
    }
    this.fail();
  }

  private starOrNamed(): Node {
    if (this.eatOp('*')) return { k: 'Starred', value: this.bitOr() };
    return this.namedExpression();
  }

  /** Consumes a display's opening bracket, one nesting level deeper (the caller leaves it). */
  private open(): void {
    this.i++;
    this.enter();
  }

  /** `first for … in …` up to `close`, or null when no comprehension follows. */
  private comprehension(first: Node, close: string, k: 'ListComp' | 'SetComp' | 'GeneratorExp'): Node | null {
    if (!this.isKw('for') && !this.isKw('async')) return null;
    const node: Node = { k, elt: first, generators: this.comprehensionClauses() };
    this.expectOp(close);
    return node;
  }

  /** `first, second, …[,]` up to and including `close`. */
  private elements(first: Node, close: string): Node[] {
    const elts = [first];
    while (this.eatOp(',')) {
      if (this.isOp(close)) break;
      elts.push(this.starOrNamed());
    }
    this.expectOp(close);
    return elts;
  }

  private parenthesized(): Node {
    this.open();
    try {
      if (this.eatOp(')')) return { k: 'Tuple', elts: [] };
      if (this.eatKw('yield')) {
        let node: Node;
        if (this.eatKw('from')) node = { k: 'Yield', value: this.expression(), from: true };
        else node = { k: 'Yield', value: this.isOp(')') ? null : this.expressions(), from: false };
        this.expectOp(')');
        return node;
      }
      const first = this.starOrNamed();
      const gen = this.comprehension(first, ')', 'GeneratorExp');
      if (gen) return gen;
      if (this.eatOp(')')) {
        if (first.k === 'Starred') this.fail('cannot use starred expression here');
        return first;
      }
      return { k: 'Tuple', elts: this.elements(first, ')') };
    } finally {
      this.depth--;
    }
  }

  private listDisplay(): Node {
    this.open();
    try {
      if (this.eatOp(']')) return { k: 'List', elts: [] };
      const first = this.starOrNamed();
      return this.comprehension(first, ']', 'ListComp') ?? { k: 'List', elts: this.elements(first, ']') };
    } finally {
      this.depth--;
    }
  }

  private braceDisplay(): Node {
    this.open();
    try {
      if (this.eatOp('}')) return { k: 'Dict', keys: [], values: [] };
      if (this.eatOp('**')) return this.dictRest(null, this.bitOr());
      const first = this.starOrNamed();
      if (this.eatOp(':')) {
        const value = this.expression();
        if (this.isKw('for') || this.isKw('async')) {
          const node: Node = { k: 'DictComp', key: first, value, generators: this.comprehensionClauses() };
          this.expectOp('}');
          return node;
        }
        return this.dictRest(first, value);
      }
      return this.comprehension(first, '}', 'SetComp') ?? { k: 'Set', elts: this.elements(first, '}') };
    } finally {
      this.depth--;
    }
  }

  private dictRest(firstKey: Node | null, firstValue: Node): Node {
    const keys: (Node | null)[] = [firstKey];
    const values: Node[] = [firstValue];
    while (this.eatOp(',')) {
      if (this.isOp('}')) break;
      if (this.eatOp('**')) {
        keys.push(null);
        values.push(this.bitOr());
        continue;
      }
      keys.push(this.expression());
      this.expectOp(':');
      values.push(this.expression());
    }
    this.expectOp('}');
    return { k: 'Dict', keys, values };
  }
}

function bytesValue(text: string): PyValue {
  return new PyOpaque('bytes', bytesRepr(text));
}
