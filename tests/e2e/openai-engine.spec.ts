/**
 * The engine `openai` in the app: a real OpenAI-compatible server (llama-cpp-python serving SmolLM2,
 * which allows every origin) runs a sweep with streaming; a server that refuses the page's origin
 * gets the CORS explanation and the fix per server; an endpoint off this device asks consent once
 * and the privacy line says where prompts go; a run file from the headless runner imports and its
 * heatmap equals the runner's table.
 */
import { NATIVE_SYSTEM } from '../../src/lib/prompts/native-tools';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { guardNetwork, setupCatalog } from '../../harness/app-driver';
import { readStore } from '../../harness/idb';
import { freePort, type RunningServer, SERVER_MODEL, serverMissing, startLlamaServer } from '../../harness/llama-server';

async function connect(page: import('@playwright/test').Page, url: string) {
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-openai').check();
  await page.getByTestId('server-url').fill(url);
  await page.getByTestId('server-connect').click();
}

test.describe('a real server', { tag: '@model' }, () => {
  const missing = serverMissing();
  test.skip(missing !== null, `needs llama-cpp-python's server: ${missing}`);
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startLlamaServer({ contextSize: 2048 });
  });
  test.afterAll(async () => server?.stop());

  test('runs a catalog sweep on the server, streaming its tokens into the monitor', async ({ page }) => {
    test.setTimeout(300_000);
    const outside = await guardNetwork(page);
    await page.goto('index.html');
    await connect(page, server.baseUrl);
    await expect(page.getByTestId('server-status')).toContainText('llama-cpp-python', { timeout: 30_000 });
    await expect(page.getByTestId('server-status')).toContainText('grammar via grammar');
    await expect(page.getByTestId('server-model')).toHaveValue(SERVER_MODEL);
    await expect(page.getByTestId('privacy-line')).toContainText('on the server on this device');
    await expect(page.getByTestId('server-lengths')).toContainText("server's own tokenizer (/extras/tokenize/count)");
    await setupCatalog(page, { lengths: [1024], positions: [0.5], perCell: 2, constraint: 'off', maxTokens: 32 });
    await page.getByTestId('start-run').click();
    // tokens arrive while the request is still open: text in the monitor before the first result is
    // written (decoding 32 tokens lasts well under a second after ~10 s of prefill, so the page is checked every 50 ms)
    await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid=streaming]')?.textContent ?? '…';
        const progress = document.querySelector('[data-testid=run-progress]')?.textContent ?? '';
        return text !== '…' && /^\s*0 \//.test(progress);
      },
      undefined,
      { polling: 50, timeout: 120_000 },
    );
    await page.getByTestId('tab-results').click();
    await expect(page.getByTestId('run-status').first()).toHaveText('completed', { timeout: 240_000 });
    await expect(page.getByTestId('heat-cell')).toHaveCount(1);
    await page.getByTestId('sample-row').first().click();
    // measured with the server's own tokenizer: the prompts are the length asked for with SmolLM2's
    const [run] = await readStore<{ counterId: string; engine: { kind: string; baseUrl: string } }>(page, 'runs');
    expect(run?.counterId).toBe(`server:${SERVER_MODEL}`);
    expect(run?.engine).toMatchObject({ kind: 'openai', baseUrl: server.baseUrl });
    const results = await readStore<{ usage: { promptTokens: number; completionTokens: number } | null; output: string }>(page, 'results');
    expect(results).toHaveLength(2);
    for (const r of results) {
      expect(Math.abs((r.usage?.promptTokens ?? 0) - 1024)).toBeLessThanOrEqual(6);
      expect(r.output.length).toBeGreaterThan(0);
    }
    expect(outside).toEqual([]);
  });

  test('native tool calls: the tools travel in the request, not in the prompt', async ({ page }) => {
    test.setTimeout(240_000);
    await guardNetwork(page);
    const bodies: { tools?: { type: string; function: { name: string } }[]; messages: { role: string; content: string }[] }[] = [];
    await page.context().route('**/v1/chat/completions', async (route) => {
      bodies.push(JSON.parse(route.request().postData() ?? '{}'));
      await route.continue();
    });
    await page.goto('index.html');
    await connect(page, server.baseUrl);
    await expect(page.getByTestId('server-status')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('server-calls-native').check();
    await setupCatalog(page, { lengths: [1024], positions: [0.5], perCell: 1, constraint: 'off', maxTokens: 32 });
    await page.getByTestId('start-run').click();
    await page.getByTestId('tab-results').click();
    await expect(page.getByTestId('run-status').first()).toHaveText('completed', { timeout: 200_000 });
    // the run's requests: not the connection's probe for log-probabilities (a grammar-forced "yes")
    const asked = bodies.filter((b) => !('logprobs' in b));
    expect(asked.length).toBeGreaterThan(0);
    const body = asked[0]!;
    expect(body.tools?.length).toBeGreaterThan(3);
    expect(body.tools?.every((t) => t.type === 'function' && t.function.name)).toBe(true);
    // the system prompt is the native one: neither our tool list nor our call syntax (the model would follow it)
    const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toBe(NATIVE_SYSTEM);
    for (const t of body.tools ?? []) expect(system).not.toContain(t.function.name);
    const [run] = await readStore<{ engine: { calls: string } }>(page, 'runs');
    expect(run?.engine.calls).toBe('native');
  });
});

