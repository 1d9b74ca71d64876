/**
 * Issue 19 item 10: projector mode and chart exports. One switch makes chart text at least 20 px,
 * labels lines directly and keeps every heatmap label at 4.5:1 contrast or more; the Results tab's
 * charts export SVG with a title and a caption of the run's configuration.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { catalogRunToResults } from '../../harness/app-driver';

/** rendered px of each text of a chart: its font size in viewBox units times the chart's scale */
const renderedSizes = (testid: string) =>
  `(() => {
    const svg = document.querySelector('[data-testid="${testid}"]');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')) * scale);
  })()`;

const CONTRASTS = `(() => {
  const lum = (c) => { const [r, g, b] = c.match(/\\d+/g).slice(0, 3).map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  return [...document.querySelectorAll('[data-testid="heat-cell"]')].map((g) => {
    const a = lum(getComputedStyle(g.querySelector('rect')).fill);
    const b = lum(getComputedStyle(g.querySelector('text')).fill);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
})()`;

test('projector mode: chart text ≥ 20 px at 1280 and 800 px, direct labels, heatmap labels ≥ 4.5:1; exports carry title and caption', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await catalogRunToResults(page, 'baseline', 10);
  await expect(page.getByTestId('heatmap')).toBeVisible();

  // normal mode: a legend under the curves, the intervals explained
  await expect(page.getByTestId('position-curves-interval-note')).toContainText('95% Wilson');
  for (const c of (await page.evaluate(CONTRASTS)) as number[]) expect(c).toBeGreaterThanOrEqual(4.5);

  // an exported heatmap: its title and the run's configuration
  const download = page.waitForEvent('download');
  await page.getByTestId('heatmap').locator('xpath=ancestor::figure').getByTestId('export-svg').click();
  const svg = readFileSync(await (await download).path(), 'utf8');
  expect(svg).toContain('Accuracy by length × position');
  // the caption wraps over lines: read as text
  expect(svg.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toMatch(/baseline · catalog · 1K\/2K · baseline engine .* · seed 42 · 60 samples/);
  expect(svg).toContain('prompt tokens');

  await page.getByTestId('projector-mode').check();
  await expect(page.locator('body')).toHaveClass(/projector/);
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    for (const chart of ['heatmap', 'position-curves', 'error-bars']) {
      const sizes = (await page.evaluate(renderedSizes(chart))) as number[];
      expect(Math.min(...sizes), `${chart} at ${width} px`).toBeGreaterThanOrEqual(19.5);
    }
  }
  // lines labelled where they end, no legend
  await expect(page.getByTestId('position-curves').locator('text', { hasText: '1K tokens' })).toHaveCount(1);
  for (const c of (await page.evaluate(CONTRASTS)) as number[]) expect(c).toBeGreaterThanOrEqual(4.5);
  // kept for the next visit
  await page.reload();
  await expect(page.getByTestId('projector-mode')).toBeChecked();
  await expect(page.locator('body')).toHaveClass(/projector/);
});

/** rendered px of a line chart's plot: its first grid line, which spans the plot */
const plotWidth = (testid: string) => `document.querySelector('[data-testid="${testid}"] line').getBoundingClientRect().width`;

test("projector mode keeps the first view's plots at least half their width, legends below where the names are long; a floor model is drawn faintly and said", async ({ page }) => {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('fc-projector', '0'));
    await page.reload();
    await expect(page.getByTestId('first-by-length')).toBeVisible({ timeout: 60_000 });
    const normal = (await page.evaluate(plotWidth('first-by-length'))) as number;
    // SmolLM2 got nothing right: its curve is faint and its legend says why
    const faint = page.getByTestId('first-by-length').locator('g[data-faint="yes"]');
    await expect(faint).toHaveCount(1);
    await expect(page.getByTestId('first-by-length')).toContainText('SmolLM2-135M');
    await expect(page.getByTestId('first-by-length').locator('title', { hasText: '0%, a floor' }).first()).toBeAttached();
    // a model whose length design asks 1K–8K is a curve there; measured at one length on the position chart, it says so
    await expect(page.getByTestId('first-by-length').locator('title', { hasText: 'Qwen2.5-Coder-1.5B, recorded (1K, 2K, 4K, 8K; 30 requests)' }).first()).toBeAttached();
    await expect(page.getByTestId('first-by-position').locator('title', { hasText: '4K only' }).first()).toBeAttached();
    await page.getByTestId('projector-mode').check();
    for (const chart of ['first-by-length', 'first-by-position']) {
      const projected = (await page.evaluate(plotWidth(chart))) as number;
      expect(projected, `${chart} at ${width} px: ${projected} against ${normal}`).toBeGreaterThanOrEqual(normal / 2);
    }
  }
});
