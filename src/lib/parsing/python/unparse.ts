/** Python's `ast.unparse` for expression nodes (3.11 formatting and parenthesization). */
import { floatRepr, PyFloat, pyRepr, strRepr } from '../../core/pyvalue';
import type { Comprehension, Node } from './ast';

const enum P {
  NAMED_EXPR = 1,
  TUPLE,
  YIELD,
  TEST,
  OR,
  AND,
  NOT,
  CMP,
  EXPR,
  BXOR,
  BAND,
  SHIFT,
  ARITH,
  TERM,
  FACTOR,
  POWER,
  AWAIT,
  ATOM,
}

const BINOP_PRECEDENCE: Record<string, P> = {
  '+': P.ARITH,
  '-': P.ARITH,
  '*': P.TERM,
  '@': P.TERM,
  '/': P.TERM,
  '%': P.TERM,
  '//': P.TERM,
  '<<': P.SHIFT,
  '>>': P.SHIFT,
  '|': P.EXPR,
  '^': P.BXOR,
  '&': P.BAND,
  '**': P.POWER,
};

export function unparse(node: Node): string {
  return write(node, P.TEST);
}

function parens(need: boolean, s: string): string {
  return need ? `(${s})` : s;
}

function write(node: Node, prec: P): string {
  switch (node.k) {
    case 'Constant': {
      if (node.ellipsis) return '...';
      const v = node.value;
      if (v instanceof PyFloat) return floatRepr(v.value).replace('inf', '1e309').replace('nan', '(1e309-1e309)');
      if (typeof v === 'string') return (node.uPrefix ? 'u' : '') + strRepr(v);
      return pyRepr(v);
    }
    case 'JoinedStr':
      return node.source;
    case 'Name':
      return node.id;
    case 'UnaryOp': {
      const p = node.op === 'not' ? P.NOT : P.FACTOR;
      const op = node.op === 'not' ? 'not ' : node.op;
      return parens(prec > p, op + write(node.operand, p));
    }
    case 'BinOp': {
      const p = BINOP_PRECEDENCE[node.op] as P;
      const rightAssoc = node.op === '**';
      const left = write(node.left, rightAssoc ? p + 1 : p);
      const right = write(node.right, rightAssoc ? p : p + 1);
      return parens(prec > p, `${left} ${node.op} ${right}`);
    }
    case 'BoolOp': {
      let p = node.op === 'and' ? P.AND : P.OR;
      const base = p;
      const parts = node.values.map((v) => write(v, ++p));
      return parens(prec > base, parts.join(` ${node.op} `));
    }
    case 'Compare': {
      let s = write(node.left, P.CMP + 1);
      node.ops.forEach((op, i) => (s += ` ${op} ${write(node.comparators[i] as Node, P.CMP + 1)}`));
      return parens(prec > P.CMP, s);
    }
    case 'Call': {
      const args = node.args.map((a) => write(a, P.TEST));
      for (const kw of node.keywords) args.push(kw.arg === null ? `**${write(kw.value, P.TEST)}` : `${kw.arg}=${write(kw.value, P.TEST)}`);
      return `${write(node.func, P.ATOM)}(${args.join(', ')})`;
    }
    case 'Attribute': {
      const v = write(node.value, P.ATOM);
      const intConst = node.value.k === 'Constant' && (typeof node.value.value === 'number' || typeof node.value.value === 'bigint');
      return `${v}${intConst ? ' ' : ''}.${node.attr}`;
    }
    case 'Subscript': {
      const s = node.slice;
      const inner = s.k === 'Tuple' && s.elts.length ? items(s.elts) : write(s, P.TEST);
      return `${write(node.value, P.ATOM)}[${inner}]`;
    }
    case 'Slice': {
      let s = (node.lower ? write(node.lower, P.TEST) : '') + ':' + (node.upper ? write(node.upper, P.TEST) : '');
      if (node.step) s += ':' + write(node.step, P.TEST);
      return s;
    }
    case 'Starred':
      return '*' + write(node.value, P.EXPR);
    case 'List':
      return `[${node.elts.map((e) => write(e, P.TEST)).join(', ')}]`;
    case 'Tuple':
      return parens(node.elts.length === 0 || prec > P.TUPLE, items(node.elts));
    case 'Set':
      return node.elts.length ? `{${node.elts.map((e) => write(e, P.TEST)).join(', ')}}` : '{*()}';
    case 'Dict': {
      const parts = node.keys.map((k, i) => (k === null ? `**${write(node.values[i] as Node, P.EXPR)}` : `${write(k, P.TEST)}: ${write(node.values[i] as Node, P.TEST)}`));
      return `{${parts.join(', ')}}`;
    }
    case 'IfExp':
      return parens(prec > P.TEST, `${write(node.body, P.TEST + 1)} if ${write(node.test, P.TEST + 1)} else ${write(node.orelse, P.TEST)}`);
    case 'Lambda':
      return parens(prec > P.TEST, `lambda${node.params ? ' ' + node.params : ''}: ${write(node.body, P.TEST)}`);
    case 'NamedExpr':
      return parens(prec > P.NAMED_EXPR, `${node.target} := ${write(node.value, P.ATOM)}`);
    case 'Await':
      return parens(prec > P.AWAIT, `await ${write(node.value, P.ATOM)}`);
    case 'Yield':
      return parens(prec > P.YIELD, (node.from ? 'yield from' : 'yield') + (node.value ? ' ' + write(node.value, P.YIELD) : ''));
    case 'ListComp':
      return `[${write(node.elt, P.TEST)}${comprehensions(node.generators)}]`;
    case 'SetComp':
      return `{${write(node.elt, P.TEST)}${comprehensions(node.generators)}}`;
    case 'GeneratorExp':
      return `(${write(node.elt, P.TEST)}${comprehensions(node.generators)})`;
    case 'DictComp':
      return `{${write(node.key, P.TEST)}: ${write(node.value, P.TEST)}${comprehensions(node.generators)}}`;
  }
}

function items(elts: Node[]): string {
  return elts.length === 1 ? `${write(elts[0] as Node, P.TEST)},` : elts.map((e) => write(e, P.TEST)).join(', ');
}

function comprehensions(gens: Comprehension[]): string {
  return gens.map((g) => `${g.isAsync ? ' async for ' : ' for '}${write(g.target, P.TUPLE)} in ${write(g.iter, P.TEST + 1)}${g.ifs.map((c) => ` if ${write(c, P.TEST + 1)}`).join('')}`).join('');
}
