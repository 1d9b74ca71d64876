/**
 * LongFuncEval challenges 2 and 3 in the browser: tool-response QA and long
 * conversations with the oracle (100%) and the baseline (real numbers), their
 * reports and charts, and the LongFuncEval page comparing runs with SVG, PNG
 * and CSV exports.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { setChips } from '../../harness/app-driver';
import { putRow, readStore } from '../../harness/idb';

test.describe.configure({ timeout: 180_000 });

async function startRun(page: Page, runs: number, label: RegExp) {
  await page.getByTestId('start-run').click();
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-status')).toHaveText(Array(runs).fill('completed'), { timeout: 150_000 });
  await page.getByRole('button', { name: label }).first().click();
}

async function responseQaRun(page: Page, engine: 'oracle' | 'baseline', runs: number) {
  await page.getByTestId('tab-run').click();
  await page.getByTestId('suite-response-qa').check();
  await page.getByTestId(`engine-${engine}`).check();
  await expect(page.getByTestId('pack-builtin-travel-responses')).toBeChecked({ timeout: 30_000 });
  await setChips(page, 'qa-length', [1024, 2048], [1024, 2048, 4096, 8192]);
  await setChips(page, 'qa-position', [1, 4, 8], [1, 2, 3, 4, 5, 6, 7, 8]);
  await page.getByTestId('qa-per-cell').fill('3');
  // size: 2 cells, position: 3 cells at 2K
  await expect(page.getByTestId('estimate')).toContainText('15 samples');
  await startRun(page, runs, new RegExp(`^${engine} · response QA`));
}

async function multiturnRun(page: Page, engine: 'oracle' | 'baseline', runs: number) {
  await page.getByTestId('tab-run').click();
  await page.getByTestId('suite-multiturn').check();
  await page.getByTestId(`engine-${engine}`).check();
  await expect(page.getByTestId('pack-builtin-travel-conversations')).toBeChecked({ timeout: 30_000 });
  await setChips(page, 'mt-length', [2048, 4096], [1024, 2048, 4096, 8192]);
  await page.getByTestId('mt-count').fill('4');
  await expect(page.getByTestId('estimate')).toContainText('16 samples');
  await startRun(page, runs, new RegExp(`^${engine} · multi-turn`));
}

test("tool-response QA: oracle at 100% in every cell, the baseline's real numbers, Figure 4 curves, Table 7 and the breakdowns", async ({ page }) => {
  await page.goto('index.html');
  await responseQaRun(page, 'oracle', 1);
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');
  await expect(page.getByTestId('qa-size-chart-point')).toHaveCount(2);
  await expect(page.getByTestId('qa-position-chart-point')).toHaveCount(3);
  await expect(page.getByTestId('qa-table7')).toContainText('100.0%');
  await expect(page.getByTestId('group-category')).toContainText('extraction');
  await expect(page.getByTestId('group-depth')).toBeVisible();

  await responseQaRun(page, 'baseline', 2);
  // the report shows a dash until its results are read
  await expect(page.getByTestId('overall-accuracy')).toHaveText(/%$/);
  const accuracy = parseFloat((await page.getByTestId('overall-accuracy').textContent()) ?? '');
  expect(accuracy).toBeGreaterThanOrEqual(0);
  expect(accuracy).toBeLessThan(100);
  await expect(page.getByTestId('qa-size-chart')).toBeVisible();
  // a sample shows its question, the JSON it was asked about, and the expected answer
  await page.getByTestId('sample-row').first().click();
  await expect(page.getByTestId('expected-answer')).not.toBeEmpty();
  await expect(page.getByTestId('prompt')).toContainText('```json');
});

test('long conversations: oracle at 100%, the baseline, the settings × lengths table; the LongFuncEval page compares runs and exports them', async ({ page }) => {
  await page.goto('index.html');
  await multiturnRun(page, 'oracle', 1);
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');
  await expect(page.getByTestId('multiturn-table2')).toContainText('setting 1 (unstructured)');
  await expect(page.getByTestId('multiturn-table2')).toContainText('setting 2 (structured)');
  await expect(page.locator('g:not([data-reference]) > [data-testid=multiturn-chart-point]')).toHaveCount(4);
  // the paper's Table 2 beside it: its six models' average per setting at 10K–80K, drawn as references
  await expect(page.locator('g[data-reference] > [data-testid=multiturn-chart-point]')).toHaveCount(8);
  await page.getByTestId('filter-verdict').selectOption('all');
  await page.getByTestId('sample-row').first().click();
  await expect(page.getByTestId('prompt')).toContainText('Result of ');

  await multiturnRun(page, 'baseline', 2);
  await expect(page.getByTestId('overall-accuracy')).toHaveText(/%$/);
  expect(parseFloat((await page.getByTestId('overall-accuracy').textContent()) ?? '')).toBeLessThan(100);

  await page.getByTestId('tab-longfunceval').click();
  const c3 = page.getByTestId('challenge-multiturn');
  // both runs overlaid: 2 runs × 2 settings × 2 lengths
  await expect(c3.locator('g:not([data-reference]) > [data-testid=multiturn-chart-point]')).toHaveCount(8);
  await expect(c3.getByTestId('multiturn-table2').locator('tbody tr')).toHaveCount(4);
  await expect(page.getByTestId('challenge-response-qa')).toContainText('No runs of this experiment yet');
  // the two runs asked the same samples: a paired test, with the difference it can detect (issue 19)
  const paired = c3.getByTestId('paired-row');
  await expect(paired).toHaveCount(1);
  const total = (await readStore<{ runId: string }>(page, 'results')).filter((r, _, all) => r.runId === all[0]?.runId).length;
  await expect(paired.locator('td').nth(2)).toHaveText(String(total));
  await expect(paired.getByTestId('paired-p')).toHaveText(/^(< 0\.001|[01]\.\d{3})$/);
  await expect(paired.getByTestId('paired-detectable')).toHaveText(/^±\d+\.\d$/);

  const [svg] = await Promise.all([page.waitForEvent('download'), c3.getByTestId('export-svg').click()]);
  expect(svg.suggestedFilename()).toBe('multiturn-curves.svg');
  const svgText = readFileSync((await svg.path()) as string, 'utf8');
  expect(svgText).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svgText).toContain('setting 2 (structured)');

  const [png] = await Promise.all([page.waitForEvent('download'), c3.getByTestId('export-png').click()]);
  expect(png.suggestedFilename()).toBe('multiturn-curves.png');
  expect(readFileSync((await png.path()) as string).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

  const [csv] = await Promise.all([page.waitForEvent('download'), c3.getByRole('button', { name: 'Export Table 2 as CSV' }).click()]);
  const rows = readFileSync((await csv.path()) as string, 'utf8')
    .trim()
    .split('\r\n');
  expect(rows[0]).toBe('series,length,n,correct,accuracy,contains_accuracy,ci_low,ci_high');
  expect(rows).toHaveLength(1 + 2 * 2 * 2);

  // unticking a run takes it out of the comparison
  const oracleRun = c3.locator('label', { hasText: 'oracle · multi-turn' }).locator('input');
  await oracleRun.uncheck();
  await expect(c3.locator('g:not([data-reference]) > [data-testid=multiturn-chart-point]')).toHaveCount(4);
});

test('conversations too long for a length: Start says which cells no prompt fits before anything is asked, and, its tokenizer loaded, as the setup changes; a stored run with such a cell says how many were not built', async ({
  page,
}) => {
  await page.goto('index.html');
  await page.getByTestId('suite-multiturn').check();
  await page.getByTestId('engine-oracle').check();
  await expect(page.getByTestId('pack-builtin-travel-conversations')).toBeChecked({ timeout: 30_000 });
  // every conversation's opening, tools and last request measure more than 1K tokens
  await setChips(page, 'mt-length', [1024, 2048], [1024, 2048, 4096, 8192]);
  await page.getByTestId('mt-count').fill('2');
  await expect(page.getByTestId('estimate')).toContainText('8 samples');
  // checked at Start, with the tokenizer the run would measure with (fetched for it): nothing is stored, nothing asked
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('start-run')).toBeDisabled();
  await expect(page.getByTestId('start-blockers')).toContainText(
    /cells the packs can fill: no prompt of 1K[^(]*\(2 samples\), 1K[^(]*\(2 samples\) can be built, so the run would measure nothing there \(the first: A 1024-token conversation cannot be built for conv-\d+: it measures [\d,]+ tokens/,
  );
  expect(await readStore(page, 'runs')).toEqual([]);
  await expect(page.getByTestId('run-monitor')).toHaveCount(0);
  // the tokenizer now here, another setup with a 1K cell is checked as it settles, before Start is pressed
  await setChips(page, 'mt-length', [1024, 4096], [1024, 2048, 4096, 8192]);
  await expect(page.getByTestId('start-blockers')).toContainText(/no prompt of 1K[^(]*\(2 samples\), 1K[^(]*\(2 samples\) can be built/);
  await expect(page.getByTestId('start-run')).toBeDisabled();
  await setChips(page, 'mt-length', [2048], [1024, 2048, 4096, 8192]);
  await expect(page.getByTestId('start-blockers')).toHaveCount(0);
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 150_000 });
  await expect(page.getByTestId('run-unbuilt')).toHaveCount(0);

  // a run stored before Start checked its cells (an earlier version of the app) still holds a 1K cell
  const [done] = await readStore<{ id: string; name: string; config: { lengths: number[] }; total: number }>(page, 'runs');
  if (!done) throw new Error('the 2K run was not stored');
  await putRow(page, 'runs', {
    ...done,
    id: 'run-stored-with-1k',
    name: `${done.name.replace('2K', '1K/2K')}`,
    status: 'paused',
    config: { ...done.config, lengths: [1024, 2048] },
    total: 8,
    done: 0,
    correct: 0,
  });
  await page.reload();
  await page.getByTestId('tab-results').click();
  await page
    .getByRole('row', { name: /1K\/2K/ })
    .getByTestId('resume-run')
    .click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 150_000 });
  await expect(page.getByTestId('run-unbuilt')).toContainText('4 prompts could not be built, so the model was not asked them: in no accuracy.');
  // the oracle answered every prompt it was asked right: the unbuilt are in no accuracy
  await expect(page.getByTestId('run-progress')).toContainText('8 / 8 samples (100%) · accuracy 100%');
  await expect(page.getByTestId('run-unbuilt')).toContainText(/The first: A 1024-token conversation cannot be built for conv-\d+: it measures [\d,]+ tokens/);
  const results = await readStore<{ runId: string; error: { kind: string } | null; output: string }>(page, 'results');
  expect(results.filter((r) => r.runId === 'run-stored-with-1k' && r.error?.kind === 'build_error').map((r) => r.output)).toEqual(['', '', '', '']);
  // the run's report says it too, after a reload
  await page.reload();
  await page.getByTestId('tab-results').click();
  await page
    .getByRole('button', { name: /^oracle · multi-turn · 1K\/2K/ })
    .first()
    .click();
  await expect(page.getByTestId('unbuilt-note')).toContainText('4 prompts could not be built, so the model was not asked them: in no figure.');
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');
  await expect(page.getByTestId('run-headline').first()).toHaveText('100.0% (4 not built)');
});
