/**
 * Issue 19, items 3, 6, 8 and 11: a run's life as the user sees it. Start brings the monitor into
 * view; a run that ends (completed, paused, failed — also by three engine errors in a row) says so
 * and points to its results; accuracy after a resume counts the answers written before; estimates
 * say a time for engines without a model and learn a speed from past runs; a predictions file is
 * checked when chosen; runs carry their creation date, can be renamed, and deleting one asks first.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { setupCatalog } from '../../harness/app-driver';
import { freePort } from '../../harness/llama-server';
import { readStore } from '../../harness/idb';

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS' };

/** A stub OpenAI-compatible server on a free port: it lists one model, answers CORS preflights, and leaves chat requests to `chat`. */
async function stubServer(model: string, chat: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; port: number }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    if (req.url?.endsWith('/models')) {
      res.writeHead(200, { ...CORS, 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model', owned_by: 'stub', max_model_len: 8192 }] }));
    }
    chat(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
}

/** The Run tab connected to the server at `port`. */
async function connectTo(page: Page, port: number) {
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-openai').check();
  await page.getByTestId('server-url').fill(`http://127.0.0.1:${port}/v1`);
  await page.getByTestId('server-connect').click();
  await expect(page.getByTestId('server-status')).toBeVisible({ timeout: 30_000 });
}

async function oracleCatalog(page: Page, perCell: number) {
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await setupCatalog(page, { lengths: [1024], positions: [0.1, 0.5, 0.9], perCell, constraint: 'off', maxTokens: 128 });
}

test('Start shows the monitor in view; a completed run points to its results; the next estimate learns its speed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await oracleCatalog(page, 4);
  // no run yet: a time from prompt building alone, not "about 0 s"
  await expect(page.getByTestId('estimate')).toContainText('no model: building and scoring prompts only');
  await expect(page.getByTestId('estimate-time')).not.toHaveText('about 0 s');
  await expect(page.getByTestId('estimate-time')).not.toHaveText(/about under/);
  await page.getByTestId('start-run').click();
  const monitor = page.getByTestId('run-monitor');
  await expect(monitor).toBeInViewport();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 60_000 });
  await expect(page.getByTestId('run-progress')).toContainText('12 / 12 samples (100%) · accuracy 100%');
  await page.getByTestId('see-results').click();
  await expect(page.getByTestId('tab-results')).toHaveAttribute('aria-current', 'page');
  // looked at, the note is done with
  await expect(monitor).toHaveCount(0);
  const [run] = await readStore<{ id: string; name: string; speed?: { samples: number; msPerSample: number } }>(page, 'runs');
  await expect(page.getByTestId('run-report').locator('h2')).toHaveText(run?.name ?? '');
  expect(run?.speed?.samples).toBe(12);
  expect(run?.speed?.msPerSample).toBeGreaterThan(0);
  await page.getByTestId('tab-run').click();
  await expect(page.getByTestId('estimate')).toContainText('at the speed of your last run of this suite with oracle');
});

