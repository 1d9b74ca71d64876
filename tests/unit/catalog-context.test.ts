import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { buildCatalogSamples, planCatalog } from '../../src/lib/suites/catalog';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';

const pack = buildCatalogPack();
const counter = new CachedCounter(llama3Counter);

describe('catalog suite with exact token budgets (Llama 3 tokenizer)', () => {
  const sweep = { lengths: [1000, 4000, 16000, 32000], positions: [0.1, 0.5, 0.9], samplesPerCell: 3, seed: 7 };
  const samples = buildCatalogSamples({ packs: [pack], sweep, template: DEFAULT_PROMPT, counter });

  it('builds every cell', () => expect(samples).toHaveLength(4 * 3 * 3));

  it('measures within ±0.5% of the target, counted on the whole prompt at once', () => {
    for (const s of samples) {
      const whole = s.messages.reduce((n, m) => n + llama3Counter.count(m.content), 0);
      expect(whole).toBe(s.promptTokens);
      expect(Math.abs(whole - s.cell.length) / s.cell.length, `${s.cell.length}@${s.cell.position}`).toBeLessThanOrEqual(0.005);
    }
  });

  it('puts the needle at position α of the catalog, and the tool is in the prompt', () => {
    for (const s of samples) {
      const [i] = s.needleIndexes as [number];
      expect(Math.abs(i / (s.tools.length - 1) - s.cell.position)).toBeLessThan(0.05 + 1 / s.tools.length);
      expect(s.messages[0]?.content).toContain(`"name":"${s.tools[i]?.name}"`);
    }
  });

  it('moves only the needle between positions of the same length', () => {
    const at = (pos: number) => samples.find((s) => s.cell.length === 16000 && s.cell.position === pos && s.itemId === samples[0]?.itemId);
    const a = at(0.1);
    const b = at(0.9);
    const without = (s: typeof a) => s?.tools.filter((_, i) => !s.needleIndexes.includes(i)).map((t) => t.name);
    expect(without(a)).toEqual(without(b));
  });

  it('is deterministic and has stable ids', () => {
    const again = buildCatalogSamples({ packs: [pack], sweep, template: DEFAULT_PROMPT, counter });
    expect(again.map((s) => s.id)).toEqual(samples.map((s) => s.id));
    expect(again[5]?.messages).toEqual(samples[5]?.messages);
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length);
    expect(planCatalog([pack], sweep).map((p) => p.id)).toEqual(samples.map((s) => s.id));
  });
});