test.describe('without a model', () => {
  let refusing: Server;
  let port: number;
  test.beforeAll(async () => {
    port = await freePort();
    // an OpenAI-compatible answer without CORS headers: what a server that does not allow the page's origin sends
    refusing = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model', owned_by: 'vllm', max_model_len: 4096 }] }));
    });
    await new Promise<void>((resolve) => refusing.listen(port, '127.0.0.1', resolve));
  });
  test.afterAll(() => new Promise<void>((resolve) => refusing.close(() => resolve())));

  test("a server that refuses the page's origin: the app says CORS and shows the fix per server", async ({ page }) => {
    await guardNetwork(page);
    await page.goto('index.html');
    await connect(page, `http://127.0.0.1:${port}/v1`);
    const error = page.getByTestId('server-error');
    await expect(error).toContainText('could not reach', { timeout: 30_000 });
    await expect(error).toContainText('CORS');
    await expect(page.getByTestId('cors-fixes')).toContainText('OLLAMA_ORIGINS=http://127.0.0.1:4173 ollama serve');
    await expect(page.getByTestId('cors-fixes')).toContainText(`--allowed-origins '["http://127.0.0.1:4173"]'`);
    await expect(page.getByTestId('start-run')).toBeDisabled();
  });

  test('an endpoint off this device asks consent once; the privacy line says where prompts go', async ({ page }) => {
    const models = JSON.stringify({ object: 'list', data: [{ id: 'hosted-model', object: 'model', owned_by: 'vllm', max_model_len: 32768 }] });
    await guardNetwork(page, [], { 'https://api.example.com/v1/models': { body: Buffer.from(models), headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' } } });
    await page.goto('index.html');
    await connect(page, 'https://api.example.com/v1');
    await expect(page.getByTestId('server-consent')).toContainText('Prompts will leave this device');
    await expect(page.getByTestId('server-status')).toHaveCount(0);
    // the page's policy gets the new origin: one reload, then it connects by itself
    await expect(page.getByTestId('server-consent-reload')).toContainText('it reloads once to add api.example.com');
    await page.getByTestId('server-consent-ok').click();
    await expect(page.getByTestId('server-status')).toContainText('vllm at api.example.com');
    await expect(page.getByTestId('server-status')).toContainText('context window 32768');
    await expect(page.getByTestId('server-remote')).toContainText('sent to api.example.com');
    await expect(page.getByTestId('privacy-line')).toContainText('Runs on the server at api.example.com send their prompts');
    // asked once per endpoint
    await page.getByTestId('server-connect').click();
    await expect(page.getByTestId('server-consent')).toHaveCount(0);
    await expect(page.getByTestId('server-status')).toBeVisible();
  });

  test("the runner's run file imports, labelled as a recording, and its heatmap equals the runner's table", async ({ page }) => {
    test.setTimeout(120_000);
    const out = join(mkdtempSync(join(tmpdir(), 'fc-runfile-')), 'baseline.run.jsonl');
    const printed = execFileSync(
      'npx',
      ['tsx', 'src/cli/eval/eval.ts', 'catalog', '--engine', 'baseline', '--lengths', '1K,2K', '--positions', '0.1,0.5,0.9', '--per-cell', '4', '--seed', '7', '--out', out],
      { encoding: 'utf8' },
    );
    const table = new Map<string, string>();
    for (const line of printed.split('\n')) {
      const m = /^ {2}(1K|2K)\s+([\d.]+%)\s+([\d.]+%)\s+([\d.]+%)$/.exec(line);
      if (m) [0.1, 0.5, 0.9].forEach((p, i) => table.set(`${m[1] === '1K' ? 1024 : 2048}|${p}`, m[i + 2] as string));
    }
    expect(table.size).toBe(6);

    await guardNetwork(page);
    await page.goto('index.html');
    await page.getByTestId('tab-results').click();
    await page.getByTestId('open-runs').locator('summary').click();
    await page.getByTestId('run-file').setInputFiles(out);
    await expect(page.getByTestId('open-runs-message')).toContainText('baseline', { timeout: 30_000 });
    await page
      .getByRole('button', { name: /^baseline · catalog/ })
      .first()
      .click();
    await expect(page.getByTestId('heat-cell')).toHaveCount(6);
    const cells = await page
      .getByTestId('heat-cell')
      .evaluateAll((els) => els.map((e) => [`${e.getAttribute('data-length')}|${e.getAttribute('data-alpha')}`, `${(Number(e.getAttribute('data-accuracy')) * 100).toFixed(1)}%`]));
    expect(new Map(cells as [string, string][])).toEqual(table);
    await expect(page.getByText('npm run eval -- catalog --engine baseline').first()).toBeVisible();
  });
});