test('accuracy after Resume counts the answers written before the pause (it showed only the new ones)', async ({ page }) => {
  await oracleCatalog(page, 120);
  await page.getByTestId('start-run').click();
  await expect.poll(async () => parseInt((await page.getByTestId('run-progress').textContent()) ?? '0', 10), { timeout: 60_000 }).toBeGreaterThan(20);
  await page.getByTestId('pause-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run paused');
  await expect(page.getByTestId('run-monitor')).toContainText('Resume it on the Results tab');
  await page.getByTestId('see-results').click();
  await page.getByTestId('resume-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 120_000 });
  // every oracle answer is right, before and after the resume
  await expect(page.getByTestId('run-progress')).toContainText('360 / 360 samples (100%) · accuracy 100%');
});

test.describe('a server that answers every request with an error', () => {
  let server: Server;
  let port: number;
  test.beforeAll(async () => {
    ({ server, port } = await stubServer('broken', (req, res) => {
      res.writeHead(req.url?.endsWith('/chat/completions') ? 400 : 404, { ...CORS, 'content-type': 'application/json' });
      // as long as a real server's stack trace, with an unbroken run of characters a page cannot wrap at spaces
      res.end(JSON.stringify({ error: { message: `this stub refuses every request ${'/very/long/path/'.repeat(40)} ${'trace line; '.repeat(60)}` } }));
    }));
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('three engine errors in a row: the monitor says the run failed, why, and where its results are (it vanished)', async ({ page }) => {
    await connectTo(page, port);
    await setupCatalog(page, { lengths: [1024], positions: [0.1, 0.5, 0.9], perCell: 2, constraint: 'off', maxTokens: 64 });
    await page.getByTestId('start-run').click();
    await expect(page.getByTestId('monitor-title')).toHaveText('Run failed', { timeout: 60_000 });
    await expect(page.getByTestId('run-error')).toContainText('this stub refuses every request');
    await expect(page.getByTestId('run-monitor')).toContainText('The results written so far are kept');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'the monitor').toBeLessThanOrEqual(0);
    await page.getByTestId('see-results').click();
    await expect(page.getByTestId('run-status')).toHaveText('failed');
    // the two errors before the third are that samples' results; the third stopped the run
    await expect(page.getByTestId('run-row')).toContainText('2/6');
    // engine errors are no answers: not 0% and a red heatmap, but said so, and asked again on Resume (issue 46, item 1)
    await expect(page.getByTestId('run-headline')).toHaveText('no answers (2 unanswered)');
    await page.getByTestId('run-name').first().click();
    await expect(page.getByTestId('no-answers')).toContainText('No answers: every sample so far ended in an engine error (2;');
    await expect(page.getByTestId('overall-accuracy')).toHaveCount(0);
    await expect(page.getByTestId('heat-cell')).toHaveCount(0);
    // a long error never widens the page: its first words in the row, the whole of it on demand, wrapped
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByTestId('run-error-details').locator('summary')).toContainText('the server answered HTTP 400: this stub refuses');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBeLessThanOrEqual(0);
      const del = await page.getByTestId('delete-run').boundingBox();
      expect(del!.x + del!.width, `${width} px`).toBeLessThanOrEqual(width);
    }
    await page.getByTestId('run-error-details').locator('summary').click();
    await expect(page.getByTestId('run-error-details')).toContainText('trace line; trace line;');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});

test('a predictions file is checked when chosen: what is wrong with it, how much of the setup it answers', async ({ page }) => {
  await oracleCatalog(page, 2);
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 60_000 });
  const results = await readStore<{ itemId: string; output: string }>(page, 'results');
  const items = [...new Set(results.map((r) => r.itemId))];
  expect(items).toHaveLength(2);

  await page.getByTestId('dismiss-monitor').click();
  await expect(page.getByTestId('run-monitor')).toHaveCount(0);
  await page.getByTestId('engine-replay').check();
  const file = page.getByTestId('predictions-file');
  await file.setInputFiles({ name: 'broken.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from('{"id": "a", "result": "f()"}\n{"id": 3}\n') });
  await expect(page.getByTestId('predictions-error')).toContainText('broken.jsonl line 2: id');
  await expect(page.getByTestId('start-run')).toBeDisabled();
  await expect(page.getByTestId('start-blockers')).toContainText('mend the predictions file');

  await file.setInputFiles({ name: 'elsewhere.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from('{"id": "simple_0", "result": "f()"}\n') });
  await expect(page.getByTestId('replay-coverage-all')).toContainText("The file answers none of this setup's 6 samples");
  await expect(page.getByTestId('start-blockers')).toContainText('it answers none of its 6');

  const first = results.find((r) => r.itemId === items[0]);
  await file.setInputFiles({ name: 'half.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(JSON.stringify({ id: items[0], result: first?.output }) + '\n') });
  await expect(page.getByTestId('replay-coverage-all')).toContainText(`The file answers 3 of this setup's 6 samples; the other 3 would be scored wrong as “no prediction” (e.g. ${items[1]})`);
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 60_000 });
  await expect(page.getByTestId('run-progress')).toContainText('6 / 6 samples (100%) · accuracy 50%');
});

test('runs show their creation date, can be renamed (an empty name refused), and deleting one asks first', async ({ page }) => {
  await oracleCatalog(page, 2);
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 60_000 });
  await page.getByTestId('see-results').click();
  const [run] = await readStore<{ createdAt: number }>(page, 'runs');
  const d = new Date(run?.createdAt ?? 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect(page.getByTestId('run-created')).toHaveText(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`);

  // the full configuration, as stored
  await page.getByTestId('run-config').locator('summary').click();
  await expect(page.getByTestId('run-config')).toContainText('"seed": 42');
  await expect(page.getByTestId('run-config')).toContainText('"counterId": "llama3"');
  await page.getByTestId('rename-run').click();
  await page.getByTestId('run-name-input').fill('   ');
  await page.getByTestId('run-name-save').click();
  await expect(page.getByTestId('run-name-error')).toHaveText('A run needs a name.');
  await page.getByTestId('run-name-input').fill('oracle, seed 42, for the slides');
  await page.getByTestId('run-name-input').press('Enter');
  await expect(page.getByTestId('run-name')).toHaveText('oracle, seed 42, for the slides');
  await expect(page.getByTestId('run-report').locator('h2')).toHaveText('oracle, seed 42, for the slides');
  expect((await readStore<{ name: string }>(page, 'runs'))[0]?.name).toBe('oracle, seed 42, for the slides');
  await page.reload();
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-name')).toHaveText('oracle, seed 42, for the slides');

  await page.getByTestId('delete-run').click();
  await expect(page.getByTestId('confirm-delete-run')).toContainText('Delete oracle, seed 42, for the slides with its 6 results?');
  await page.getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await page.getByTestId('delete-run').click();
  await page.getByTestId('confirm-delete-run-yes').click();
  await expect(page.getByTestId('run-row')).toHaveCount(0);
  expect(await readStore(page, 'results')).toHaveLength(0);
});

test.describe('a server that holds every answer until the test lets it go', () => {
  let server: Server;
  let port: number;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  test.beforeAll(async () => {
    ({ server, port } = await stubServer('held', (req, res) => {
      if (!req.url?.endsWith('/chat/completions')) return void res.writeHead(404, CORS).end();
      req.resume();
      void released.then(() => {
        res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: '[]' }, finish_reason: null }] })}\n\n`);
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 1000, completion_tokens: 2 } })}\n\n`);
        res.end('data: [DONE]\n\n');
      });
    }));
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("while the engine reads a prompt, the monitor says so, with the prompt's size and a clock (issue 49: a CPU engine showed nothing for ~80 s)", async ({ page }) => {
    await connectTo(page, port);
    await setupCatalog(page, { lengths: [1024], positions: [0.5], perCell: 1, constraint: 'off', maxTokens: 64 });
    await page.getByTestId('start-run').click();
    const reading = page.getByTestId('reading-prompt');
    // the answer is held: the engine is still "reading", for as long as the test likes
    await expect(reading).toContainText(/Reading the current sample's prompt \(1,0\d\d tokens\) before the first token of its answer/, { timeout: 60_000 });
    await expect(reading).toContainText('the first sample measures how fast this device reads prompts');
    await expect(page.getByTestId('run-progress')).toContainText('0 / 1 samples');
    release();
    await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 60_000 });
    await expect(reading).toHaveCount(0);
  });
});

test.describe('a server that never answers', () => {
  let server: Server;
  let port: number;
  test.beforeAll(async () => {
    ({ server, port } = await stubServer('silent', (req, res) => {
      if (!req.url?.endsWith('/chat/completions')) return void res.writeHead(404, CORS).end();
      req.resume();
      req.on('close', () => res.destroy());
    }));
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('a reload mid-run: the Run tab says the run was interrupted, that its results are kept and how to Resume (issue 74)', async ({ page }) => {
    await connectTo(page, port);
    await setupCatalog(page, { lengths: [1024], positions: [0.5], perCell: 1, constraint: 'off', maxTokens: 64 });
    await page.getByTestId('start-run').click();
    await expect(page.getByTestId('reading-prompt')).toBeVisible({ timeout: 60_000 });
    await page.reload();
    await expect(page.getByTestId('monitor-title')).toHaveText('Run interrupted', { timeout: 30_000 });
    await expect(page.getByTestId('run-interrupted')).toContainText('Every result written is kept: Resume it on the Results tab');
    await page.getByTestId('see-results').click();
    await expect(page.getByTestId('run-status')).toHaveText([/^paused/]);
  });
});
