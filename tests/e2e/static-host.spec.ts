/**
 * The built app on a plain static file server under a sub-path, with no COOP/COEP headers (as GitHub
 * Pages serves it): the app's own service worker makes the page cross-origin isolated after one
 * reload, so llama.cpp in WebAssembly runs as many threads as under `npm start` (issue 72). The
 * server here answers files with their type and nothing else.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildTinyModel } from '../../datasets/tiny-model/build';

const DIST = process.env.FC_DIST_DIR ?? 'dist';
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.jsonl': 'application/json',
  '.svg': 'image/svg+xml',
};

let server: Server;
let root = '';
const served: { url: string; headers: string[] }[] = [];

test.beforeAll(async () => {
  test.skip(!existsSync(join(DIST, 'index.html')), `${DIST}/index.html is not built (npx vite build)`);
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith('/fc/')) return void res.writeHead(404).end();
    const file = normalize(join(DIST, path.slice('/fc/'.length) || 'index.html'));
    if (!file.startsWith(normalize(DIST)) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    served.push({ url: path, headers: Object.keys(res.getHeaders()) });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fc/`;
});
test.afterAll(async () => {
  if (server) await new Promise<void>((r) => server.close(() => r()));
});

test('a static host with no headers: the app isolates itself with its service worker and llama.cpp runs every core', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${root}index.html`);
  // the first load registers the worker and reloads once; the page that stays is isolated
  // (an evaluate that meets the reload reads as not yet)
  await expect.poll(() => page.evaluate(() => globalThis.crossOriginIsolated).catch(() => false), { timeout: 60_000 }).toBe(true);
  await page.waitForLoadState('load');
  expect(served.every((s) => !s.headers.some((h) => /cross-origin/i.test(h)))).toBe(true);
  await expect(page.getByTestId('first-view')).toBeVisible({ timeout: 60_000 });
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.getByTestId('engine-wllama').check();
  await page.getByTestId('gguf-file').setInputFiles({ name: 'tiny-random.gguf', mimeType: 'application/octet-stream', buffer: Buffer.from(buildTinyModel(1)) });
  await page.getByTestId('load-gguf-file').click();
  await expect(page.getByTestId('gguf-loaded')).toContainText('fc-playground tiny test model', { timeout: 60_000 });
  const threads = (await page.evaluate('fcPlayground.worker().loadedModel()')) as { gguf: { threads: number } };
  // defaultThreads: every core up to 8, half beyond
  expect(threads.gguf.threads).toBe(cores > 8 ? Math.floor(cores / 2) : cores);
  await expect(page.getByTestId('gguf-threads')).toContainText('cross-origin isolated');
  // the tools-file worker, loaded from the site, obeys its own response's policy alone: the service worker gives it the one `npm start` sends
  const toolsWorker = readdirSync(join(DIST, 'assets')).find((f) => /^tools-file\.worker-[\w-]+\.js$/.test(f));
  expect(toolsWorker).toBeDefined();
  const policy = await page.evaluate(async (url) => (await fetch(url)).headers.get('content-security-policy'), `${root}assets/${toolsWorker}`);
  expect(policy).toContain("connect-src 'none'");
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'");
  // a second visit is isolated from the start: no reload needed
  await page.reload();
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
});
