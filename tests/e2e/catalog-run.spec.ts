/**
 * The vertical slice in Debian Chromium against the built app: WebGPU
 * detection, BFCL import, oracle and baseline sweeps, resume after reload,
 * WebLLM's download failure, and no request leaving localhost.
 */
import { existsSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { guardNetwork } from '../../harness/app-driver';
import { readStore } from '../../harness/idb';

const BFCL = '../shared/reference/bfcl';
const MODEL_HOSTS = ['huggingface.co', 'raw.githubusercontent.com'];

/** Sample indexes of every stored result, read straight from IndexedDB. */
async function storedResultIndexes(page: Page): Promise<number[]> {
  return (await readStore<{ index: number }>(page, 'results')).map((r) => r.index);
}

async function configure(page: Page, engine: string, lengths: number[], positions: number[], perCell: number) {
  await page.getByTestId('tab-run').click();
  await page.getByTestId(`engine-${engine}`).check();
  await expect(page.getByTestId('pack-builtin-catalog')).toBeVisible({ timeout: 30_000 });
  for (const l of [1024, 2048, 4096, 8192, 16384, 32768]) await page.getByTestId(`length-${l}`).setChecked(lengths.includes(l));
  for (const p of [0.1, 0.3, 0.5, 0.7, 0.9]) await page.getByTestId(`position-${p}`).setChecked(positions.includes(p));
  await page.getByTestId('samples-per-cell').fill(String(perCell));
}

async function runToEnd(page: Page) {
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('run-monitor')).toBeVisible();
  await expect(page.getByTestId('pause-run')).toBeHidden({ timeout: 120_000 });
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('runs-table')).toContainText('completed');
}

test('WebGPU is detected on the software adapter, without shader-f16, and f16 models are not offered', async ({ page }) => {
  await guardNetwork(page);
  await page.goto('index.html');
  await page.getByTestId('engine-webllm').check();
  await expect(page.getByTestId('gpu-status')).toContainText('GPU:');
  await expect(page.getByTestId('f16')).toHaveText('no');
  const select = page.getByTestId('model-select');
  await expect(select.locator('option:not([disabled])', { hasText: 'q4f32_1' }).first()).toBeAttached();
  const enabledF16 = await select.locator('option:not([disabled])').evaluateAll((opts) => opts.map((o) => (o as HTMLOptionElement).value).filter((v) => /q\d+f16/.test(v)));
  expect(enabledF16).toEqual([]);
  await expect(select.locator('option[disabled]', { hasText: 'q4f16_1' }).first()).toBeAttached();
});

test('a WebLLM load with the model hosts unreachable shows the download error; WebLLM itself is fetched only then (issue 19 item 5)', async ({ page }) => {
  const outside = await guardNetwork(page);
  const scripts: string[] = [];
  page.context().on('request', (r) => void (r.url().endsWith('.js') && scripts.push(new URL(r.url()).pathname.split('/').pop() ?? '')));
  const isWebllm = (f: string) => /^(webllm|lib)-.*\.js$/.test(f);
  await page.goto('index.html');
  await expect(page.getByTestId('engine-webllm')).toBeVisible();
  await expect.poll(() => scripts.some((f) => f.startsWith('eval.worker'))).toBe(true);
  await page.waitForLoadState('networkidle');
  await page.getByTestId('engine-webllm').check();
  const select = page.getByTestId('model-select');
  const model = await select.locator('option:not([disabled])', { hasText: 'SmolLM2-135M-Instruct-q0f32' }).first().getAttribute('value');
  await select.selectOption(model ?? '');
  // the models are listed (from the list made at build time) and WebLLM's 2 MB chunk is not loaded yet
  expect(scripts.filter(isWebllm)).toEqual([]);
  // nor the Llama 3 tokenizer (1.7 MB): the catalog's default lengths are fillable from the tools' characters alone
  const isTokenizer = (f: string) => f.startsWith('llama3-');
  expect(scripts.filter(isTokenizer)).toEqual([]);
  await page.getByTestId('load-model').click();
  await expect(page.getByTestId('model-error')).toContainText('could not be downloaded', { timeout: 30_000 });
  expect(scripts.filter(isWebllm)).toHaveLength(1);
  expect(outside.length).toBeGreaterThan(0);
  expect(outside.every((u) => MODEL_HOSTS.includes(new URL(u).hostname))).toBe(true);
});

