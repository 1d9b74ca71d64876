// A heatmap cell says the same on hover in the app and in the runner's SVG, and a lenient heatmap gives the lenient accuracy's own interval.
import { describe, expect, it } from 'vitest';
import { type CellStats, heatCellTitle, wilson } from '../../src/lib/analysis/catalog';
import { heatmapSvg } from '../../src/lib/analysis/svg';

const cell = (correct: number, lenientCorrect: number, n: number): CellStats => {
  const [low, high] = wilson(correct, n);
  return { length: 2048, alpha: 0.5, n, correct, lenientCorrect, accuracy: correct / n, lenientAccuracy: lenientCorrect / n, low, high };
};

describe("a heatmap cell's title", () => {
  it('names the length and α, the accuracy and its interval; lenient, the lenient accuracy and its own interval', () => {
    const c = cell(2, 8, 10);
    expect(heatCellTitle(c)).toBe('2K tokens, α 0.5: 20.0% of 10 (95% Wilson interval 6–51%)');
    expect(heatCellTitle(c, true)).toBe('2K tokens, α 0.5: 80.0% lenient of 10 (95% Wilson interval 49–94%)');
  });
  it("is the runner's SVG title too", () => {
    const c = cell(3, 3, 4);
    expect(heatmapSvg([c], 'catalog')).toContain(`<title>${heatCellTitle(c)}</title>`);
  });
});
