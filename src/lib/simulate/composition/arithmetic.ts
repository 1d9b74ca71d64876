/** A small arithmetic evaluator (numbers, + − × ÷ % ^, parentheses, sqrt/abs/round): no eval. */
import { fail } from '../define';

export function evaluateExpression(text: string): number {
  const src = text.replace(/[×]/g, '*').replace(/[÷]/g, '/').replace(/[−–]/g, '-');
  let i = 0;
  const peek = () => {
    while (src[i] === ' ' || src[i] === '\t') i++;
    return src[i] ?? '';
  };
  const expect = (ch: string) => {
    if (peek() !== ch) fail('invalid_arguments', `expected '${ch}' at position ${i + 1} of the expression`);
    i++;
  };
  const primary = (): number => {
    const ch = peek();
    if (ch === '(') {
      i++;
      const v = sum();
      expect(')');
      return v;
    }
    if (ch === '-') {
      i++;
      return -power();
    }
    if (ch === '+') {
      i++;
      return power();
    }
    const fn = /^(sqrt|abs|round)\s*\(/.exec(src.slice(i));
    if (fn) {
      i += fn[0].length;
      const v = sum();
      expect(')');
      if (fn[1] === 'sqrt') {
        if (v < 0) fail('execution_error', 'square root of a negative number');
        return Math.sqrt(v);
      }
      return fn[1] === 'abs' ? Math.abs(v) : Math.round(v);
    }
    const num = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|^\.\d+/.exec(src.slice(i));
    if (!num) fail('invalid_arguments', ch ? `unexpected '${ch}' at position ${i + 1} of the expression` : 'the expression ends too early');
    i += num[0].length;
    return Number(num[0]);
  };
  const power = (): number => {
    const base = primary();
    if (peek() === '^' || src.startsWith('**', i)) {
      i += src[i] === '^' ? 1 : 2;
      return base ** power();
    }
    return base;
  };
  const product = (): number => {
    let v = power();
    for (;;) {
      const ch = peek();
      if (ch === '*' && src[i + 1] !== '*') {
        i++;
        v *= power();
      } else if (ch === '/') {
        i++;
        const d = power();
        if (d === 0) fail('execution_error', 'division by zero');
        v /= d;
      } else if (ch === '%') {
        i++;
        const d = power();
        if (d === 0) fail('execution_error', 'modulo by zero');
        v %= d;
      } else return v;
    }
  };
  const sum = (): number => {
    let v = product();
    for (;;) {
      const ch = peek();
      if (ch === '+') {
        i++;
        v += product();
      } else if (ch === '-') {
        i++;
        v -= product();
      } else return v;
    }
  };
  if (src.trim() === '') fail('invalid_arguments', 'the expression is empty');
  const v = sum();
  if (peek() !== '') fail('invalid_arguments', `unexpected '${peek()}' at position ${i + 1} of the expression`);
  if (!Number.isFinite(v)) fail('execution_error', 'the result is not a finite number');
  return v;
}
