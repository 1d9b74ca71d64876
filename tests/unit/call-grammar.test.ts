import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { type PyValue, pyType, isDict } from '../../src/lib/core/pyvalue';
import { Rng } from '../../src/lib/core/random';
import type { ToolSchema } from '../../src/lib/core/types';
import { parseCalls } from '../../src/lib/parsing';
import { buildCallGrammar, DEFAULT_GRAMMAR_LIMITS, GrammarError } from '../../src/lib/parsing/call-grammar';
import type { ParamSchema } from '../../src/lib/core/schema';
import { generate, matches, parseGbnf } from '../../harness/gbnf';

const TOOLS: ToolSchema[] = [
  {
    name: 'book_flight',
    description: 'every BFCL parameter type',
    parameters: {
      type: 'dict',
      properties: {
        origin: { type: 'string' },
        passengers: { type: 'integer' },
        budget: { type: 'float' },
        flexible: { type: 'boolean' },
        cabin: { type: 'string', enum: ['economy', 'business'] },
        stops: { type: 'array', items: { type: 'string' } },
        seats: { type: 'array', items: { type: 'integer' } },
        window: { type: 'tuple', items: { type: 'float' } },
        contact: { type: 'dict', properties: { email: { type: 'string' }, phone: { type: 'string' } }, required: ['email'] } as ParamSchema,
        extras: { type: 'dict' },
        note: { type: 'any' },
        score: { type: 'number' },
      },
      required: ['origin', 'passengers'],
    },
  },
  { name: 'math.factorial', parameters: { type: 'dict', properties: { n: { type: 'integer' } }, required: ['n'] } },
  { name: 'ping', parameters: { type: 'dict', properties: {} } },
  { name: 'search', parameters: { type: 'dict', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: [] } },
];

const python = parseGbnf(buildCallGrammar(TOOLS, 'bfcl-python', { ...DEFAULT_GRAMMAR_LIMITS, minCalls: 0 }));
const json = parseGbnf(buildCallGrammar(TOOLS, 'json'));

function typeOk(schema: ParamSchema, v: PyValue): boolean {
  if (schema.enum) return schema.enum.includes(v as never);
  const t = pyType(v);
  switch (schema.type) {
    case 'string':
      return t === 'str';
    case 'integer':
      return t === 'int';
    case 'float':
    case 'number':
      return t === 'int' || t === 'float';
    case 'boolean':
      return t === 'bool';
    case 'array':
    case 'tuple':
      return Array.isArray(v) && v.every((x) => typeOk((schema.items ?? { type: 'any' }) as ParamSchema, x));
    case 'dict': {
      if (!isDict(v)) return false;
      const props = schema.properties;
      if (!props) return true;
      const req = (schema as ParamSchema & { required?: string[] }).required ?? [];
      return req.every((k) => k in v) && Object.entries(v).every(([k, x]) => props[k] !== undefined && typeOk(props[k], x));
    }
    default:
      return true;
  }
}

/** Every call names an offered tool, has its required parameters, only known ones, each of its type. */
function validCalls(text: string, format: 'bfcl-python' | 'json', tools: readonly ToolSchema[]): string | null {
  const parsed = parseCalls(text, format);
  if (!parsed.ok) return `does not parse: ${parsed.error.message}`;
  for (const c of parsed.calls) {
    const tool = tools.find((t) => t.name === c.name);
    if (!tool) return `unknown function ${c.name}`;
    const props = tool.parameters.properties;
    for (const r of tool.parameters.required ?? []) if (!(r in c.args)) return `${c.name}: missing ${r}`;
    for (const [k, v] of Object.entries(c.args)) {
      if (!props[k]) return `${c.name}: unknown parameter ${k}`;
      if (!typeOk(props[k], v)) return `${c.name}: ${k} has the wrong type`;
    }
  }
  return null;
}

