/**
 * Issue 19 item 9: big imports do not freeze the page and say how far they are; the BFCL picker
 * takes file after file; a BFCL ground truth that is not a list is refused; CompToolBench tasks
 * re-imported without tools.json keep the schemas imported before.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { guardNetwork } from '../../harness/app-driver';

/** A BFCL simple category of `n` records (about 450 bytes each) and its possible answers. */
function bfclFiles(n: number, prefix = 'simple_big') {
  const q: string[] = [];
  const a: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `${prefix}_${i}`;
    q.push(
      JSON.stringify({
        id,
        question: [[{ role: 'user', content: `What is the area of a triangle with base ${i} and height ${i + 3}? Give it in square metres, please.` }]],
        function: [
          {
            name: `triangle_area_${i % 500}`,
            description: 'Calculates the area of a triangle from its base and height, in square units of the inputs.',
            parameters: { type: 'dict', properties: { base: { type: 'integer', description: 'the base' }, height: { type: 'integer', description: 'the height' } }, required: ['base', 'height'] },
          },
        ],
      }),
    );
    a.push(JSON.stringify({ id, ground_truth: [{ [`triangle_area_${i % 500}`]: { base: [i], height: [i + 3] } }] }));
  }
  return [
    { name: `${prefix}.json`, mimeType: 'application/json', buffer: Buffer.from(q.join('\n') + '\n') },
    { name: `${prefix}_answers.json`, mimeType: 'application/json', buffer: Buffer.from(a.join('\n') + '\n') },
  ];
}

test('a 60 MB BFCL import runs off the page with progress; the picker takes the next files; a ground truth that is not a list is refused', async ({ page }) => {
  test.setTimeout(180_000);
  await guardNetwork(page);
  // the largest text the page itself parses as JSON, and the most bytes it decodes as text at once (the worker's are its own)
  await page.addInitScript(() => {
    const w = window as unknown as { largestOnPage: number; decodedOnPage: number };
    w.largestOnPage = 0;
    w.decodedOnPage = 0;
    const parse = JSON.parse;
    JSON.parse = (text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
      w.largestOnPage = Math.max(w.largestOnPage, String(text).length);
      return parse(text, reviver);
    };
    const decode = TextDecoder.prototype.decode;
    TextDecoder.prototype.decode = function (this: TextDecoder, input?: AllowSharedBufferSource, options?: TextDecodeOptions) {
      w.decodedOnPage = Math.max(w.decodedOnPage, input?.byteLength ?? 0);
      return decode.call(this, input, options);
    };
  });
  await page.goto('index.html');
  await page.getByTestId('tab-packs').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(4, { timeout: 30_000 });
  // every state the progress line shows, and how long the page went without answering (a figure, not a verdict: it grows with the machine's load)
  await page.evaluate(() => {
    const w = window as unknown as { seen: string[]; longest: number; largestOnPage: number; decodedOnPage: number };
    w.seen = [];
    w.longest = 0;
    w.largestOnPage = 0;
    w.decodedOnPage = 0;
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid="import-progress"]')?.textContent?.trim();
      if (t && w.seen.at(-1) !== t) w.seen.push(t);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
    }).observe({ type: 'longtask' });
  });
  // over Playwright's 50 MB buffer limit: handed over as files on disk
  const dir = test.info().outputPath('bfcl-big');
  mkdirSync(dir, { recursive: true });
  const big = bfclFiles(100_000).map((f) => {
    writeFileSync(join(dir, f.name), f.buffer);
    return join(dir, f.name);
  });
  await page.getByTestId('bfcl-files').setInputFiles(big);
  await expect(page.getByTestId('import-message')).toContainText('Imported simple_big: 100000 requests, 500 functions', { timeout: 150_000 });
  const seen = (await page.evaluate('window.seen')) as string[];
  expect(seen.some((t) => /Reading simple_big\.json: [1-9]\d?%/.test(t))).toBe(true);
  expect(seen.some((t) => t.includes('Storing the pack'))).toBe(true);
  // the page was not frozen while 60 MB were parsed (it froze ~15 s for 156 MB when it parsed them itself):
  // it neither decoded nor parsed anything near the files' size — the worker read the files it was handed
  const largestOnPage = (await page.evaluate('window.largestOnPage')) as number;
  expect(largestOnPage, `the page itself parsed ${largestOnPage} characters of JSON`).toBeLessThan(1_000_000);
  const decodedOnPage = (await page.evaluate('window.decodedOnPage')) as number;
  expect(decodedOnPage, `the page itself decoded ${decodedOnPage} bytes as text`).toBeLessThan(1_000_000);
  test.info().annotations.push({ type: 'longest main-thread task (ms)', description: String(await page.evaluate('window.longest')) });
  await expect(page.getByTestId('pack-row')).toHaveCount(5);

  // the same picker again, at once: a ground truth given as a bare number is refused by record and field
  const [q, a] = bfclFiles(3, 'simple_small');
  await page
    .getByTestId('bfcl-files')
    .setInputFiles([q as never, { ...(a as { name: string; mimeType: string; buffer: Buffer }), buffer: Buffer.from((a as { buffer: Buffer }).buffer.toString().replace('"base":[1]', '"base":1')) }]);
  await expect(page.getByTestId('import-message')).toContainText(
    'Nothing was imported. simple_small_answers.json record 2 (simple_small_1): ground_truth[0].triangle_area_1.base: expected a list of accepted values, got 1',
  );
  await expect(page.getByTestId('pack-row')).toHaveCount(5);
  await page.getByTestId('bfcl-files').setInputFiles(bfclFiles(3, 'simple_small'));
  await expect(page.getByTestId('import-message')).toContainText('Imported simple_small: 3 requests');
  await expect(page.getByTestId('pack-row')).toHaveCount(6);
});

test('CompToolBench tasks re-imported without tools.json keep the schemas imported with them', async ({ page }) => {
  await guardNetwork(page);
  await page.goto('index.html');
  await page.getByTestId('tab-packs').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(4, { timeout: 30_000 });
  const trace = (tool: string) => JSON.stringify({ steps: [{ step_id: 'step_1', tool_name: tool, arguments: { city: 'Paris' }, depends_on: [] }] });
  const tasks = {
    name: 'test.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(
      [JSON.stringify({ task_id: 'L0_node_0001', level: 'L0_node', prompt: 'Weather in Paris?', available_tools: ['get_weather'], expected_trace: trace('get_weather') })].join('\n') + '\n',
    ),
  };
  const schema = (name: string, description: string) => ({
    name,
    description,
    category: 'x',
    openai_schema: { type: 'function', function: { name, description, parameters: { type: 'object', properties: { city: { type: 'string', description: 'a city' } }, required: ['city'] } } },
  });
  const tools = {
    name: 'tools.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ tools: [schema('get_weather', 'Current weather of a city.'), schema('get_time', 'Local time of a city.')] })),
  };
  await page.getByTestId('ctb-files').setInputFiles([tasks, tools]);
  await expect(page.getByTestId('ctb-import-message')).toContainText('1 CompToolBench tasks (L0 1, L1 0, L2 0, L3 0) using 1 tools; 2 tool schemas.');
  await page.getByTestId('ctb-files').setInputFiles([tasks]);
  await expect(page.getByTestId('ctb-import-message')).toContainText('2 tool schemas (2 kept from the pack this import replaced)');
  await expect(page.getByTestId('pack-row')).toHaveCount(5);
});
