/**
 * A grammar (GBNF, which llama.cpp reads and WebLLM's EBNF accepts) that admits
 * only calls to the offered functions, with their parameter names and value
 * types, in the output format the prompt asks for. Given to the engine as a
 * constraint, it removes format errors and leaves selection errors visible.
 *
 * Strings, numbers and lists are bounded: an unbounded string can run a small
 * model into `max_tokens` without ever closing the call.
 */
import { type PyValue, toPlain, pyRepr } from '../core/pyvalue';
import type { ToolSchema } from '../core/types';
import type { ParamSchema } from '../core/schema';

export type GrammarFormat = 'bfcl-python' | 'json';

export interface GrammarLimits {
  /** characters in a string value */
  maxStringLength: number;
  /** digits in a number */
  maxDigits: number;
  /** items in a list value */
  maxItems: number;
  /** calls in one answer */
  maxCalls: number;
  /** 1 forces at least one call (like tool_choice 'required'); 0 also admits the empty answer `[]` */
  minCalls: 0 | 1;
}

export const DEFAULT_GRAMMAR_LIMITS: GrammarLimits = { maxStringLength: 48, maxDigits: 9, maxItems: 6, maxCalls: 4, minCalls: 1 };

export class GrammarError extends Error {
  override name = 'GrammarError';
}

/** How each format spells literals and separators. */
interface Spelling {
  trueLit: string;
  falseLit: string;
  noneLit: string;
  literal(v: PyValue): string;
  call(name: string, args: string): string[];
  arg(name: string): string;
  emptyArgs: string;
}

const PYTHON: Spelling = {
  trueLit: 'True',
  falseLit: 'False',
  noneLit: 'None',
  literal: (v) => pyRepr(v),
  call: (name, args) => [lit(`${name}(`), args, lit(')')],
  arg: (name) => lit(`${name}=`),
  emptyArgs: '',
};

const JSON_SPELLING: Spelling = {
  trueLit: 'true',
  falseLit: 'false',
  noneLit: 'null',
  literal: (v) => JSON.stringify(toPlain(v)),
  call: (name, args) => [lit(`{"name": ${JSON.stringify(name)}, "arguments": {`), args, lit('}}')],
  arg: (name) => lit(`${JSON.stringify(name)}: `),
  emptyArgs: '',
};

