/**
 * The switch-parity corpus (../shared/reference/wildagteval/switch-parity, skipped without it): 333 calls of the
 * informational-notice and partially-irrelevant-information functions, with their twins switched off, each
 * answered by the re-implemented API system exactly as WildAgtEval's code answered it. Where Python's
 * per-process string hash decides part of an answer, the case marks it: a list compared as a multiset, values
 * that may be any of the allowed ones.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWildAgtEvalCalls } from '../../src/cli/suites/wildagteval-benchmark/calls';

const DIR = '../shared/reference/wildagteval/switch-parity';
const haveShared = existsSync(join(DIR, 'cases.jsonl'));
if (!haveShared) console.warn(`skipping the WildAgtEval switch-parity corpus: ${DIR} is not present (it comes with ../shared, not with the repository)`);

interface Expected {
  id: string;
  output: string;
  order_free?: string[];
  hash_free?: Record<string, unknown[]>;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const BLANK = '\u0000hash-free\u0000';

/** The value's parent and key at a dotted path (integer segments index lists), or null. */
function parentOf(root: Json, path: string): { parent: Json[] | Record<string, Json>; key: string | number } | null {
  const parts = path.split('.');
  let cur: Json = root;
  for (const p of parts.slice(0, -1)) {
    if (Array.isArray(cur) && /^\d+$/.test(p)) cur = cur[Number(p)] ?? null;
    else if (cur !== null && typeof cur === 'object' && !Array.isArray(cur) && p in cur) cur = cur[p] as Json;
    else return null;
  }
  const last = parts.at(-1) as string;
  if (Array.isArray(cur) && /^\d+$/.test(last) && Number(last) < cur.length) return { parent: cur, key: Number(last) };
  if (cur !== null && typeof cur === 'object' && !Array.isArray(cur) && last in cur) return { parent: cur, key: last };
  return null;
}

const canonical = (v: Json): string =>
  JSON.stringify(v, (_k, x: Json) => (x !== null && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));

/** compare.py's normalise: allowed hash-decided values blanked, order-free lists sorted. */
function normalised(text: string, e: Expected): string {
  const v = JSON.parse(text) as Json;
  for (const [path, allowed] of Object.entries(e.hash_free ?? {})) {
    const at = parentOf(v, path);
    if (!at) continue;
    const value = (at.parent as Record<string | number, Json>)[at.key];
    if (allowed.some((a) => a === value)) (at.parent as Record<string | number, Json>)[at.key] = BLANK;
  }
  for (const path of e.order_free ?? []) {
    const at = parentOf(v, path);
    const list = at && (at.parent as Record<string | number, Json>)[at.key];
    if (at && Array.isArray(list)) (at.parent as Record<string | number, Json>)[at.key] = [...list].sort((a, b) => (canonical(a) < canonical(b) ? -1 : 1));
  }
  return canonical(v);
}

describe.skipIf(!haveShared)("WildAgtEval's notice and irrelevant-information switches, call by call", () => {
  const expected = haveShared
    ? readFileSync(join(DIR, 'expected.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Expected)
    : [];
  const lines: string[] = [];
  const errors: string[] = [];
  const counts = haveShared
    ? runWildAgtEvalCalls(
        [join(DIR, 'cases.jsonl')],
        (l) => lines.push(l),
        (l) => errors.push(l),
      )
    : { calls: 0, errors: 0 };
  const outputs = new Map(
    lines
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { id: string; output: string })
      .map((o) => [o.id, o.output]),
  );

  it('runs every case and ends with the count', () => {
    expect(errors).toEqual([]);
    expect(counts).toEqual({ calls: expected.length, errors: 0 });
    expect(lines.at(-1)).toBe(`calls ${expected.length}, errors 0`);
  });

  it("answers byte for byte as WildAgtEval's code, apart from what Python's string hash decides", () => {
    const differing = expected.filter((e) => {
      const got = outputs.get(e.id);
      if (got === undefined) return true;
      if (!e.order_free && !e.hash_free) return got !== e.output;
      return normalised(got, e) !== normalised(e.output, e);
    });
    expect(differing.map((e) => `${e.id}: ${outputs.get(e.id)?.slice(0, 200)} ≠ ${e.output.slice(0, 200)}`)).toEqual([]);
  });
});

describe.skipIf(!haveShared)("the repository's no-complexity copy, on the corpus's calls with every switch off", () => {
  // checked here against API_NoComplexity's own code: it answers as the complexity copy but for two functions
  const cases = haveShared
    ? readFileSync(join(DIR, 'cases.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: string; api: string; params: Record<string, unknown>; switches: string[] })
    : [];
  const base = cases.filter((c) => c.switches.length === 0);
  const expected = new Map(
    haveShared
      ? readFileSync(join(DIR, 'expected.jsonl'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Expected)
          .map((e) => [e.id, e.output])
      : [],
  );

  it('answers as the complexity copy, except a colour name stored as its hex value, a time range it reads only in its legacy forms, and its own knowledge texts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nc-'));
    const file = join(dir, 'cases.jsonl');
    writeFileSync(file, base.map((c) => JSON.stringify({ ...c, variant: 'no_complexity' })).join('\n'));
    const lines: string[] = [];
    runWildAgtEvalCalls(
      [file, '--databases', '../shared/reference/wildagteval/databases'],
      (l) => lines.push(l),
      () => undefined,
    );
    const outputs = new Map(
      lines
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { id: string; output: string })
        .map((o) => [o.id, o.output]),
    );
    const differing = base.filter((c) => outputs.get(c.id) !== expected.get(c.id));
    // knowledge_lookup reads the copy's own mock data (other texts for the companies)
    expect([...new Set(differing.map((c) => c.api))].sort()).toEqual(['color_set', 'get_call_history', 'knowledge_lookup']);
    for (const c of differing.filter((x) => x.api === 'color_set')) expect(String(c.params.color)).toMatch(/^[A-Za-z]+$/);
    for (const c of differing.filter((x) => x.api === 'get_call_history')) expect(String(c.params.time_range)).not.toMatch(/^\d+(d|w|m|y|h|min)?$/);
    expect(outputs.get(base.find((c) => c.api === 'color_set' && c.params.color === 'purple')!.id)).toContain('"color": "#800080"');
  });
});
