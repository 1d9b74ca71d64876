/** The robustness suite in the browser: oracle at 100% on all three variants, the baseline's real Table 2. */
import { expect, type Page, test } from '@playwright/test';

async function runRobustness(page: Page, engine: 'oracle' | 'baseline', count: number, runs: number) {
  await page.getByTestId('tab-run').click();
  await page.getByTestId('suite-robustness').check();
  await page.getByTestId(`engine-${engine}`).check();
  await expect(page.getByTestId('pack-builtin-catalog')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('robustness-count').fill(String(count));
  await expect(page.getByTestId('estimate')).toContainText(`${count * 3} samples`);
  await page.getByTestId('start-run').click();
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-status')).toHaveText(Array(runs).fill('completed'), { timeout: 120_000 });
  await page
    .getByRole('button', { name: new RegExp(`^${engine} · robustness`) })
    .first()
    .click();
}

test("robustness: the coverage preview, the oracle at 100% on every variant, the baseline's Table 2 with its error breakdown", async ({ page }) => {
  await page.goto('index.html');
  await page.getByTestId('suite-robustness').check();
  // the built-in packs are written on first start: preview once they are there (on a busy machine this takes seconds)
  await expect(page.getByTestId('pack-builtin-catalog')).toBeChecked({ timeout: 30_000 });
  await page.getByTestId('robustness-count').fill('40');
  await page.getByTestId('check-coverage').click();
  await expect(page.getByTestId('coverage')).toContainText('a synonym of the request verb', { timeout: 30_000 });
  await expect(page.getByTestId('robustness-fields')).toContainText('Toolkits grow from 1.0 to 4.0 tools');

  await runRobustness(page, 'oracle', 40, 1);
  for (const v of ['original', 'rephrased', 'expanded']) await expect(page.getByTestId(`acc-${v}`)).toHaveText(/^100\.0%/);

  await runRobustness(page, 'baseline', 40, 2);
  const table = page.getByTestId('robustness-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('acc-original')).toHaveText(/^\d/);
  const original = parseFloat((await page.getByTestId('acc-original').textContent()) ?? '');
  expect(original).toBeGreaterThan(0);
  expect(original).toBeLessThan(100);
  // the expanded variant's failures are broken down into the paper's four classes
  await expect(table.locator('tbody tr').first().locator('td')).toHaveCount(8);
  // beside it, the paper's own Table 2: its nine agents' average
  await expect(page.getByTestId('robustness-paper')).toContainText(/the paper \(9 agents' average\)\s*94\.1%\s*80\.1% \(−15%\)\s*90\.3% \(−4%\)/);
  await expect(page.getByTestId('repaired')).toContainText('repaired');
  await expect(page.getByTestId('strict-lenient')).toContainText('rephrased');
  // the output column starts at one place in every row, whatever the variant's name
  await page.getByTestId('filter-verdict').selectOption('all');
  const starts = await page.getByTestId('sample-row').evaluateAll((rows) => rows.slice(0, 12).map((r) => Math.round(r.querySelector('.out')!.getBoundingClientRect().left)));
  expect(new Set(starts).size, starts.join(' ')).toBe(1);
  await page.getByTestId('sample-row').first().click();
  await expect(page.getByTestId('prompt').locator('.needle')).toHaveCount(1);
});
