/**
 * A paused oracle catalog run with many stored results, made in the page (for the results-at-scale
 * test and bench): the run is real, the extra results are copies of its own with their own ids.
 */
import type { Page } from '@playwright/test';

/** Page-side IndexedDB access as source text: the TypeScript runner would inject helpers the page does not have. */
export const IDB = `
  const openDb = () => new Promise((resolve, reject) => {
    const o = indexedDB.open('fc-playground');
    o.onerror = () => reject(o.error);
    o.onsuccess = () => resolve(o.result);
  });
  const done = (tx) => new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
  const getAll = async (store) => {
    const db = await openDb();
    const tx = db.transaction(store);
    const req = tx.objectStore(store).getAll();
    await done(tx);
    db.close();
    return req.result;
  };
`;

export async function runRows(page: Page): Promise<{ id: string; status: string; done: number; total: number }[]> {
  return (await page.evaluate(`(async () => { ${IDB} return getAll('runs'); })()`)) as never;
}

export async function waitForStatus(page: Page, runId: string, statuses: string[], timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const run = (await runRows(page)).find((r) => r.id === runId);
    if (run && statuses.includes(run.status)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`run ${runId} did not reach ${statuses.join('/')} in ${timeoutMs} ms`);
}

/** Adds `n` results to the run: copies of its real ones with their own ids, cells over 4 lengths × 3 positions. */
export async function seed(page: Page, runId: string, n: number): Promise<void> {
  await page.evaluate(`(async () => {
    ${IDB}
    const runId = ${JSON.stringify(runId)};
    const real = (await getAll('results')).filter((r) => r.runId === runId);
    const lengths = [1024, 2048, 4096, 8192];
    const positions = [0.1, 0.5, 0.9];
    let correct = 0;
    for (let start = 0; start < ${n}; start += 5000) {
      const db = await openDb();
      const tx = db.transaction('results', 'readwrite');
      const store = tx.objectStore('results');
      for (let i = start; i < Math.min(${n}, start + 5000); i++) {
        const r = real[i % real.length];
        const ok = (i * 7919) % 10 < 6;
        if (ok) correct++;
        const sampleId = 'seeded-' + i;
        store.put({ ...r, id: runId + ':' + sampleId, sampleId, index: 1000000 + i, cell: { length: lengths[i % 4], position: positions[Math.floor(i / 4) % 3] }, score: { ...r.score, correct: ok, errorType: ok ? null : 'simple_function_checker:wrong_func_name' } });
      }
      await done(tx);
      db.close();
    }
    const db = await openDb();
    const tx = db.transaction('runs', 'readwrite');
    const runs = tx.objectStore('runs');
    const get = runs.get(runId);
    get.onsuccess = () => runs.put({ ...get.result, done: get.result.done + ${n}, total: get.result.total + ${n}, correct: get.result.correct + correct });
    await done(tx);
    db.close();
  })()`);
}

export async function clearAll(page: Page): Promise<void> {
  await page.evaluate(`(async () => { ${IDB}
    const db = await openDb();
    const tx = db.transaction(['runs', 'results'], 'readwrite');
    tx.objectStore('runs').clear();
    tx.objectStore('results').clear();
    await done(tx);
    db.close();
  })()`);
}

/** A paused oracle run of 210 planned samples (1K, three positions, 70 per cell) with a few done. */
export async function pausedRun(page: Page): Promise<string> {
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-oracle').check();
  await page.getByTestId('suite-catalog').check();
  await page.getByTestId('pack-builtin-catalog').waitFor({ timeout: 60_000 });
  for (const l of [1024, 2048, 4096, 8192, 16384, 32768]) {
    const chip = page.getByTestId(`length-${l}`);
    if (await chip.count()) await chip.setChecked(l === 1024);
  }
  for (const p of [0.1, 0.3, 0.5, 0.7, 0.9]) await page.getByTestId(`position-${p}`).setChecked(p === 0.1 || p === 0.5 || p === 0.9);
  await page.getByTestId('samples-per-cell').fill('70');
  await page.getByTestId('start-run').click();
  for (;;) {
    const run = (await runRows(page))[0];
    if (run && run.done >= 6) break;
    await page.waitForTimeout(20);
  }
  await page.getByTestId('pause-run').click();
  const run = (await runRows(page))[0] as { id: string };
  await waitForStatus(page, run.id, ['paused'], 30_000);
  return run.id;
}
