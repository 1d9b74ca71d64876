/**
 * Issue 17 as a user meets it: one runner per run across tabs (a second tab shows the run live and
 * read-only; deleting it there stops it first and leaves no orphan result), calls shown with every
 * argument name and exact integers, and CSV exports a spreadsheet cannot turn into formulas.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { evalWorkerOf, setupCatalog } from '../../harness/app-driver';
import { readStore } from '../../harness/idb';
import { IDB } from '../../harness/seeded-run';

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

test('the parse tab answers an output too large to read with a typed error, not the previous result; names and big integers are kept', async ({ page }) => {
  await page.goto('index.html');
  await page.getByTestId('tab-parse').click();
  const output = page.getByTestId('output');
  const result = page.getByTestId('result');
  await output.fill("[f(__proto__={'polluted': True}, n=123456789012345678901234567890, m=2**64+1)]");
  await expect(result).toContainText("{'__proto__': {'polluted': True}, 'n': 123456789012345678901234567890, 'm': 18446744073709551617}");
  // 29 characters that mean 10⁹ elements: refused at once (it hung, then kept showing the previous result)
  await output.fill('[f(a=[[[1]*1000]*1000]*1000)]');
  await expect(result).toContainText('Not a call list (too_large)');
  await output.fill('[f(a=1 << 2**30)]');
  await expect(result).toContainText('Not a call list (too_large): an integer of more than 4300 digits');
});

test('a stored call keeps __proto__ and every digit; exports quote by RFC 4180 and neutralise formulas in run names', async ({ page }) => {
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await setupCatalog(page, { lengths: [1024], positions: [0.5], perCell: 1, constraint: 'off', maxTokens: 128 });
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 60_000 });
  const [first] = await readStore<{ itemId: string }>(page, 'results');
  await page.getByTestId('dismiss-monitor').click();

  // a replay whose answer carries a __proto__ argument and an integer beyond 2^53
  await page.getByTestId('engine-replay').check();
  const answer = "[f(__proto__={'polluted': 1}, big=123456789012345678901234567890)]";
  await page
    .getByTestId('predictions-file')
    .setInputFiles({ name: "=cmd|' -c calc'!A0.jsonl", mimeType: 'application/x-ndjson', buffer: Buffer.from(JSON.stringify({ id: first?.itemId, result: answer }) + '\n') });
  await expect(page.getByTestId('replay-coverage-all')).toBeVisible();
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 60_000 });
  await page.getByTestId('see-results').click();
  await page.getByTestId('filter-verdict').selectOption('all');
  await page.getByTestId('sample-row').first().click();
  await expect(page.getByTestId('parsed-calls')).toHaveText('f(__proto__={"polluted":1}, big=123456789012345678901234567890)');

  // rename the replay run to something that breaks naive CSV, then export a comparison table
  const replayRow = page.getByTestId('run-row').filter({ hasText: 'calc' });
  await replayRow.getByTestId('rename-run').click();
  await page.getByTestId('run-name-input').fill('@SUM(1+1) "quoted", name');
  await page.getByTestId('run-name-save').click();
  await page.getByTestId('tab-longfunceval').click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('challenge-catalog').getByRole('button', { name: 'Export accuracy by length as CSV' }).click()]);
  const text = readFileSync((await csv.path()) as string, 'utf8');
  const records = text.split('\r\n').filter(Boolean);
  expect(records[0]).toMatch(/^series,/);
  const named = records.find((r) => r.includes('SUM'));
  // one quoted cell: the apostrophe neutralises the formula, quotes doubled, the comma kept inside
  expect(named).toMatch(/^"'@SUM\(1\+1\) ""quoted"", name",/);
});

test('imports are exact or refused: a question file cut short at a line, or bytes that are not UTF-8, import nothing and name the file', async ({ page }) => {
  const record = (i: number) =>
    JSON.stringify({
      id: `simple_${i}`,
      question: [[{ role: 'user', content: `Area of a square of side ${i}?` }]],
      function: [{ name: 'square_area', description: 'Area.', parameters: { type: 'dict', properties: { side: { type: 'integer', description: 'Side.' } }, required: ['side'] } }],
    });
  const answer = (i: number) => JSON.stringify({ id: `simple_${i}`, ground_truth: [{ square_area: { side: [i] } }] });
  const questions = [0, 1, 2, 3].map(record).join('\n') + '\n';
  const answers = [0, 1, 2, 3].map(answer).join('\n') + '\n';
  await page.goto('index.html');
  await page.getByTestId('tab-packs').click();
  const squares = page.getByTestId('pack-row').filter({ hasText: 'squares' });
  const files = page.getByTestId('bfcl-files');
  // cut at a line boundary: it read 2 of 4 before, silently
  await files.setInputFiles([
    { name: 'squares.json', mimeType: 'application/json', buffer: Buffer.from(questions.split('\n').slice(0, 2).join('\n') + '\n') },
    { name: 'squares_answers.json', mimeType: 'application/json', buffer: Buffer.from(answers) },
  ]);
  await expect(page.getByTestId('import-message')).toContainText(
    'Nothing was imported. squares_answers.json: id: 2 possible answers have no question in squares.json (simple_2, simple_3): is the question file complete?',
  );
  // a byte that is not UTF-8 (it became U+FFFD)
  const broken = Buffer.concat([Buffer.from(questions.slice(0, 60)), Buffer.from([0xff]), Buffer.from(questions.slice(60))]);
  await files.setInputFiles([
    { name: 'squares.json', mimeType: 'application/json', buffer: broken },
    { name: 'squares_answers.json', mimeType: 'application/json', buffer: Buffer.from(answers) },
  ]);
  await expect(page.getByTestId('import-message')).toContainText('squares.json: (encoding): not UTF-8 text (first invalid byte at offset 60)');
  await expect(squares).toHaveCount(0);
  await files.setInputFiles([
    { name: 'squares.json', mimeType: 'application/json', buffer: Buffer.from(questions) },
    { name: 'squares_answers.json', mimeType: 'application/json', buffer: Buffer.from(answers) },
  ]);
  await expect(page.getByTestId('import-message')).toContainText('Imported squares: 4 requests');
  await expect(squares).toHaveCount(1);
});

test('storage full mid-run: the run pauses naming the failed write, says how to free space, and resumes without loss once there is room', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await setupCatalog(page, { lengths: [1024], positions: [0.1, 0.5, 0.9], perCell: 100, constraint: 'off', maxTokens: 128 });
  // Chromium offers no quota knob here (Storage.overrideQuotaForOrigin has no effect headless), so the
  // browser's refusal is injected from the test: after 40 results, IndexedDB refuses to store more
  const worker = await evalWorkerOf(page);
  await worker.evaluate(() => {
    const g = globalThis as { roomLeft?: number };
    g.roomLeft = 40;
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'results' && (g.roomLeft ?? 1) <= 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      if (this.name === 'results') g.roomLeft = (g.roomLeft ?? 1) - 1;
      return put.apply(this, args);
    };
  });
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run paused — storage full', { timeout: 120_000 });
  await expect(page.getByTestId('run-error')).toContainText(/storage for this site is full: saving the result of sample \d+ \(.+\) failed/);
  await expect(page.getByTestId('run-error')).toContainText('download their run files first');
  const stored = await readStore<{ index: number }>(page, 'results');
  expect(stored).toHaveLength(40);
  const [run] = await readStore<{ status: string; error?: string }>(page, 'runs');
  expect(run?.status).toBe('paused');
  // space again: resumed, every sample exactly once
  await worker.evaluate(() => void ((globalThis as { roomLeft?: number }).roomLeft = Infinity));
  await page.getByTestId('see-results').click();
  await page.getByTestId('resume-run').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 180_000 });
  const after = (await readStore<{ index: number }>(page, 'results')).map((r) => r.index);
  expect(after).toHaveLength(300);
  expect(new Set(after).size).toBe(300);
});

test('a pack re-imported under the same name while a run is paused: the run resumes on the version it started with, never a mix', async ({ page }) => {
  test.setTimeout(900_000);
  // each request its own tool, so the pack alone fills a 1K catalog
  const pair = (n: number, word: string) => {
    const q = Array.from({ length: n }, (_, i) =>
      JSON.stringify({
        id: `simple_${i}`,
        question: [[{ role: 'user', content: `${word}: what is the area of shape number ${i} with side ${i + 1}?` }]],
        function: [
          {
            name: `shape_${i}_area`,
            description: `Area of shape number ${i}, a regular polygon, from the length of its side, in square units.`,
            parameters: { type: 'dict', properties: { side: { type: 'integer', description: 'Length of a side.' } }, required: ['side'] },
          },
        ],
      }),
    );
    const a = Array.from({ length: n }, (_, i) => JSON.stringify({ id: `simple_${i}`, ground_truth: [{ [`shape_${i}_area`]: { side: [i + 1] } }] }));
    return [
      { name: 'squares.json', mimeType: 'application/json', buffer: Buffer.from(q.join('\n') + '\n') },
      { name: 'squares_answers.json', mimeType: 'application/json', buffer: Buffer.from(a.join('\n') + '\n') },
    ];
  };
  await page.goto('index.html');
  await page.getByTestId('tab-packs').click();
  // large enough that the pause lands mid-run however fast the machine is (the oracle ran 120 samples
  // between the progress read and the click on an idle machine): 120 requests × 5 positions × 2 lengths
  const first = 120;
  const total = first * 5 * 2;
  await page.getByTestId('bfcl-files').setInputFiles(pair(first, 'first'));
  await expect(page.getByTestId('import-message')).toContainText(`Imported squares: ${first} requests`);
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await setupCatalog(page, { lengths: [1024, 2048], positions: [0.1, 0.3, 0.5, 0.7, 0.9], perCell: first, constraint: 'off', maxTokens: 128 });
  await page.getByTestId('pack-builtin-catalog').uncheck();
  await page.getByTestId('pack-bfcl:squares').check();
  await page.getByTestId('start-run').click();
  await expect.poll(() => progressOf(page), { timeout: 60_000 }).toBeGreaterThan(20);
  await page.getByTestId('pause-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run paused');

  // the same name, other content: 60 requests worded differently
  await page.getByTestId('tab-packs').click();
  await page.getByTestId('bfcl-files').setInputFiles(pair(first + 20, 'second'));
  await expect(page.getByTestId('import-message')).toContainText(`Imported squares: ${first + 20} requests`);
  await expect(page.getByTestId('pack-row').filter({ hasText: 'squares' })).toHaveCount(1);

  await page.getByTestId('tab-results').click();
  await page.getByTestId('resume-run').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 600_000 });
  const results = await readStore<{ index: number; itemId: string }>(page, 'results');
  // the plan it started with, whole: each request at each length and position once, only requests of the version it started with (it mixed in the new ones)
  expect(results).toHaveLength(total);
  expect(new Set(results.map((r) => r.index)).size).toBe(total);
  expect(results.every((r) => Number((r.itemId ?? '').replace('simple_', '')) < first)).toBe(true);
  // and its prompts are rebuilt from that version
  await page.getByTestId('filter-verdict').selectOption('all');
  await page.getByTestId('sample-row').first().click();
  await expect(page.getByTestId('sample-detail')).toContainText('first: what is the area of shape number');
});

test('a strict Content-Security-Policy: the app works, an injected inline script does not run, and neither the page nor its worker connects where the user did not choose', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) refused.push(m.text());
  });
  await page.route('https://elsewhere.example.org/**', (r) => r.fulfill({ status: 200, body: 'x', headers: { 'access-control-allow-origin': '*' } }));
  const response = await page.goto('index.html');
  // served with the policy as a header too, with what only a header can say: no site may frame the app
  const header = response?.headers()['content-security-policy'] ?? '';
  expect(header).toContain("frame-ancestors 'none'");
  expect(header).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain("worker-src 'self' blob:");
  expect(policy).toMatch(/connect-src 'self' blob: data: https:\/\/huggingface\.co .*http:\/\/127\.0\.0\.1:\*/);
  // an inline script put into the page does not run
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
  });
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  // no connection to an origin the user did not choose, from the page or from the worker that runs the engines
  expect(
    await page.evaluate(() =>
      fetch('https://elsewhere.example.org/a').then(
        () => 'connected',
        () => 'refused',
      ),
    ),
  ).toBe('refused');
  const worker = await evalWorkerOf(page);
  expect(
    await worker.evaluate(() =>
      fetch('https://elsewhere.example.org/b').then(
        () => 'connected',
        () => 'refused',
      ),
    ),
  ).toBe('refused');
  expect(refused.length).toBeGreaterThanOrEqual(2);
  // and the app still works under it: an oracle run, scored and shown
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await setupCatalog(page, { lengths: [1024], positions: [0.5], perCell: 2, constraint: 'off', maxTokens: 128 });
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 60_000 });
  await page.getByTestId('see-results').click();
  await expect(page.getByTestId('overall-accuracy')).toHaveText('100.0%');
});

