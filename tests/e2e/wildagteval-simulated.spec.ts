/**
 * The wildagteval-simulated suite (WildAgtEval's complexity types on our API system) in the browser: the oracle at 100% API call accuracy in
 * isolated and cumulative mode with every error scenario handled (5/5), the baseline's real
 * numbers, Table 3, the ladder chart, an episode's transcript with the injected part marked, and the
 * WildAgtEval page comparing the runs.
 */
import { expect, type Page, test } from '@playwright/test';
import { chooseSuite, runToEnd } from '../../harness/app-driver';

test.describe.configure({ timeout: 240_000 });

async function apiRun(page: Page, engine: 'oracle' | 'baseline', runs: number, setup: (page: Page) => Promise<void>) {
  await chooseSuite(page, 'wildagteval-simulated');
  await page.getByTestId(`engine-${engine}`).check();
  await setup(page);
  await runToEnd(page, runs, 200_000);
  await page
    .getByRole('button', { name: new RegExp(`^${engine}.* · API complexity`) })
    .first()
    .click();
}

test('oracle 100% isolated and cumulative, error scenarios 5/5, the baseline, Table 3, the ladder and an episode transcript', async ({ page }) => {
  await page.goto('index.html');
  await apiRun(page, 'oracle', 1, async (p) => {
    await expect(p.getByTestId('api-fields')).toBeVisible();
    await p.getByTestId('api-conversations').fill('8');
    await expect(p.getByTestId('estimate')).toContainText('samples');
  });
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');
  for (const t of ['ad_hoc', 'unclear', 'notice', 'irrelevant']) await expect(page.getByTestId(`api-row-${t}`)).toContainText('100.0%');
  await expect(page.getByTestId('api-average-degradation')).toHaveText('0.0%');
  // the paper's own Table 3 beside each row: its ten models' average, off → on
  await expect(page.getByTestId('api-paper-ad_hoc')).toHaveText('66.3% → 58.5% (13.4%)');
  await expect(page.getByTestId('api-paper-irrelevant')).toHaveText('59.8% → 47.0% (27.3%)');
  const scores = await page.getByTestId('api-errors').locator('tbody tr td:nth-child(4)').allTextContents();
  expect(scores.length).toBeGreaterThan(3);
  expect(new Set(scores)).toEqual(new Set(['5.00']));
  // an irrelevant-information episode: the sponsored entries are marked in the transcript
  await page.getByTestId('filter-verdict').selectOption('all');
  await page.getByTestId('filter-text').fill('irrelevant');
  await page
    .getByTestId('sample-row')
    .filter({ hasText: 'type irrelevant' })
    .filter({ hasText: /\bon\b/ })
    .first()
    .click();
  await expect(page.getByTestId('episode-transcript')).toBeVisible();
  await expect(page.getByTestId('injected').first()).toContainText('Partially irrelevant information');
  await expect(page.getByTestId('turn-verdict').first()).toHaveText('correct');

  await apiRun(page, 'oracle', 2, async (p) => {
    await p.getByTestId('api-mode-cumulative').check();
    await p.getByTestId('api-conversations').fill('6');
    await expect(p.getByTestId('estimate')).toContainText('30 samples');
  });
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');
  await expect(page.getByTestId('api-ladder').locator('rect title')).toHaveCount(5);
  await expect(page.getByTestId('api-ladder-table')).toContainText('100.0%');

  await apiRun(page, 'baseline', 3, async (p) => {
    await p.getByTestId('api-mode-isolated').check();
    await p.getByTestId('api-conversations').fill('8');
  });
  await expect(page.getByTestId('api-table3')).toBeVisible();
  await expect(page.getByTestId('overall-accuracy')).not.toHaveText('0.0%');
  const acc = Number((await page.getByTestId('overall-accuracy').textContent())?.replace('%', ''));
  expect(acc).toBeGreaterThan(0);
  expect(acc).toBeLessThan(100);

  // the WildAgtEval page compares runs: two Table 3s (oracle and baseline, isolated) and the ladder of the cumulative one
  await page.getByTestId('tab-wildagteval').click();
  await expect(page.getByTestId('wildagteval-page').getByTestId('api-table3')).toHaveCount(2);
  await expect(page.getByTestId('wildagteval-page').getByTestId('api-ladder')).toHaveCount(1);
});
