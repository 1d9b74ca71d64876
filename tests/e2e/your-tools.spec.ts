/**
 * Your own tools: an OpenAPI document and a requests file imported through the Packs tab, the
 * requests editor's live checks, catalog sweeps with the oracle and with the real model, and the
 * privacy claim — nothing but the app's origin (and the model host) is ever asked, and deleting
 * the pack leaves no trace in IndexedDB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { guardNetwork, LENGTH_CHIPS, loadSmolLM2, POSITION_CHIPS, setChips } from '../../harness/app-driver';
import { realModelMissing, SMOLLM2 } from '../../harness/real-model';
import { readStore } from '../../harness/idb';

const FIXTURES = join(process.cwd(), 'tests', 'fixtures', 'your-tools');
const OPENAPI = { name: 'acme-payroll.openapi.yaml', mimeType: 'application/yaml', buffer: readFileSync(join(FIXTURES, 'acme-payroll.openapi.yaml')) };
const REQUESTS = { name: 'acme-payroll.requests.jsonl', mimeType: 'application/jsonl', buffer: readFileSync(join(FIXTURES, 'acme-payroll.requests.jsonl')) };
const PACK_ID = 'pack-yours:Acme internal payroll';

async function importAcme(page: Page) {
  await page.getByTestId('tab-packs').click();
  await page.getByTestId('your-tools-file').setInputFiles(OPENAPI);
  await expect(page.getByTestId('your-tools-preview')).toContainText('OpenAPI 3.0.3: 3 functions');
  await page.getByTestId('your-requests-file').setInputFiles(REQUESTS);
  await expect(page.getByTestId('your-tools-preview')).toContainText('4 requests checked against them');
  await expect(page.getByTestId('your-pack-name')).toHaveValue('Acme internal payroll');
  await page.getByTestId('your-tools-save').click();
  await expect(page.getByTestId('your-tools-saved')).toHaveText('Saved Acme internal payroll: 3 functions, 4 requests.');
}

/** A catalog sweep of the user's requests among the built-in catalog's tools. */
async function setupYourCatalog(page: Page, o: { engine: string; lengths: number[]; positions: number[]; perCell: number; maxTokens?: number }) {
  await page.getByTestId('tab-run').click();
  await page.getByTestId(`engine-${o.engine}`).check();
  await page.getByTestId('suite-catalog').check();
  await page.getByTestId(PACK_ID).check();
  await expect(page.getByTestId('pack-builtin-catalog')).toBeChecked();
  // with one of your packs chosen, its requests are asked; the built-in pack lends distractors
  await expect(page.getByTestId('asked-yours:Acme internal payroll')).toBeChecked();
  await expect(page.getByTestId('asked-builtin-catalog')).not.toBeChecked();
  await setChips(page, 'length', o.lengths, LENGTH_CHIPS);
  await setChips(page, 'position', o.positions, POSITION_CHIPS);
  await page.getByTestId('samples-per-cell').fill(String(o.perCell));
  if (o.maxTokens) await page.getByTestId('max-tokens').fill(String(o.maxTokens));
}