test('the tools-file worker, loaded from the site with its own policy, connects nowhere (issue 46, item 7: it ran under connect-src *)', async ({ page }) => {
  await page.route('https://elsewhere.example.org/**', (r) => r.fulfill({ status: 200, body: 'x', headers: { 'access-control-allow-origin': '*' } }));
  await page.goto('index.html');
  await page.getByTestId('tab-packs').click();
  await page.getByTestId('your-tools-file').setInputFiles({
    name: 'acme-payroll.openapi.yaml',
    mimeType: 'application/yaml',
    buffer: readFileSync('tests/fixtures/your-tools/acme-payroll.openapi.yaml'),
  });
  let tools: import('@playwright/test').Worker | undefined;
  await expect
    .poll(async () => {
      for (const w of page.workers()) if ((await w.evaluate(() => self.name).catch(() => '')) === 'tools-file') tools = w;
      return tools !== undefined;
    })
    .toBe(true);
  const script = await page.request.get(tools!.url());
  expect(script.headers()['content-security-policy']).toContain("connect-src 'none'");
  for (const url of ['https://elsewhere.example.org/c', 'http://127.0.0.1:4173/index.html'])
    expect(
      await tools!.evaluate(
        (u) =>
          fetch(u).then(
            () => 'connected',
            () => 'refused',
          ),
        url,
      ),
      url,
    ).toBe('refused');
});

test('a run left queued by a tab that closed before it started can be resumed or deleted (issue 46, item 8: it stayed queued with no Resume)', async ({ page }) => {
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await setupCatalog(page, { lengths: [1024], positions: [0.5], perCell: 2, constraint: 'off', maxTokens: 64 });
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 60_000 });
  // what a tab closed a moment after Start leaves: the run stored as queued, no result, no lock held
  await page.evaluate(`(async () => {
    ${IDB}
    const db = await openDb();
    const tx = db.transaction(['runs', 'results'], 'readwrite');
    const runs = tx.objectStore('runs');
    const all = runs.getAll();
    all.onsuccess = () => {
      for (const r of all.result) runs.put({ ...r, status: 'queued', done: 0, correct: 0, headline: undefined });
      tx.objectStore('results').clear();
    };
    await done(tx);
    db.close();
  })()`);
  await page.reload();
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-status')).toHaveText('queued (not started: its tab closed)');
  await page.getByTestId('resume-run').click();
  await expect(page.getByTestId('run-status')).toHaveText('completed', { timeout: 60_000 });
  await expect(page.getByTestId('run-row')).toContainText('2/2');
});