test('oracle sweep fills the heatmap at 100%; baseline shows its real numbers; no request leaves localhost', async ({ page }) => {
  const outside = await guardNetwork(page);
  await page.goto('index.html');
  await configure(page, 'oracle', [1024, 2048], [0.1, 0.5, 0.9], 5);
  await expect(page.getByTestId('estimate')).toContainText('30 samples');
  await runToEnd(page);
  const cells = page.getByTestId('heat-cell');
  await expect(cells).toHaveCount(6);
  expect(await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-accuracy')))).toEqual(Array(6).fill('1.0000'));
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');

  await configure(page, 'baseline', [1024, 2048], [0.1, 0.5, 0.9], 5);
  await runToEnd(page);
  await page.getByRole('button', { name: /^baseline/ }).click();
  // the report is the baseline's, and its results are read (it opens empty, while the oracle's may still be up)
  await expect(page.locator('#report-title')).toHaveText(/^baseline/);
  await expect(page.getByTestId('heat-cell')).toHaveCount(6);
  await expect
    .poll(
      async () => {
        const value = parseFloat((await page.getByTestId('overall-accuracy').textContent()) ?? '');
        return value > 0 && value < 100;
      },
      { message: 'the baseline scores strictly between 0 and 100%' },
    )
    .toBe(true);
  await expect(page.getByTestId('error-bars')).toBeVisible();
  await page.getByTestId('sample-row').first().click();
  await expect(page.getByTestId('prompt').locator('.needle')).toHaveCount(1);
  expect(outside).toEqual([]);
});

test('a reload in the middle of a run resumes without duplicates', async ({ page }) => {
  // 360 samples of 16K–32K tokens: a minute or more on a busy 2-core machine
  test.setTimeout(300_000);
  await guardNetwork(page);
  await page.goto('index.html');
  // large enough that the reload lands mid-run however fast the machine is
  const total = 2 * 3 * 60;
  await configure(page, 'baseline', [16384, 32768], [0.1, 0.5, 0.9], 60);
  await page.getByTestId('start-run').click();
  await expect.poll(async () => parseInt((await page.getByTestId('run-progress').textContent()) ?? '0', 10), { timeout: 120_000 }).toBeGreaterThanOrEqual(3);
  await page.reload();
  const before = (await storedResultIndexes(page)).length;
  expect(before).toBeGreaterThan(0);
  expect(before).toBeLessThan(total);
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-status')).toHaveText('paused');
  // what the paused run has covered: shared prompts run together, so a request at every position before the next request
  await expect(page.getByTestId('coverage-note')).toContainText(/Covered so far: \d+ of 6 cells complete/);
  await expect(page.getByTestId('coverage-note')).toContainText('Shared prompts run together');
  await expect(page.getByTestId('run-order-note')).toHaveText('shared prompts run together');
  await page.getByTestId('resume-run').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 180_000 });
  const after = await storedResultIndexes(page);
  expect(after).toHaveLength(total);
  expect(new Set(after).size).toBe(total);
});

