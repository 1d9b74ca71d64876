/**
 * `npm run screenshot [-- OUT_DIR]`: opens the built app (run `npx vite build` first) in headless
 * Chromium from a fresh profile, opens the gallery's first example as a visitor would, and writes
 * what a visitor sees at 1280 and 800 px: OUT_DIR/gallery-1280.png, gallery-800.png (the whole
 * report), first-1280.png and first-800.png (the first view a visitor sees) and docs/screenshot.png
 * (the README's: the first view's question, charts and answers at 1280 px).
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const PORT = 4177;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const out = process.argv[2] ?? join(process.cwd(), 'screenshots');
mkdirSync(out, { recursive: true });

const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { stdio: 'ignore', detached: true });
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/index.html`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 120) throw new Error('vite preview did not start (is dist/ built? npx vite build)');
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    for (const width of [1280, 800]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`http://127.0.0.1:${PORT}/index.html`);
      // what a visitor sees first
      await page.getByTestId('first-effect').first().waitFor({ timeout: 60_000 });
      await page.screenshot({ path: join(out, `first-${width}.png`) });
      if (width === 1280) {
        // the README's: the first view from its question to the answers under its two charts
        const top = await page.getByTestId('first-view').boundingBox();
        const answers = await page.getByTestId('first-answers').boundingBox();
        if (top && answers)
          await page.screenshot({
            path: join(process.cwd(), 'docs', 'screenshot.png'),
            fullPage: true,
            clip: { x: top.x, y: top.y, width: top.width, height: answers.y + answers.height + 12 - top.y },
          });
      }
      await page.getByTestId('tab-results').click();
      await page.getByTestId('open-example').first().click();
      await page.getByTestId('recording-banner').waitFor();
      await page.getByTestId('heat-cell').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(out, `gallery-${width}.png`), fullPage: true });
      // a page wider than its window scrolls sideways: name the elements that stick out
      const overflow = await page.evaluate(() => {
        const w = document.documentElement.clientWidth;
        // (no named function in here: tsx would wrap it in a helper the page does not have)
        const wide = [...document.querySelectorAll('body *')].filter((e) => {
          if (e.getBoundingClientRect().right <= w + 1) return false;
          for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return false;
          return true;
        });
        const outermost = wide.filter((e) => !wide.includes(e.parentElement as Element));
        return {
          page: document.documentElement.scrollWidth,
          window: w,
          outermost: outermost
            .slice(0, 5)
            .map(
              (e) =>
                `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[${e.getAttribute('data-testid')}]` : ''} "${(e.textContent ?? '').slice(0, 30)}" to ${Math.round(e.getBoundingClientRect().right)} px`,
            ),
        };
      });
      console.log(`${width} px: page ${overflow.page} px wide in a ${overflow.window} px window${overflow.outermost.length ? `; sticking out: ${overflow.outermost.join(', ')}` : ''}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots in ${out}: first-1280.png, first-800.png, gallery-1280.png, gallery-800.png; docs/screenshot.png`);
} finally {
  if (server.pid) process.kill(-server.pid);
}
