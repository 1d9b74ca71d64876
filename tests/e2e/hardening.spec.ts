/**
 * Issue 17 as a user meets it: one runner per run across tabs (a second tab shows the run live and
 * read-only; deleting it there stops it first and leaves no orphan result), calls shown with every
 * argument name and exact integers, and CSV exports a spreadsheet cannot turn into formulas.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { setupCatalog } from '../helpers/app-driver';
import { readStore } from './idb';

const progressOf = async (page: Page) => parseInt((await page.getByTestId('run-progress').textContent()) ?? '0', 10);

test('a second tab shows a running run read-only, and deleting it there stops it first and removes every result', async ({ context, page }) => {
  test.setTimeout(300_000);
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  // long prompts: the run lasts well beyond what the second tab does
  await setupCatalog(page, { lengths: [16384, 32768], positions: [0.1, 0.5, 0.9], perCell: 60, constraint: 'off', maxTokens: 128 });
  await page.getByTestId('start-run').click();
  await expect.poll(() => progressOf(page), { timeout: 120_000 }).toBeGreaterThanOrEqual(2);

  const other = await context.newPage();
  await other.goto('index.html');
  await other.getByTestId('tab-results').click();
  const status = other.getByTestId('run-status');
  await expect(status).toHaveText('running in another tab');
  // never paused behind the runner's back, and nothing to resume here (it was: both tabs generated it)
  await other.waitForTimeout(2000);
  await expect(status).toHaveText('running in another tab');
  await expect(other.getByTestId('resume-run')).toHaveCount(0);
  const [stored] = await readStore<{ status: string }>(other, 'runs');
  expect(stored?.status).toBe('running');
  // live: its count moves as the first tab writes
  const doneCell = other.getByTestId('run-row').locator('td').nth(3);
  const firstSeen = parseInt((await doneCell.textContent()) ?? '0', 10);
  await expect.poll(async () => parseInt((await doneCell.textContent()) ?? '0', 10), { timeout: 60_000 }).toBeGreaterThan(firstSeen);

  await other.getByTestId('delete-run').click();
  await expect(other.getByTestId('confirm-delete-run')).toContainText('It is stopped first.');
  await other.getByTestId('confirm-delete-run-yes').click();
  await expect(other.getByTestId('run-row')).toHaveCount(0, { timeout: 30_000 });
  // the runner stopped: its monitor says so, and no result outlived the run
  await expect(page.getByTestId('monitor-title')).toHaveText('Run cancelled', { timeout: 30_000 });
  await page.waitForTimeout(1000);
  expect(await readStore(other, 'runs')).toHaveLength(0);
  expect(await readStore(other, 'results')).toHaveLength(0);
});

test('a run left running by a closed tab is paused and resumable in the tab that stays', async ({ context, page }) => {
  test.setTimeout(300_000);
  const runner = await context.newPage();
  await runner.goto('index.html');
  await runner.getByTestId('tab-run').click();
  await runner.getByTestId('engine-oracle').check();
  await setupCatalog(runner, { lengths: [16384, 32768], positions: [0.1, 0.5, 0.9], perCell: 60, constraint: 'off', maxTokens: 128 });
  await runner.getByTestId('start-run').click();
  await expect.poll(() => progressOf(runner), { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
  await page.goto('index.html');
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-status')).toHaveText('running in another tab');
  await runner.close();
  await expect(page.getByTestId('run-status')).toHaveText('paused', { timeout: 15_000 });
  await expect(page.getByTestId('resume-run')).toBeVisible();
});
