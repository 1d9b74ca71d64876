/**
 * Issue 19 item 11: Start says what it still needs, and nonsense numbers (0 or negative counts,
 * an empty seed, −1 output tokens) keep it disabled instead of making a run that stores them.
 */
import { expect, test } from '@playwright/test';

test('a disabled Start says why; nonsense numbers are refused by name; mended, Start is enabled', async ({ page }) => {
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await page.getByTestId('suite-catalog').check();
  const start = page.getByTestId('start-run');
  const blockers = page.getByTestId('start-blockers');
  await expect(start).toBeEnabled();
  await expect(blockers).toHaveCount(0);

  await page.getByTestId('samples-per-cell').fill('0');
  await page.getByTestId('seed').fill('');
  await page.getByTestId('max-tokens').fill('-1');
  await expect(start).toBeDisabled();
  await expect(blockers).toHaveText(
    'Start needs: Requests per cell: 0 — give a whole number from 1 to 10000; Seed: empty — give a whole number from 0 to 2147483648; Max output tokens: -1 — give a whole number from 16 to 2048.',
  );
  await page.getByTestId('samples-per-cell').fill('2.5');
  await expect(blockers).toContainText('Requests per cell: 2.5 — give a whole number from 1 to 10000');
  await page.getByTestId('samples-per-cell').fill('3');
  await page.getByTestId('seed').fill('7');
  await page.getByTestId('max-tokens').fill('128');
  await expect(start).toBeEnabled();

  // a model engine with no model loaded
  await page.getByTestId('engine-wllama').check();
  await expect(blockers).toHaveText('Start needs: load a model for llama.cpp (GGUF, your CPU or GPU) first.');
  await page.getByTestId('engine-oracle').check();

  // other suites: a negative count, nothing chosen
  await page.getByTestId('suite-composition').check();
  await page.getByTestId('cmp-per-level').fill('-3');
  await expect(blockers).toContainText('Tasks per level: -3 — give a whole number from 0 to 10000');
  await page.getByTestId('cmp-per-level').fill('1');
  await expect(start).toBeEnabled();
  await page.getByTestId('suite-wildagteval-simulated').check();
  for (const t of ['ad_hoc', 'unclear', 'notice', 'irrelevant', 'feature_limit', 'system_failure']) await page.getByTestId(`api-type-${t}`).uncheck();
  await expect(blockers).toHaveText('Start needs: choose a complexity type.');
});