test('a BFCL file pair imports as a pack; a broken file imports nothing and names the record', async ({ page }) => {
  test.skip(!existsSync(BFCL), `no BFCL reference files at ${BFCL}`);
  await guardNetwork(page);
  await page.goto('index.html');
  await page.getByTestId('tab-packs').click();
  // the built-in packs: the tool catalog, the travel responses, the travel conversations and the composition tasks
  await expect(page.getByTestId('pack-row')).toHaveCount(4, { timeout: 30_000 });
  await page
    .getByTestId('bfcl-files')
    .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"id": "simple_1", "question": [[{"role": "user", "content": "x"}]], "function": [{"name": "f"}]}\n') });
  await expect(page.getByTestId('import-message')).toContainText('Nothing was imported');
  await expect(page.getByTestId('import-message')).toContainText('function[0].parameters');
  await expect(page.getByTestId('pack-row')).toHaveCount(4);
  await page.getByTestId('bfcl-files').setInputFiles([`${BFCL}/BFCL_v4_live_simple.json`, `${BFCL}/possible_answer/BFCL_v4_live_simple.json`]);
  await expect(page.getByTestId('import-message')).toContainText('258 requests');
  await expect(page.getByTestId('pack-row')).toHaveCount(5);
  await configure(page, 'oracle', [2048], [0.5], 3);
  await page.getByTestId('pack-builtin-catalog').uncheck();
  await page.getByTestId('pack-bfcl:BFCL_v4_live_simple').check();
  await runToEnd(page);
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');
});

test('imports BFCL files from URLs through the real fetch path (fixtures served at those URLs)', async ({ page }) => {
  const served: string[] = [];
  await page.route('https://data.example.org/bfcl/**', (route) => {
    served.push(route.request().url());
    const isAnswer = route.request().url().includes('possible_answer');
    const body = isAnswer
      ? '{"id": "simple_7", "ground_truth": [{"get_weather": {"city": ["Paris"], "days": [3, ""]}}]}\n'
      : '{"id": "simple_7", "question": [[{"role": "user", "content": "Weather in Paris for 3 days?"}]], "function": [{"name": "get_weather", "description": "Forecast.", "parameters": {"type": "dict", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}, "required": ["city"]}}]}\n';
    return route.fulfill({ status: 200, contentType: 'application/json', body });
  });
  await page.route('https://data.example.org/missing.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('index.html');
  await page.getByTestId('tab-packs').click();
  await page.getByTestId('question-url').fill('https://data.example.org/missing.json');
  await page.getByTestId('import-urls').click();
  // the page's policy connects only where the user allows: allowing reloads it, and the download goes on
  await expect(page.getByTestId('allow-origin')).toContainText('https://data.example.org is not one yet');
  await page.getByTestId('allow-origin-ok').click();
  await expect(page.getByTestId('import-message')).toContainText('HTTP 404');
  await expect(page.getByTestId('question-url')).toHaveValue('https://data.example.org/missing.json');
  await page.getByTestId('question-url').fill('https://data.example.org/bfcl/BFCL_v4_simple.json');
  await page.getByTestId('answer-url').fill('https://data.example.org/bfcl/possible_answer/BFCL_v4_simple.json');
  await page.getByTestId('import-urls').click();
  await expect(page.getByTestId('import-message')).toContainText('Imported BFCL_v4_simple: 1 request, 1 function.');
  expect(served).toHaveLength(2);
});

test('the Llama 3 tokenizer is loaded only when a chosen catalog length comes near what the tools can fill (issue 19 item 5)', async ({ page }) => {
  const scripts: string[] = [];
  page.context().on('request', (r) => void (r.url().endsWith('.js') && scripts.push(new URL(r.url()).pathname.split('/').pop() ?? '')));
  await page.goto('index.html');
  await page.getByTestId('engine-oracle').check();
  await expect(page.getByTestId('pack-builtin-catalog')).toBeChecked({ timeout: 30_000 });
  await page.getByTestId('length-16384').check();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((f) => f.startsWith('llama3-'))).toEqual([]);
  // 32K is more than the built-in tools' characters vouch for: counted, and fillable (they hold about 46K tokens)
  await page.getByTestId('length-32768').check();
  await expect.poll(() => scripts.filter((f) => f.startsWith('llama3-')).length).toBe(1);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('catalog-unfillable')).toHaveCount(0);
  await expect(page.getByTestId('start-run')).toBeEnabled();
});
