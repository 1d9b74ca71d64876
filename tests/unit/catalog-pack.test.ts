import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { simulatedSchemas } from '../../src/lib/simulate/composition';
import { loadBfclCorpus } from '../../src/cli/parity/parity-bfcl';
import { decodeBfclPython } from '../../src/lib/parsing/bfcl-python';
import { formatPythonCalls } from '../../src/lib/parsing/format-calls';
import { canonicalCalls, checkBfclSample } from '../../src/lib/scoring/bfcl-ast';

describe('built-in catalog pack', () => {
  const pack = buildCatalogPack();

  it('has at least 300 distinct tools over many domains, each with requests, and the simulated tools as distractors', () => {
    const simulated = new Set(simulatedSchemas().map((t) => t.name));
    const own = pack.tools.filter((t) => !simulated.has(t.name));
    expect(own.length).toBeGreaterThanOrEqual(300);
    expect(pack.tools.length).toBe(own.length + simulated.size);
    expect(new Set(pack.tools.map((t) => t.name)).size).toBe(pack.tools.length);
    expect(new Set(own.map((t) => t.name.split('_')[0])).size).toBeGreaterThanOrEqual(25);
    const withItems = new Set(pack.items.map((i) => i.tools[0]?.name));
    expect(withItems.size).toBe(own.length);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildCatalogPack())).toBe(JSON.stringify(pack));
    expect(JSON.stringify(buildCatalogPack(7))).not.toBe(JSON.stringify(pack));
  });

  it('every request states the values its ground truth requires', () => {
    for (const item of pack.items) {
      const [call] = canonicalCalls(item.possibleAnswer, item.tools);
      for (const v of Object.values(call?.args ?? {})) {
        if (typeof v !== 'string') continue;
        const q = item.question.toLowerCase();
        expect(q.includes(v.toLowerCase()) || q.includes(v.replace(/_/g, ' ').toLowerCase()), `${item.id}: ${v}`).toBe(true);
      }
    }
  });

  it('the canonical answer of every item passes the checker, with the item tools offered among distractors', () => {
    for (const item of pack.items) {
      const out = formatPythonCalls(canonicalCalls(item.possibleAnswer, item.tools));
      const offered = [...pack.tools.slice(0, 5), ...item.tools];
      const r = checkBfclSample('multiple', offered, item.possibleAnswer, decodeBfclPython(out));
      expect(r.errorType, `${item.id}: ${out}`).toBeNull();
    }
  });
});

describe.skipIf(!existsSync('../shared/parity/bfcl-ast'))('canonical answers on BFCL samples', () => {
  it('pass the checker except on the BFCL data quirks the corpus lists', () => {
    const { samples } = loadBfclCorpus('../shared/parity/bfcl-ast');
    const failing: string[] = [];
    for (const s of samples.values()) {
      if (!s.possibleAnswer) continue;
      const out = formatPythonCalls(canonicalCalls(s.possibleAnswer, s.functions));
      if (!checkBfclSample(s.category, s.functions, s.possibleAnswer, decodeBfclPython(out)).valid) failing.push(s.id);
    }
    expect(failing.length).toBeLessThanOrEqual(7);
  });
});
