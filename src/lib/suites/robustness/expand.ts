/**
 * The robustness paper's expanded toolkit, without a generator model: tools a
 * shortlister would add for this request (BM25 over name, description and
 * parameter names, queried with the request and the offered tools), leaving out
 * any whose signature is too close to an offered tool's (functionally the same
 * tool under another name would make the ground truth ambiguous).
 */
import { bm25, cosine, terms, tfidf, toolSignature, toolText } from '../../core/text-similarity';
import type { ToolSchema } from '../../core/types';

export interface ExpansionOptions {
  /** tools to add (the paper added about 3 on average) */
  added: number;
  /** largest allowed signature similarity to an offered tool (the paper: 0.8) */
  threshold: number;
}

export const PAPER_EXPANSION: ExpansionOptions = { added: 3, threshold: 0.8 };

export interface Expansion {
  added: ToolSchema[];
  /** candidates ranked high enough but left out as too similar */
  tooSimilar: { name: string; similarity: number }[];
  /** signature similarity of each added tool to its closest offered tool */
  similarity: number[];
}

/** Pool-wide pieces computed once per run: term lists and TF-IDF signature vectors. */
export class ToolIndex {
  private readonly terms: string[][];
  private readonly signatures: Map<string, number>[];
  private readonly byName = new Map<string, number>();

  constructor(readonly pool: readonly ToolSchema[]) {
    this.terms = pool.map((t) => terms(toolText(t)));
    this.signatures = tfidf(pool.map((t) => terms(toolSignature(t))));
    pool.forEach((t, i) => this.byName.set(t.name, i));
  }

  /** Signature similarity of two tools of the pool (TF-IDF cosine). */
  similarity(a: ToolSchema, b: ToolSchema): number {
    const ia = this.byName.get(a.name);
    const ib = this.byName.get(b.name);
    if (ia === undefined || ib === undefined) throw new Error(`tool ${ia === undefined ? a.name : b.name} is not in the pool`);
    return cosine(this.signatures[ia] as Map<string, number>, this.signatures[ib] as Map<string, number>);
  }

  expand(question: string, offered: readonly ToolSchema[], opts: ExpansionOptions): Expansion {
    const offeredNames = new Set(offered.map((t) => t.name));
    const query = terms(`${question} ${offered.map(toolText).join(' ')}`);
    const scores = bm25(query, this.terms);
    const ranked = this.pool
      .map((tool, i) => ({ tool, score: scores[i] as number }))
      .filter((c) => c.score > 0 && !offeredNames.has(c.tool.name))
      .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name));
    const out: Expansion = { added: [], tooSimilar: [], similarity: [] };
    for (const { tool } of ranked) {
      if (out.added.length >= opts.added) break;
      const closest = Math.max(0, ...offered.map((o) => this.similarity(tool, o)), ...out.added.map((o) => this.similarity(tool, o)));
      if (closest > opts.threshold) out.tooSimilar.push({ name: tool.name, similarity: closest });
      else {
        out.added.push(tool);
        out.similarity.push(closest);
      }
    }
    return out;
  }
}
