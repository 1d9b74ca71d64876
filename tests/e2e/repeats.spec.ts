/**
 * Issue 19, "repeats of a cell as a sweep dimension": every sample asked k times, each answer a
 * sample of its own, and the report reads them back per planned sample.
 */
import { expect, test } from '@playwright/test';
import { setupCatalog } from '../../harness/app-driver';

test('a catalog run asked three times per sample: three answers each, per-repeat accuracy and pass^k in the report', async ({ page }) => {
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await setupCatalog(page, { lengths: [512], positions: [0.1, 0.9], perCell: 2, constraint: 'off', maxTokens: 128 });
  await expect(page.getByTestId('estimate')).toContainText('4 samples');
  await expect(page.getByTestId('temperature')).toHaveCount(0);
  await page.getByTestId('repeats').fill('3');
  await expect(page.getByTestId('estimate')).toContainText('12 samples');
  await expect(page.getByTestId('repeat-hint')).toContainText('This engine answers alike every time');
  await page.getByTestId('repeats').fill('0');
  await expect(page.getByTestId('start-blockers')).toContainText('Answers per sample: 0 — give a whole number from 1 to 100');
  await page.getByTestId('repeats').fill('3');

  // a predictions file has one answer per sample
  await page.getByTestId('engine-replay').check();
  await expect(page.getByTestId('repeat-hint')).toContainText('cannot answer a sample several times');
  await page.getByTestId('engine-oracle').check();

  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 120_000 });
  await page.getByTestId('see-results').click();
  const report = page.getByTestId('run-report');
  await expect(report.locator('h2')).toContainText('· ×3 at T 0');
  await expect(report).toContainText('12 of 12 samples');
  await expect(report).toContainText('every sample asked 3 times');
  const panel = page.getByTestId('repeats-panel');
  await expect(panel.locator('h3')).toHaveText('Repeats: every sample asked 3 times at temperature 0');
  await expect(page.getByTestId('repeats-table').locator('thead th')).toHaveText(['repeat', '1', '2', '3']);
  await expect(page.getByTestId('repeats-table').locator('tbody tr').nth(0)).toHaveText(/answers\s*4\s*4\s*4/);
  await expect(page.getByTestId('repeats-all')).toHaveText('100.0%');
  await expect(page.getByTestId('repeats-mixed')).toHaveText('0.0%');
  await expect(panel).toContainText('identical outputs every time: 100.0%');
  await expect(page.getByTestId('repeats-cells').locator('tbody tr')).toHaveCount(2);
  // each answer is a sample of its own in the browser, with its repeat
  await page.getByTestId('filter-verdict').selectOption('all');
  await expect(page.getByTestId('sample-count')).toHaveText('12 of 12 samples');
  await page.getByTestId('filter-text').fill('repeat 3');
  await expect(page.getByTestId('sample-count')).toHaveText('4 of 12 samples');
  await expect(page.getByTestId('sample-row').first()).toContainText('repeat 3');
});
