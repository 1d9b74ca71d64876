import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext();
const page = await context.newPage();
const fetched = new Map();
context.on('response', (r) => { void r.body().then((b) => fetched.set(new URL(r.url()).pathname.split('/').pop() || 'index.html', { raw: b.length, gz: gzipSync(b).length }), () => {}); });
await page.goto(url);
await page.getByTestId('engine-oracle').check();
await page.getByTestId('pack-builtin-catalog').waitFor({ timeout: 60000 });
await page.waitForLoadState('networkidle'); await page.waitForTimeout(2000);
let raw = 0, gz = 0; for (const s of fetched.values()) { raw += s.raw; gz += s.gz; }
console.log(url, `${(raw/1024).toFixed(0)} KB raw, ${(gz/1024).toFixed(0)} KB gzip, ${fetched.size} files:`, [...fetched].sort((a,b)=>b[1].gz-a[1].gz).map(([f,s])=>`${f} ${(s.gz/1024).toFixed(0)}K`).join(', '));
await browser.close();
