/**
 * An honest non-LLM baseline: picks the offered tool whose name, description
 * and parameter names best match the request (BM25), then fills parameters
 * with values found in the request by simple patterns (quoted text, ids,
 * dates, numbers, enum words). It shows what surface matching alone achieves.
 */
import { newDict, PyFloat, type PyValue } from '../core/pyvalue';
import type { Engine, GenerateRequest, GenerateResult, Sample, ToolSchema } from '../core/types';
import { formatPythonCalls } from '../parsing/format-calls';
import type { ParamSchema } from '../scoring/bfcl-ast';

const STOP = new Set('a an the of in on to for with and or by from at is are be this that it its as all any my our me i you we please can could would'.split(' '));

export function terms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w));
}

export function toolText(t: ToolSchema): string {
  return `${t.name.replace(/[._]/g, ' ')} ${t.description ?? ''} ${Object.keys(t.parameters.properties).join(' ').replace(/_/g, ' ')}`;
}

/** BM25 scores of documents for a query (k1 = 1.2, b = 0.75). */
export function bm25(query: string[], docs: string[][]): number[] {
  const n = docs.length;
  const avg = docs.reduce((a, d) => a + d.length, 0) / Math.max(n, 1);
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1);
  return docs.map((d) => {
    const tf = new Map<string, number>();
    for (const w of d) tf.set(w, (tf.get(w) ?? 0) + 1);
    let s = 0;
    for (const q of new Set(query)) {
      const f = tf.get(q);
      if (!f) continue;
      const idf = Math.log(1 + (n - (df.get(q) ?? 0) + 0.5) / ((df.get(q) ?? 0) + 0.5));
      s += (idf * f * 2.2) / (f + 1.2 * (1 - 0.75 + (0.75 * d.length) / avg));
    }
    return s;
  });
}

interface Found {
  quoted: string[];
  ids: string[];
  dates: string[];
  emails: string[];
  numbers: string[];
}

function extract(q: string): Found {
  return {
    quoted: [...q.matchAll(/"([^"]+)"|'([^']+)'/g)].map((m) => (m[1] ?? m[2]) as string),
    emails: q.match(/[\w.+-]+@[\w-]+\.[\w.]+/g) ?? [],
    dates: q.match(/\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?|\b\d{2}:\d{2}\b/g) ?? [],
    ids: q.match(/\b(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+\b|\b[A-Z]{2,}\d+[A-Z0-9]*\b|\bi-[0-9a-f]{6,}\b/g) ?? [],
    numbers: q.match(/(?<![\w-])\d+(?:\.\d+)?(?![\w-])/g) ?? [],
  };
}

function fill(name: string, p: ParamSchema, q: string, found: Found, used: Set<string>): PyValue | undefined {
  const take = (list: string[]) => list.find((v) => !used.has(v));
  const lname = name.toLowerCase();
  if (p.enum && p.enum.length) {
    const hit = p.enum.find((e) => typeof e === 'string' && new RegExp(`\\b${e.replace(/_/g, '[ _]')}\\b`, 'i').test(q));
    return hit ?? undefined;
  }
  switch (p.type) {
    case 'boolean':
      return terms(name).every((w) => q.toLowerCase().includes(w)) ? true : undefined;
    case 'integer': {
      const v = take(found.numbers.filter((n) => !n.includes('.')));
      return v === undefined ? undefined : Number(v);
    }
    case 'float': {
      const v = take(found.numbers);
      return v === undefined ? undefined : new PyFloat(Number(v));
    }
    case 'string': {
      if (/email|address/.test(lname) && found.emails.length) return take(found.emails);
      if (/date|time|slot|start|publish|expire|check_in/.test(lname) && found.dates.length) return take(found.dates);
      if (/_id$|^id$|number|serial|code|plate|card|iban/.test(lname) && found.ids.length) return take(found.ids);
      if (found.quoted.length) return take(found.quoted);
      return undefined;
    }
  }
  return undefined;
}

export function baselineAnswer(question: string, tools: readonly ToolSchema[]): string {
  if (tools.length === 0) return '[]';
  const scores = bm25(terms(question), tools.map((t) => terms(toolText(t))));
  let best = 0;
  scores.forEach((s, i) => {
    if (s > (scores[best] as number)) best = i;
  });
  const tool = tools[best] as ToolSchema;
  const found = extract(question);
  const used = new Set<string>();
  const args = newDict();
  const params = Object.entries(tool.parameters.properties);
  const required = new Set(tool.parameters.required ?? []);
  for (const [name, p] of [...params.filter(([n]) => required.has(n)), ...params.filter(([n]) => !required.has(n))]) {
    const v = fill(name, p, question, found, used);
    if (v === undefined) continue;
    args[name] = v;
    if (typeof v === 'string') used.add(v);
    else if (typeof v === 'number' || v instanceof PyFloat) used.add(String(v instanceof PyFloat ? v.value : v));
  }
  return formatPythonCalls([{ name: tool.name, args }]);
}

function lastUserMessage(request: GenerateRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) if (request.messages[i]?.role === 'user') return request.messages[i]?.content ?? '';
  return '';
}

export function createBaselineEngine(): Engine {
  return {
    info: { id: 'baseline', kind: 'baseline', model: 'BM25 tool choice + pattern slot filling' },
    async generate(request: GenerateRequest, sample: Sample): Promise<GenerateResult> {
      const t0 = performance.now();
      const text = baselineAnswer(lastUserMessage(request), sample.tools);
      return { text, finishReason: 'stop', usage: { promptTokens: sample.promptTokens, completionTokens: 0 }, timings: { prefillMs: performance.now() - t0, decodeMs: 0 } };
    },
  };
}
