/**
 * The built app served locally, the model host serving real GGUF files at their download URLs, and
 * headless Chromium resolving those URLs to it: what the real-model benchmarks drive. `close`
 * stops all three.
 */
import { spawn } from 'node:child_process';
import { type Browser, chromium, type Page } from '@playwright/test';
import { guardNetwork } from './app-driver';
import { modelHostArgs } from './real-model';
import { waitFor } from './wait-for';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `allow`: the model URLs the page may fetch (nothing else outside); `distDir`: another build's folder (default dist/);
 * `browser`: another Chromium and its environment (the GPU tier's, harness/gpu-browser.ts); Debian's by default.
 */
export async function appWithModel(o: {
  appPort: number;
  hostPort: number;
  allow: readonly string[];
  distDir?: string;
  browser?: { executablePath: string; env: Record<string, string> };
}): Promise<{ browser: Browser; page: Page; close: () => Promise<void> }> {
  const app = spawn('npx', ['vite', 'preview', '--port', String(o.appPort), '--strictPort', '--host', '127.0.0.1', ...(o.distDir ? ['--outDir', o.distDir] : [])], { detached: true, stdio: 'ignore' });
  const host = spawn('node', ['harness/model-host.mjs', String(o.hostPort)], { detached: true, stdio: 'ignore' });
  const browser = await chromium.launch({
    executablePath: o.browser?.executablePath ?? CHROMIUM,
    ...(o.browser ? { env: { ...process.env, ...o.browser.env } as Record<string, string> } : {}),
    args: [
      '--disable-background-networking',
      '--no-first-run',
      '--enable-unsafe-webgpu',
      '--enable-unsafe-swiftshader',
      '--use-webgpu-adapter=swiftshader',
      '--enable-features=Vulkan',
      ...modelHostArgs(o.hostPort),
    ],
  });
  const close = async () => {
    await browser.close();
    for (const child of [app, host]) if (child.pid) process.kill(-child.pid);
  };
  try {
    await waitFor(`http://127.0.0.1:${o.appPort}/index.html`);
    await waitFor(`https://127.0.0.1:${o.hostPort}/health`, true);
    const page = await browser.newPage({ baseURL: `http://127.0.0.1:${o.appPort}/` });
    await guardNetwork(page, o.allow);
    await page.goto('index.html');
    return { browser, page, close };
  } catch (e) {
    await close();
    throw e;
  }
}
