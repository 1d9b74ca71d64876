/**
 * Issue 19 item 7: the sample browser. Every sample is listed (it stopped at 200), filters narrow
 * it, a heatmap cell lists its samples, the keyboard moves through it, the detail sits beside the
 * list with the expected call next to the parsed one, and a link to a sample survives a reload.
 */
import { expect, test } from '@playwright/test';
import { catalogRunToResults } from '../../harness/app-driver';

test('300 baseline samples: all listed, filtered, by cell, by keyboard, detail beside, expected beside parsed, a deep link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await catalogRunToResults(page, 'baseline', 50);

  const count = page.getByTestId('sample-count');
  await expect(count).toContainText('of 300 samples');
  await page.getByTestId('filter-verdict').selectOption('all');
  await expect(count).toHaveText('300 of 300 samples');

  // the keyboard: End reaches the 300th, Home the first, the arrows step
  const title = page.getByTestId('sample-detail').locator('h3');
  await page.getByTestId('sample-list').focus();
  await page.keyboard.press('End');
  await expect(title).toContainText('Sample 300 ·');
  await page.keyboard.press('Home');
  await expect(title).toContainText('Sample 1 ·');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(title).toContainText('Sample 3 ·');

  // the detail beside the list, in view; the expected call beside the parsed one
  const list = await page.getByTestId('sample-list').boundingBox();
  const detail = await page.getByTestId('sample-detail').boundingBox();
  expect(detail && list && detail.x >= list.x + list.width - 1).toBe(true);
  await expect(page.getByTestId('sample-detail')).toBeInViewport();
  await expect(page.getByTestId('expected-answer')).toContainText(/^\w+\(/);
  await expect(page.getByTestId('parsed-calls')).toBeVisible();

  // a heatmap cell lists its samples
  await page.locator('[data-testid="heat-cell"][data-length="2048"][data-alpha="0.9"]').click();
  await expect(page.getByTestId('cell-filter')).toContainText('2K tokens · α 0.9');
  await expect(count).toHaveText('50 of 300 samples');
  const lengths = await page.getByTestId('sample-row').evaluateAll((rows) => rows.map((r) => r.children[1]?.textContent));
  expect(new Set(lengths)).toEqual(new Set(['2048']));
  await page.getByTestId('filter-error').selectOption({ index: 1 });
  await expect(count).not.toHaveText('50 of 300 samples');
  // and so does a point of the position curves
  await page.getByTestId('filter-error').selectOption('all');
  await page.getByTestId('position-curves-point').filter({ hasText: '1K tokens · 0.1:' }).click();
  await expect(page.getByTestId('cell-filter')).toContainText('1K tokens · α 0.1');
  await expect(count).toHaveText('50 of 300 samples');

  // a link to the selected sample survives a reload
  await page.getByTestId('sample-row').first().click();
  const chosen = (await title.textContent()) ?? '';
  const href = await page.getByTestId('sample-link').getAttribute('href');
  expect(href).toMatch(/^#run=run-[^&]+&sample=/);
  expect(new URL(page.url()).hash).toBe(href);
  await page.reload();
  await expect(page.getByTestId('tab-results')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('sample-detail').locator('h3')).toHaveText(chosen);
  await expect(page.getByTestId('sample-detail')).toBeInViewport();
});

test('text search reaches into the prompts when asked: the worker rebuilds them and lists the samples whose prompt holds the text', async ({ page }) => {
  await catalogRunToResults(page, 'oracle', 2);
  await page.getByTestId('filter-verdict').selectOption('all');
  await expect(page.getByTestId('sample-count')).toHaveText('12 of 12 samples');
  // words of the system prompt: in no output, in every prompt
  await page.getByTestId('filter-text').fill('one JSON object per line');
  await expect(page.getByTestId('sample-count')).toHaveText('0 of 12 samples');
  await page.getByTestId('filter-in-prompts').check();
  await expect(page.getByTestId('sample-count')).toHaveText('12 of 12 samples');
  // text found nowhere
  await page.getByTestId('filter-text').fill('no such words anywhere');
  await expect(page.getByTestId('sample-count')).toHaveText('0 of 12 samples');
  await page.getByTestId('filter-in-prompts').uncheck();
  await page.getByTestId('filter-text').fill('');
  await expect(page.getByTestId('sample-count')).toHaveText('12 of 12 samples');
});

test("a run with no wrong answer opens its list on all samples; at 800 px a clicked sample's detail comes into view", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await catalogRunToResults(page, 'oracle', 10);
  await expect(page.getByTestId('filter-verdict')).toHaveValue('all');
  await expect(page.getByTestId('sample-count')).toHaveText('60 of 60 samples');
  await page.getByTestId('sample-row').nth(3).click();
  await expect(page.getByTestId('sample-detail')).toBeInViewport();
});