describe('call grammar', () => {
  it('accepts well-formed answers in the python-call format', () => {
    for (const text of [
      '[]',
      '[ping()]',
      '[math.factorial(n=5)]',
      '[search()]',
      '[search(limit=3)]',
      "[search(query='single quotes, as repr writes them', limit=3)]",
      '[book_flight(origin="Oslo", passengers=2)]',
      '[book_flight(origin="Oslo", passengers=-1, budget=1200.5, flexible=True, cabin=\'business\', stops=["CPH", "AMS"], seats=[1, 2], window=[8.5, 12], contact={"email": "a@b.c"}, extras={"k": None}, note=[1, "x"], score=3)]',
      '[book_flight(origin="A", passengers=1, contact={"email": "x", "phone": "1"}), math.factorial(n=0)]',
    ]) {
      expect(matches(python, text), text).toBe(true);
      expect(validCalls(text, 'bfcl-python', TOOLS), text).toBeNull();
    }
  });

  it('rejects unknown functions, unknown or missing parameters, wrong types and enum values, and unbounded values', () => {
    const long = 'x'.repeat(DEFAULT_GRAMMAR_LIMITS.maxStringLength + 1);
    for (const text of [
      '[fly(origin="Oslo")]',
      '[book_flight(passengers=2)]',
      '[book_flight(origin="Oslo", passengers=2, pets=1)]',
      '[book_flight(origin="Oslo", passengers="two")]',
      '[book_flight(origin="Oslo", passengers=2.5)]',
      '[book_flight(origin="Oslo", passengers=007)]',
      '[book_flight(origin="Oslo", passengers=2, cabin=\'first\')]',
      '[book_flight(origin="Oslo", passengers=2, contact={"phone": "1"})]',
      `[search(query="${long}")]`,
      '[math.factorial(n=5)',
      'math.factorial(n=5)',
      '[math.factorial(n=5)] trailing',
      '[search(, limit=3)]',
    ]) {
      expect(matches(python, text), text).toBe(false);
    }
  });

  it('every answer it can produce parses to valid calls of offered functions (python and JSON)', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 400; i++) {
      const p = generate(python, rng);
      expect(validCalls(p, 'bfcl-python', TOOLS), p).toBeNull();
      expect(matches(python, p)).toBe(true);
      const j = generate(json, rng);
      expect(validCalls(j, 'json', TOOLS), j).toBeNull();
    }
  });

  it('spells JSON answers the way the JSON parser reads them', () => {
    const text = '[{"name": "book_flight", "arguments": {"origin": "Oslo", "passengers": 2, "flexible": false, "extras": {"a": null}}}]';
    expect(matches(json, text)).toBe(true);
    expect(validCalls(text, 'json', TOOLS)).toBeNull();
    expect(matches(json, text.replace('false', 'False'))).toBe(false);
  });

  it('builds a grammar llama.cpp can read for every tool of the built-in catalog', () => {
    const tools = buildCatalogPack(42).tools;
    const text = buildCallGrammar(tools, 'bfcl-python');
    for (const line of text.trim().split('\n')) expect(line).toMatch(/^[a-zA-Z0-9-]+ ::= /);
    const g = parseGbnf(text);
    const rng = new Rng(1);
    for (let i = 0; i < 200; i++) {
      const p = generate(g, rng);
      expect(validCalls(p, 'bfcl-python', tools), p).toBeNull();
    }
  });

  it('forces at least one call by default, and admits [] when asked to', () => {
    const forced = parseGbnf(buildCallGrammar(TOOLS, 'bfcl-python'));
    expect(matches(forced, '[]')).toBe(false);
    expect(matches(forced, '[ping()]')).toBe(true);
    expect(matches(python, '[]')).toBe(true);
    const rng = new Rng(3);
    for (let i = 0; i < 50; i++) expect(generate(forced, rng)).not.toBe('[]');
  });

  it('refuses to build a grammar without tools', () => {
    expect(() => buildCallGrammar([], 'bfcl-python')).toThrow(GrammarError);
  });
});
