/**
 * The composition suite in the browser: the oracle at 100% on every level
 * (single-turn over the whole catalog, and multi-turn), the baseline's real
 * numbers, Table 1, the Selection Gap chart and the CompToolBench page; the
 * published tasks imported by file and a parity-corpus model replayed through
 * the app, giving the reference scorer's per-level numbers.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { chooseSuite, runToEnd } from '../../harness/app-driver';

test.describe.configure({ timeout: 240_000 });

const LEVELS = ['L0_node', 'L1_chain', 'L2_parallel', 'L3_dag'];

async function compositionRun(page: Page, engine: 'oracle' | 'baseline' | 'replay', runs: number, setup: (page: Page) => Promise<void>) {
  await chooseSuite(page, 'composition');
  await page.getByTestId(`engine-${engine}`).check();
  await setup(page);
  await runToEnd(page, runs, 200_000);
  // a replay run is named after its predictions file
  await page
    .getByRole('button', { name: new RegExp(`${engine === 'replay' ? '' : `^${engine}.*`} · composition`) })
    .first()
    .click();
}

test('oracle 100% at every level (single- and multi-turn), the baseline, Table 1, the Selection Gap chart and the CompToolBench page', async ({ page }) => {
  await page.goto('index.html');
  await compositionRun(page, 'oracle', 1, async (p) => {
    await expect(p.getByTestId('pack-builtin-composition')).toBeChecked({ timeout: 30_000 });
    await expect(p.getByTestId('estimate')).toContainText('200 samples');
  });
  const row = page.getByTestId('table1-row');
  for (const l of LEVELS) await expect(row.getByTestId(`acc-${l}`)).toContainText('100.0%');
  await expect(row.getByTestId('acc-overall')).toHaveText('100.0%');
  await expect(page.getByTestId('selection-gap-chart-l0')).toHaveCount(1);
  // every label inside the chart's box (the axis caption ran off its right edge)
  const outside = await page.getByTestId('selection-gap-chart').evaluate((svg) => {
    const width = (svg as SVGSVGElement).viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')].map((t) => t.getBBox()).filter((b) => b.x < 0 || b.x + b.width > width + 0.5).length;
  });
  expect(outside).toBe(0);
  // one run's four levels, and the paper's two averages beside it, drawn as references (grey, dotted)
  await expect(page.locator('g:not([data-reference]) > [data-testid=level-chart-point]')).toHaveCount(4);
  await expect(page.locator('g[data-reference] > [data-testid=level-chart-point]')).toHaveCount(8);
  await expect(page.getByTestId('level-chart')).toContainText("CompToolBench's local models (8, average)");
  await expect(page.getByTestId('ablation-table')).toContainText('Binary (≥0.70)');
  await page.getByTestId('filter-verdict').selectOption('all');
  // the last sample (an L3 DAG), reached with the keyboard
  await page.getByTestId('sample-list').focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('dag-scores')).toContainText('Score 100.0%');
  await expect(page.getByTestId('expected-answer')).toContainText('step_2');

  await compositionRun(page, 'oracle', 2, async (p) => {
    await p.getByTestId('cmp-multi-turn').check();
    await p.getByTestId('cmp-per-level').fill('4');
    await p.getByTestId('cmp-some-distractors').check();
    await p.getByTestId('cmp-distractors').fill('8');
    await expect(p.getByTestId('estimate')).toContainText('16 samples');
  });
  for (const l of LEVELS) await expect(page.getByTestId('table1-row').getByTestId(`acc-${l}`)).toContainText('100.0%');
  await page.getByTestId('filter-verdict').selectOption('all');
  // the last sample (an L3 DAG), reached with the keyboard
  await page.getByTestId('sample-list').focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('raw-output')).toContainText('[tool]');

  await compositionRun(page, 'baseline', 3, async (p) => {
    await p.getByTestId('cmp-single-turn').check();
    await p.getByTestId('cmp-per-level').fill('10');
    await p.getByTestId('cmp-full-catalog').check();
  });
  await expect(page.getByTestId('table1-row').getByTestId('acc-L3_dag')).toContainText('(10)');
  const overall = parseFloat((await page.getByTestId('table1-row').getByTestId('acc-overall').textContent()) ?? '');
  expect(overall).toBeGreaterThan(0);
  expect(overall).toBeLessThan(100);

  await page.getByTestId('tab-comptoolbench').click();
  await expect(page.getByTestId('comptoolbench-page').getByTestId('table1-row')).toHaveCount(3);
  await expect(page.getByTestId('selection-gap-chart-composed')).toHaveCount(3);
  await expect(page.locator('g:not([data-reference]) > [data-testid=level-chart-point]')).toHaveCount(12);
  await expect(page.getByTestId('rho').nth(1)).not.toHaveText('needs 3+ runs');
});

test('two runs with the same name both show on the comparison page', async ({ page }) => {
  await page.goto('index.html');
  for (const runs of [1, 2])
    await compositionRun(page, 'oracle', runs, async (p) => {
      await expect(p.getByTestId('pack-builtin-composition')).toBeChecked({ timeout: 30_000 });
      await p.getByTestId('cmp-per-level').fill('2');
    });
  const names = await page.getByRole('button', { name: /^oracle.* · composition/ }).allTextContents();
  expect(names).toHaveLength(2);
  expect(names[0]).toBe(names[1]);
  await page.getByTestId('tab-comptoolbench').click();
  const rows = page.getByTestId('comptoolbench-page').getByTestId('table1-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(' · 1');
  await expect(rows.nth(1)).toContainText(' · 2');
  await expect(page.getByTestId('selection-gap-chart-composed')).toHaveCount(2);
});

const REF = join(process.cwd(), '..', 'shared', 'reference', 'comptoolbench');
const PARITY = join(process.cwd(), '..', 'shared', 'parity', 'comptoolbench');
const haveShared = existsSync(join(REF, 'test.jsonl')) && existsSync(join(PARITY, 'aggregates.json'));

test('the published tasks imported by file; a parity-corpus model replayed through the app gives the reference per-level numbers', async ({ page }) => {
  test.skip(!haveShared, `needs ${REF} and ${PARITY} (they come with ../shared, not with the repository)`);
  const agg = JSON.parse(readFileSync(join(PARITY, 'aggregates.json'), 'utf8')) as {
    tasks: string[];
    models: { name: string; assignment: Record<string, string>; composition_gap_unrounded: { accuracy: Record<string, number> } }[];
  };
  const model = agg.models.find((m) => m.name === 'all_wrong_tool_sibling') ?? agg.models[3];
  if (!model) throw new Error('no synthetic model');
  const cases = new Map(
    readFileSync(join(PARITY, 'cases.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { case_id: string; predicted_calls: unknown })
      .map((c) => [c.case_id, c.predicted_calls]),
  );
  const predictions = join(tmpdir(), `ctb-${model.name}.jsonl`);
  writeFileSync(predictions, agg.tasks.map((id) => JSON.stringify({ id, result: cases.get(`${id}::${model.assignment[id]}`) })).join('\n') + '\n');
  const broken = join(tmpdir(), 'ctb-broken.jsonl');
  writeFileSync(broken, readFileSync(join(REF, 'test.jsonl'), 'utf8').split('\n').slice(0, 3).join('\n').replace('"L0_node"', '"L7"'));

  await page.goto('index.html');
  await page.getByTestId('tab-packs').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(4, { timeout: 30_000 });
  await page.getByTestId('ctb-files').setInputFiles(broken);
  await expect(page.getByTestId('ctb-import-message')).toContainText('Nothing was imported. ctb-broken.jsonl record 1: level');
  await expect(page.getByTestId('pack-row')).toHaveCount(4);
  await page.getByTestId('ctb-files').setInputFiles([join(REF, 'test.jsonl'), join(REF, 'tools.json')]);
  await expect(page.getByTestId('ctb-import-message')).toContainText('200 CompToolBench tasks');
  await expect(page.getByTestId('pack-row')).toHaveCount(5);

  await compositionRun(page, 'replay', 1, async (p) => {
    await p.getByTestId('pack-builtin-composition').uncheck();
    await p.getByTestId('pack-comptoolbench:CompToolBench test').check();
    await p.getByTestId('predictions-file').setInputFiles(predictions);
    await expect(p.getByTestId('replay-coverage')).toContainText(`answers ${agg.tasks.length} tasks`);
  });
  const row = page.getByTestId('table1-row');
  for (const l of LEVELS) await expect(row.getByTestId(`acc-${l}`)).toContainText(`${((model.composition_gap_unrounded.accuracy[l] ?? NaN) * 100).toFixed(1)}%`);
});