test('an OpenAPI document and a requests file become a pack; the editor checks as you type; an oracle catalog sweep of them scores 100%', async ({ page }) => {
  const outside = await guardNetwork(page);
  await page.goto('index.html');
  await expect(page.getByTestId('tab-packs')).toBeVisible();

  // a requests file with a mistake imports nothing and says where it is
  await page.getByTestId('tab-packs').click();
  await page.getByTestId('your-tools-file').setInputFiles(OPENAPI);
  await page.getByTestId('your-requests-file').setInputFiles({ ...REQUESTS, buffer: Buffer.from(REQUESTS.buffer.toString().replace('"year": 2025', '"year": "2025"')) });
  await expect(page.getByTestId('your-tools-error')).toHaveText(
    "Nothing was imported. acme-payroll.requests.jsonl request 2 (payslip-march): expected[0].arguments.year: expected an integer, found '2025'",
  );
  expect((await readStore<{ source: string }>(page, 'packs')).filter((p) => p.source === 'yours')).toEqual([]);

  await importAcme(page);
  // the saved pack opens in the editor: break an expected call, watch the check, mend it
  const editor = page.getByTestId('requests-editor');
  await expect(editor.getByTestId('request-row')).toHaveCount(4);
  const expected = editor.getByTestId('request-expected').nth(3);
  await expected.fill('[{"name": "acme_department_headcount", "arguments": {"code": "LEGAL"}}]');
  await expect(editor.getByTestId('request-problems')).toHaveText("expected[0].arguments.code: 'LEGAL' is not one of 'ENG', 'OPS', 'FIN', 'HR'");
  await expect(editor.getByTestId('save-requests')).toBeDisabled();
  await expected.fill('[{"name": "acme_headcount", "arguments": {}}]');
  await expect(editor.getByTestId('request-problems')).toHaveText('expected[0].name: "acme_headcount" is not one of the tools');
  await expected.fill('[{"name": "acme_department_headcount", "arguments": {"code": ["HR", "ENG"]}}]');
  await expect(editor.getByTestId('request-problems')).toHaveCount(0);
  // a new request starts with the first function's required arguments, and is checked too
  await editor.getByTestId('add-request').click();
  await expect(editor.getByTestId('request-problems')).toContainText(['query: write the request']);
  await editor.getByTestId('request-query').nth(4).fill('Payslips of E-9 for 2023');
  await editor.getByTestId('request-expected').nth(4).fill('[{"name": "acme_list_payslips", "arguments": {"employeeId": "E-9", "year": 2023}}]');
  await expect(editor.getByTestId('request-problems')).toHaveCount(0);
  await editor.getByTestId('save-requests').click();
  await expect(editor.getByTestId('editor-message')).toHaveText('Saved 5 requests.');
  const [stored] = (await readStore<{ id: string; itemCount: number; source: string }>(page, 'packs')).filter((p) => p.source === 'yours');
  expect(stored).toMatchObject({ id: 'yours:Acme internal payroll', itemCount: 5 });

  // their requests among the built-in catalog's tools: the oracle reaches 100% in every cell
  await setupYourCatalog(page, { engine: 'oracle', lengths: [1024, 2048], positions: [0.1, 0.9], perCell: 5 });
  await expect(page.getByTestId('estimate')).toContainText('20 samples');
  await page.getByTestId('start-run').click();
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 120_000 });
  const cells = page.getByTestId('heat-cell');
  await expect(cells).toHaveCount(4);
  expect(await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-accuracy')))).toEqual(Array(4).fill('1.0000'));
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');
  const results = await readStore<{ packId: string; itemId: string }>(page, 'results');
  expect(new Set(results.map((r) => r.itemId))).toEqual(new Set(['payslips-2024', 'payslip-march', 'bonus', 'headcount-eng', 'request-5']));

  // their three tools alone cannot fill a 1K prompt: the setup says so before a run
  await page.getByTestId('tab-run').click();
  await page.getByTestId('pack-builtin-catalog').uncheck();
  await expect(page.getByTestId('catalog-unfillable')).toContainText('1K, 2K cannot be filled with distinct tools');
  // and Start refuses the sweep, naming the lengths (issue 19 item 2)
  await expect(page.getByTestId('start-run')).toBeDisabled();
  await expect(page.getByTestId('start-blockers')).toContainText('lengths the chosen packs can fill (1K, 2K cannot be: too few distinct tools)');
  expect(outside).toEqual([]);
});

test('WildAgtEval complexity switches on your functions: rules from their parameters, notices, sponsored results; the oracle scores 100% off and on', async ({ page }) => {
  const outside = await guardNetwork(page);
  await page.goto('index.html');
  await importAcme(page);
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await page.getByTestId('suite-wildagteval-simulated').check();
  await page.getByTestId('api-system').selectOption('yours:Acme internal payroll');
  const own = page.getByTestId('own-api');
  await expect(own).toContainText('Your 3 functions, answered by a stand-in');
  await expect(own).toContainText('Your 4 requests with expected calls make 2 two-turn conversations');
  await expect(own.getByTestId('own-carries-ad_hoc')).toContainText("acme_list_payslips: employeeId must carry the system prefix: 'ALP-'");
  await expect(own.getByTestId('own-carries-irrelevant')).toContainText('sponsored records among the results of acme_list_payslips');
  // only the types that act on their functions are offered
  await expect(page.getByTestId('api-type-unclear')).toHaveCount(0);
  await expect(page.getByTestId('api-type-ad_hoc')).toBeChecked();
  await expect(page.getByTestId('estimate')).toContainText('18 samples');
  await page.getByTestId('start-run').click();
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 120_000 });
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');
  for (const t of ['ad_hoc', 'notice', 'irrelevant']) await expect(page.getByTestId(`api-row-${t}`)).toContainText('100.0%');
  const [run] = await readStore<{ packIds: string[]; name: string }>(page, 'runs');
  expect(run).toMatchObject({ packIds: ['yours:Acme internal payroll'], name: 'oracle · API complexity · Acme internal payroll · isolated · ad_hoc/notice/irrelevant' });
  // the ad-hoc side's episodes wrote the identifiers in the API's own format
  const results = await readStore<{ output: string; cell: { variant: string }; facets: { type: string } }>(page, 'results');
  expect(results.filter((r) => r.facets.type === 'ad_hoc' && r.cell.variant === 'on').every((r) => /"employeeId":"A(LP|GB)-E-/.test(r.output))).toBe(true);
  expect(outside).toEqual([]);
});

