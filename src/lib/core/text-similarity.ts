/**
 * Surface similarity of texts and tools: word terms, BM25 ranking and TF-IDF
 * cosine. Used by the baseline engine (which tool fits a request) and by the
 * robustness suite (which tools a shortlister would add; which are too alike).
 */
import type { ToolSchema } from './types';

const STOP = new Set('a an the of in on to for with and or by from at is are be this that it its as all any my our me i you we please can could would'.split(' '));

export function terms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w));
}

/** What a shortlister sees of a tool: its name, description and parameter names. */
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

/** A tool's "signature" (the robustness paper's): name, description, parameter names and their descriptions. */
export function toolSignature(t: ToolSchema): string {
  const params = Object.entries(t.parameters.properties).map(([name, p]) => `${name.replace(/_/g, ' ')} ${p.description ?? ''}`);
  return `${t.name.replace(/[._]/g, ' ')} ${t.description ?? ''} ${params.join(' ')}`;
}

/** TF-IDF vectors of documents (log-scaled idf over these documents), as sparse maps. */
export function tfidf(docs: readonly string[][]): Map<string, number>[] {
  const n = docs.length;
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1);
  return docs.map((d) => {
    const v = new Map<string, number>();
    for (const w of d) v.set(w, (v.get(w) ?? 0) + 1);
    for (const [w, f] of v) v.set(w, f * (Math.log((1 + n) / (1 + (df.get(w) ?? 0))) + 1));
    return v;
  });
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [w, x] of a) {
    na += x * x;
    const y = b.get(w);
    if (y !== undefined) dot += x * y;
  }
  for (const y of b.values()) nb += y * y;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