/** A GBNF string literal. */
function lit(text: string): string {
  return (
    '"' +
    text
      .replace(/[\\"]/g, (c) => '\\' + c)
      .replace(/\n/g, '\\n')
      .replace(/\r/g, '\\r')
      .replace(/\t/g, '\\t') +
    '"'
  );
}

/** A grammar that admits `text` alone: how an engine is made to read a given continuation (teacher forcing). */
export const literalGrammar = (text: string): string => `root ::= ${lit(text)}`;

const SEP = lit(', ');

class RuleSet {
  private readonly rules = new Map<string, string>();
  private readonly byBody = new Map<string, string>();

  /** Names a body once; the same body always gets the same rule. */
  add(prefix: string, body: string): string {
    const existing = this.byBody.get(body);
    if (existing) return existing;
    const name = `${prefix}${this.rules.size}`;
    this.rules.set(name, body);
    this.byBody.set(body, name);
    return name;
  }

  text(root: string): string {
    return [`root ::= ${root}`, ...[...this.rules].map(([name, body]) => `${name} ::= ${body}`)].join('\n') + '\n';
  }
}

class Builder {
  constructor(
    private readonly rules: RuleSet,
    private readonly spell: Spelling,
    private readonly limits: GrammarLimits,
  ) {}

  private bounded(item: string, max: number): string {
    // item (sep item){0,max-1}, all optional
    if (max <= 0) return '""';
    return max === 1 ? `(${item})?` : `(${item} (${SEP} ${item}){0,${max - 1}})?`;
  }

  string(): string {
    const n = this.limits.maxStringLength;
    const double = `"\\"" [^"\\\\\\x00-\\x1f]{0,${n}} "\\""`;
    // Python also writes 'single-quoted' strings (repr does); JSON does not
    const single = `"'" [^'\\\\\\x00-\\x1f]{0,${n}} "'"`;
    return this.rules.add('str', this.spell === PYTHON ? `(${double} | ${single})` : double);
  }

  integer(): string {
    return this.rules.add('int', `("0" | "-"? [1-9] [0-9]{0,${this.limits.maxDigits - 1}})`);
  }

  float(): string {
    return this.rules.add('num', `${this.integer()} ("." [0-9]{1,${this.limits.maxDigits}})?`);
  }

  boolean(): string {
    return this.rules.add('bool', `(${lit(this.spell.trueLit)} | ${lit(this.spell.falseLit)})`);
  }

  /** Any scalar, or a flat list of them: for untyped parameters. */
  any(): string {
    const scalar = this.rules.add('scalar', `(${this.string()} | ${this.float()} | ${this.boolean()} | ${lit(this.spell.noneLit)})`);
    return this.rules.add('any', `(${scalar} | "[" ${this.bounded(scalar, this.limits.maxItems)} "]")`);
  }

  list(items: ParamSchema | undefined): string {
    const item = items ? this.value(items) : this.any();
    return this.rules.add('list', `"[" ${this.bounded(item, this.limits.maxItems)} "]"`);
  }

  dict(p: ParamSchema): string {
    const props = p.properties;
    if (!props || Object.keys(props).length === 0) {
      const entry = this.rules.add('entry', `${this.string()} ": " ${this.any()}`);
      return this.rules.add('dict', `"{" ${this.bounded(entry, this.limits.maxItems)} "}"`);
    }
    const required = new Set((p as ParamSchema & { required?: string[] }).required ?? []);
    const fields = Object.entries(props).map(([name, schema]) => ({
      text: this.rules.add('field', `${lit(`${JSON.stringify(name)}: `)} ${this.value(schema)}`),
      required: required.has(name),
    }));
    return this.rules.add('dict', `"{" ${this.sequence(fields)} "}"`);
  }

  value(p: ParamSchema): string {
    if (p.enum && p.enum.length > 0) return this.rules.add('enum', `(${p.enum.map((v) => lit(this.spell.literal(v))).join(' | ')})`);
    switch (p.type.toLowerCase()) {
      case 'string':
      case 'str':
      case 'char':
        return this.string();
      case 'integer':
      case 'int':
      case 'long':
      case 'short':
      case 'byte':
        return this.integer();
      case 'float':
      case 'number':
      case 'double':
        return this.float();
      case 'boolean':
      case 'bool':
        return this.boolean();
      case 'array':
      case 'list':
      case 'tuple':
      case 'arraylist':
        return this.list(p.items as ParamSchema | undefined);
      case 'dict':
      case 'object':
      case 'hashmap':
        return this.dict(p);
      default:
        return this.any();
    }
  }

  /**
   * Fields in schema order; required ones always, optional ones maybe, with
   * separators right wherever the first present field falls.
   */
  sequence(fields: { text: string; required: boolean }[]): string {
    // tail(i): what may follow once something has been written: (", " field_i)? or ", " field_i …
    const tails: string[] = new Array(fields.length + 1);
    tails[fields.length] = '""';
    for (let i = fields.length - 1; i >= 1; i--) {
      const f = fields[i]!;
      const step = `${SEP} ${f.text}`;
      tails[i] = this.rules.add('tail', f.required ? `${step} ${tails[i + 1]}` : `(${step})? ${tails[i + 1]}`);
    }
    // head: the first field written is field k; every required field before k would have to be written, so k ≤ first required
    const firstRequired = fields.findIndex((f) => f.required);
    const last = firstRequired < 0 ? fields.length - 1 : firstRequired;
    const starts: string[] = [];
    for (let k = 0; k <= last; k++) starts.push(`${fields[k]!.text} ${tails[k + 1]}`);
    if (starts.length === 0) return '""';
    const head = starts.length === 1 ? starts[0]! : `(${starts.join(' | ')})`;
    return firstRequired < 0 ? `(${head})?` : head;
  }

  call(tool: ToolSchema): string {
    const props = tool.parameters?.properties ?? {};
    const required = new Set(tool.parameters?.required ?? []);
    const fields = Object.entries(props).map(([name, schema]) => ({
      text: this.rules.add('arg', `${this.spell.arg(name)} ${this.value(schema)}`),
      required: required.has(name),
    }));
    const args = fields.length ? this.sequence(fields) : lit(this.spell.emptyArgs);
    return this.rules.add('call', this.spell.call(tool.name, args).join(' '));
  }
}

/** The grammar of an answer: a list of calls of the offered tools (between `minCalls` and `maxCalls`). */
export function buildCallGrammar(tools: readonly ToolSchema[], format: GrammarFormat, limits: GrammarLimits = DEFAULT_GRAMMAR_LIMITS): string {
  if (tools.length === 0) throw new GrammarError('no tools to constrain the answer to');
  const rules = new RuleSet();
  const spell = format === 'json' ? JSON_SPELLING : PYTHON;
  const b = new Builder(rules, spell, limits);
  const calls = [...new Set(tools.map((t) => b.call(t)))];
  const anyCall = rules.add('calls', calls.length === 1 ? calls[0]! : `(${calls.join(' | ')})`);
  const max = Math.max(1, limits.maxCalls);
  const list = max === 1 ? anyCall : `${anyCall} (${SEP} ${anyCall}){0,${max - 1}}`;
  return rules.text(`"[" ${limits.minCalls === 0 ? `(${list})?` : list} "]"`);
}