const missing = realModelMissing();

test.describe('with the real model', { tag: '@model' }, () => {
  test.skip(missing !== null, missing ?? '');
  // generous: beside other CPU-bound work llama.cpp in WebAssembly ran several times slower (measured)
  test.describe.configure({ timeout: 3_600_000 });

  test('privacy: a sweep of private tools on the CPU engine asks nothing but the app and the model host; export, then delete, leaves no trace', async ({ page }) => {
    const outside = await guardNetwork(page, [SMOLLM2.url]);
    const asked: { url: string; body: string }[] = [];
    page.context().on('request', (r) => asked.push({ url: r.url(), body: r.postData() ?? '' }));
    await page.goto('index.html');
    await importAcme(page);
    await loadSmolLM2(page, 2048);
    await setupYourCatalog(page, { engine: 'wllama', lengths: [512], positions: [0.9], perCell: 1, maxTokens: 48 });
    await page.getByTestId('start-run').click();
    await page.getByTestId('tab-results').click();
    await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 900_000 });
    await expect(page.getByTestId('heatmap')).toBeVisible();
    const [result] = await readStore<{ output: string; error: unknown; itemId: string }>(page, 'results');
    expect(result?.error).toBeNull();
    expect(result?.output.length).toBeGreaterThan(0);

    // every request of the page and its worker: the app's origin, and the model host for the weights
    const origins = new Set(asked.map((a) => new URL(a.url).origin));
    origins.delete('http://127.0.0.1:4173');
    for (const o of origins) expect(['https://huggingface.co', 'null']).toContain(o);
    expect(outside.every((u) => new URL(u).hostname === 'huggingface.co')).toBe(true);
    expect(asked.filter((a) => /acme|payslip|E-1042/i.test(a.url + a.body))).toEqual([]);

    // the loaded model drafts requests for a tool; drafts are marked, and not kept until accepted
    await page.getByTestId('tab-packs').click();
    await page.getByTestId('pack-row').filter({ hasText: 'Acme internal payroll' }).getByTestId('edit-requests').click();
    const editor = page.getByTestId('requests-editor');
    await editor.getByTestId('draft-tool').selectOption('acme_grant_bonus');
    await editor.locator('input[type=number]').fill('2');
    await editor.getByTestId('draft-requests').click();
    await expect(editor.getByTestId('editor-message')).toContainText(/draft.* by .*not ground truth|wrote no usable request/, { timeout: 900_000 });
    const drafts = await editor.locator('.request.draft').count();
    expect(await editor.getByTestId('request-row').count()).toBe(4 + drafts);
    await editor.getByTestId('save-requests').click();
    await expect(editor.getByTestId('editor-message')).toHaveText('Saved 4 requests.');

    // export gives the two files back; deleting the pack (and the run that used it) leaves nothing of it stored
    await page.getByTestId('tab-packs').click();
    const row = page.getByTestId('pack-row').filter({ hasText: 'Acme internal payroll' });
    const [tools] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-pack').click()]);
    expect(tools.suggestedFilename()).toBe('Acme_internal_payroll.tools.json');
    await row.getByTestId('delete-pack').click();
    await expect(page.getByTestId('confirm-delete')).toContainText('and the 1 run that used it');
    await page.getByTestId('confirm-delete-yes').click();
    await expect(row).toHaveCount(0);
    const everything = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('fc-playground');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const names = [...db.objectStoreNames];
            const tx = db.transaction(names);
            const parts: string[] = [];
            for (const n of names) {
              const all = tx.objectStore(n).getAll();
              all.onsuccess = () => parts.push(JSON.stringify(all.result));
            }
            tx.oncomplete = () => {
              db.close();
              resolve(parts.join('\n'));
            };
          };
        }),
    );
    expect(everything.length).toBeGreaterThan(1000);
    expect(everything).not.toMatch(/acme|payslip|E-1042/i);
  });
});
