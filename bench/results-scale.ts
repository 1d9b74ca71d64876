/**
 * Results at scale (issue 19 item 4), in Chromium against a build: a paused oracle catalog run is
 * given N stored results (copies of its real ones, spread over a 4 × 3 grid of cells), then
 *  - open: the page is reloaded and the Results tab opened on it; time until the report counts
 *    all N results, time until its heatmap first shows, and the longest main-thread task meanwhile;
 *  - update cost: the run is resumed with the Results tab open on it; the median time per sample
 *    of the samples it then runs (oracle, 1K prompts), against the same with the Run tab open.
 * `npm run bench:results [N…]` (default 1000 10000 100000); also part of `npm run bench`.
 * `npm run bench:results -- sweep`: a 3,500-sample oracle sweep timed with the Results tab closed and open.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { clearAll, IDB, pausedRun, runRows, seed, waitForStatus } from '../harness/seeded-run';
import { setupCatalog } from '../harness/app-driver';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Median ms between consecutive results the resumed run writes (seeded results excluded). */
async function resumeAndTime(page: Page, runId: string): Promise<{ ms: number; samples: number }> {
  const before = new Set(((await page.evaluate(`(async () => { ${IDB} return getAll('results'); })()`)) as { id: string }[]).map((r) => r.id));
  const t0 = Date.now();
  await page.getByTestId('resume-run').click();
  await waitForStatus(page, runId, ['completed'], 30 * 60_000);
  const fresh = ((await page.evaluate(`(async () => { ${IDB} return getAll('results'); })()`)) as { id: string; runId: string; createdAt: number }[])
    .filter((r) => r.runId === runId && !before.has(r.id) && r.createdAt >= t0)
    .map((r) => r.createdAt)
    .sort((a, b) => a - b);
  return { ms: median(fresh.slice(1).map((t, i) => t - (fresh[i] as number))), samples: fresh.length };
}

async function benchOne(browser: Browser, url: string, n: number): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // the longest main-thread task while the report opens: how long the page cannot answer a click
  await page.addInitScript(`
    window.__longest = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); }).observe({ type: 'longtask', buffered: false });
  `);
  await page.goto(url);
  await clearAll(page);
  const runId = await pausedRun(page);
  await seed(page, runId, n);
  const expected = (await runRows(page)).find((r) => r.id === runId)?.done ?? n;

  await page.reload();
  await page.getByTestId('tab-run').waitFor();
  await page.waitForTimeout(500);
  await page.evaluate('window.__longest = 0');
  const heap0 = (await page.evaluate('performance.memory ? performance.memory.usedJSHeapSize : 0')) as number;
  const t0 = Date.now();
  await page.getByTestId('tab-results').click();
  await page.getByTestId('heatmap').first().waitFor({ timeout: 120_000 });
  const firstHeatmap = Date.now() - t0;
  const report = page.getByTestId('run-report');
  for (;;) {
    const text = (await report.textContent().catch(() => '')) ?? '';
    if (text.includes(`${expected} of`)) break;
    if (Date.now() - t0 > 120_000) throw new Error('the report never counted every result');
    await page.waitForTimeout(10);
  }
  const allCounted = Date.now() - t0;
  const longest = (await page.evaluate('window.__longest')) as number;
  const heap = (((await page.evaluate('performance.memory ? performance.memory.usedJSHeapSize : 0')) as number) - heap0) / 1e6;
  console.log(
    `results at scale, ${n.toLocaleString('en-US')} stored: open the report — heatmap shown in ${firstHeatmap} ms, all ${expected.toLocaleString('en-US')} results counted in ${allCounted} ms, longest main-thread task ${longest.toFixed(0)} ms, JS heap +${heap.toFixed(0)} MB`,
  );

  const results = await resumeAndTime(page, runId);
  console.log(
    `results at scale, ${n.toLocaleString('en-US')} stored: with the Results tab open on the running run, median ${results.ms.toFixed(1)} ms per sample over ${results.samples} samples (oracle, 1K prompts)`,
  );
  await context.close();
}

/** One oracle catalog sweep of 3,500 samples (512–32K × 5 positions × 100) from Start to completed, watched from the Run tab or from its report. */
async function timedSweep(browser: Browser, url: string, watch: 'run' | 'results'): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await clearAll(page);
  await page.goto(url);
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await setupCatalog(page, { lengths: [512, 1024, 2048, 4096, 8192, 16384, 32768], positions: [0.1, 0.3, 0.5, 0.7, 0.9], perCell: 100, constraint: 'off', maxTokens: 128 });
  const t0 = Date.now();
  await page.getByTestId('start-run').click();
  if (watch === 'results') {
    await page.getByTestId('tab-results').click();
    await page.getByTestId('run-name').first().click();
  }
  const [run] = await runRows(page);
  await waitForStatus(page, run!.id, ['completed'], 30 * 60_000);
  const ms = Date.now() - t0;
  await context.close();
  return ms;
}

/** Issue 37 item 1: the same sweep with the Results tab closed and open on it; the open one should cost at most ~10% more. */
export async function benchResultsOpenVsClosed(browser: Browser, url: string): Promise<void> {
  const closed = await timedSweep(browser, url, 'run');
  const open = await timedSweep(browser, url, 'results');
  console.log(
    `results open vs closed, oracle catalog sweep of 3,500 samples: closed ${(closed / 1000).toFixed(1)} s, open ${(open / 1000).toFixed(1)} s (${(((open - closed) / closed) * 100).toFixed(0)}% more with the report open)`,
  );
}

export async function benchResultsAtScale(browser: Browser, url: string, sizes: readonly number[]): Promise<void> {
  for (const n of sizes) await benchOne(browser, url, n);
}

// standalone: `npm run bench:results [N…]`
if (process.argv[1]?.endsWith('results-scale.ts')) {
  const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(CHROMIUM) || !existsSync('dist/index.html')) {
    console.log('results-at-scale figures skipped: needs Debian chromium and a build (dist/)');
  } else {
    const sweep = process.argv.includes('sweep');
    const sizes = process.argv
      .slice(2)
      .map(Number)
      .filter((x) => Number.isInteger(x) && x > 0);
    const { chromium } = await import('@playwright/test');
    const server = spawn('npx', ['vite', 'preview', '--port', '4174', '--strictPort', '--host', '127.0.0.1'], { detached: true, stdio: 'ignore' });
    try {
      await new Promise((r) => setTimeout(r, 2500));
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--disable-background-networking', '--no-first-run', '--enable-precise-memory-info'] });
      if (sweep) await benchResultsOpenVsClosed(browser, 'http://127.0.0.1:4174/index.html');
      else await benchResultsAtScale(browser, 'http://127.0.0.1:4174/index.html', sizes.length ? sizes : [1000, 10_000, 100_000]);
      await browser.close();
    } finally {
      if (server.pid) process.kill(-server.pid);
    }
  }
}
