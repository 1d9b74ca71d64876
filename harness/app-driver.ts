/**
 * Driving the app as a user does — load the real model from its URL, pick a suite, start a run
 * and wait for it — for the real-model browser tests and `npm run bench:model` alike.
 */
import { expect, type Page } from '@playwright/test';
import { type RealModel, SMOLLM2 } from './real-model';

/**
 * Only the app's own origin and the URLs in `allow` may be reached, and the URLs in `serve` are
 * answered by the test with those bodies; returns every outside URL asked for.
 */
export async function guardNetwork(page: Page, allow: readonly string[] = [], serve: Readonly<Record<string, { body: Buffer; headers: Record<string, string> }>> = {}): Promise<string[]> {
  const requested: string[] = [];
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1' && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      const url = route.request().url();
      requested.push(url);
      const served = serve[url];
      if (served) return route.fulfill({ status: 200, body: served.body, headers: served.headers });
      return allow.includes(url) ? route.continue() : route.abort('internetdisconnected');
    },
  );
  return requested;
}

/** The real model's URL may be reached (its local stand-in answers), nothing else outside. */
export const guardForSmolLM2 = (page: Page) => guardNetwork(page, [SMOLLM2.url]);

/** How a test loads a GGUF: calls in the prompt or native, unpacked to F32 or not (CPU), on the CPU or the GPU. */
export interface GgufLoadChoice {
  calls?: 'prompt' | 'native';
  unpackWeights?: boolean;
  device?: 'cpu' | 'webgpu';
}

/** Loads a model of your own in MLC's format into WebLLM through the Run tab's fields, with the given context window. */
export async function loadOwnMlcModel(page: Page, own: { weightsUrl: string; libraryUrl: string }, contextWindow: number) {
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-webllm').check();
  await page.getByTestId('webllm-context').fill(String(contextWindow));
  await page.getByTestId('own-mlc').locator('summary').click();
  await page.getByTestId('own-mlc-weights').fill(own.weightsUrl);
  await page.getByTestId('own-mlc-library').fill(own.libraryUrl);
  await page.getByTestId('own-mlc-load').click();
  await expect(page.getByTestId('webllm-loaded')).toBeVisible({ timeout: 1_800_000 });
}

/** Loads a real GGUF model in llama.cpp from its model-host URL (served locally by harness/model-host.mjs). */
export async function loadGgufModel(page: Page, model: RealModel, contextSize: number, { calls = 'prompt', unpackWeights = true, device = 'cpu' }: GgufLoadChoice = {}) {
  await page.getByTestId('tab-run').click();
  await page.getByTestId('engine-wllama').check();
  await page.getByTestId('gguf-select').selectOption(model.url);
  await page.getByTestId('gguf-context').fill(String(contextSize));
  await page.getByTestId(`cpu-calls-${calls}`).check();
  await page.getByTestId(`gguf-device-${device}`).check();
  if (device === 'cpu') await page.getByTestId('gguf-unpack').setChecked(unpackWeights);
  await page.getByTestId('load-gguf-url').click();
  await expect(page.getByTestId('gguf-loaded')).toContainText(model.name, { timeout: 180_000 });
}

export const loadSmolLM2 = (page: Page, contextSize: number) => loadGgufModel(page, SMOLLM2, contextSize);

export async function chooseSuite(page: Page, suite: string) {
  await page.getByTestId('tab-run').click();
  await page.getByTestId(`suite-${suite}`).check();
}

export async function setChips(page: Page, prefix: string, values: readonly number[], all: readonly number[]) {
  for (const v of all) await page.getByTestId(`${prefix}-${v}`).setChecked(values.includes(v));
}

/** Starts the configured run and waits until every run in the table (`runs` of them) is completed. */
export async function runToEnd(page: Page, runs: number, timeout = 300_000) {
  await page.getByTestId('start-run').click();
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('run-status')).toHaveText(Array(runs).fill('completed'), { timeout });
}

export const LENGTH_CHIPS = [512, 1024, 2048, 4096, 8192, 16384, 32768] as const;
export const POSITION_CHIPS = [0.1, 0.3, 0.5, 0.7, 0.9] as const;
export const LEVEL_CHIPS = ['L0_node', 'L1_chain', 'L2_parallel', 'L3_dag'] as const;

export async function setupCatalog(page: Page, o: { lengths: number[]; positions: number[]; perCell: number; constraint: 'off' | 'on' | 'both'; maxTokens: number }) {
  await chooseSuite(page, 'catalog');
  await expect(page.getByTestId('pack-builtin-catalog')).toBeChecked({ timeout: 30_000 });
  await setChips(page, 'length', o.lengths, LENGTH_CHIPS);
  await setChips(page, 'position', o.positions, POSITION_CHIPS);
  await page.getByTestId('samples-per-cell').fill(String(o.perCell));
  await page.getByTestId('constraint').selectOption(o.constraint);
  await page.getByTestId('max-tokens').fill(String(o.maxTokens));
}

export async function setupRobustness(page: Page, o: { count: number; constraint: 'off' | 'on'; maxTokens: number; variants?: readonly string[] }) {
  await chooseSuite(page, 'robustness');
  await expect(page.getByTestId('pack-builtin-catalog')).toBeChecked({ timeout: 30_000 });
  await page.getByTestId('robustness-count').fill(String(o.count));
  for (const v of ['original', 'rephrased', 'expanded']) await page.getByTestId(`variant-${v}`).setChecked(!o.variants || o.variants.includes(v));
  await page.getByTestId('constraint').selectOption(o.constraint);
  await page.getByTestId('max-tokens').fill(String(o.maxTokens));
}

export async function setupResponseQa(page: Page, o: { lengths: number[]; positions: number[] | null; perCell: number; maxTokens: number }) {
  await chooseSuite(page, 'response-qa');
  await expect(page.getByTestId('pack-builtin-travel-responses')).toBeChecked({ timeout: 30_000 });
  await setChips(page, 'qa-length', o.lengths, LENGTH_CHIPS);
  await page.getByTestId('qa-experiment-position').setChecked(o.positions !== null);
  if (o.positions) await setChips(page, 'qa-position', o.positions, [1, 2, 3, 4, 5, 6, 7, 8]);
  await page.getByTestId('qa-per-cell').fill(String(o.perCell));
  await page.getByTestId('max-tokens').fill(String(o.maxTokens));
}

export async function setupMultiturn(page: Page, o: { lengths: number[]; settings: ('prose' | 'structured')[]; count: number; constraint: 'off' | 'on'; maxTokens: number }) {
  await chooseSuite(page, 'multiturn');
  await expect(page.getByTestId('pack-builtin-travel-conversations')).toBeChecked({ timeout: 30_000 });
  await setChips(page, 'mt-length', o.lengths, LENGTH_CHIPS);
  for (const s of ['prose', 'structured'] as const) await page.getByTestId(`mt-setting-${s}`).setChecked(o.settings.includes(s));
  await page.getByTestId('mt-count').fill(String(o.count));
  await page.getByTestId('constraint').selectOption(o.constraint);
  await page.getByTestId('max-tokens').fill(String(o.maxTokens));
}

export async function setupComposition(
  page: Page,
  o: { levels: string[]; perLevel: number; distractors: number; protocol: 'single-turn' | 'multi-turn'; constraint: 'off' | 'on'; maxTokens: number },
) {
  await chooseSuite(page, 'composition');
  await expect(page.getByTestId('pack-builtin-composition')).toBeChecked({ timeout: 30_000 });
  await page.getByTestId('cmp-some-distractors').check();
  await page.getByTestId('cmp-distractors').fill(String(o.distractors));
  for (const l of LEVEL_CHIPS) await page.getByTestId(`cmp-level-${l}`).setChecked(o.levels.includes(l));
  await page.getByTestId('cmp-per-level').fill(String(o.perLevel));
  await page.getByTestId(`cmp-${o.protocol}`).check();
  await page.getByTestId('constraint').selectOption(o.constraint);
  await page.getByTestId('max-tokens').fill(String(o.maxTokens));
}

/** The run order and KV-cache reuse of the next run (after a setup above). */
export async function setReuse(page: Page, o: { order?: 'grid' | 'prefix'; kvReuse: boolean }) {
  await page.getByTestId('run-order').selectOption(o.order ?? 'prefix');
  await page.getByTestId('kv-reuse').setChecked(o.kvReuse);
}

/** `system`: one of your tools packs instead of the built-in system (only the types that act on its functions are offered). */
export async function setupWildSimulated(
  page: Page,
  o: { system?: string; mode: 'isolated' | 'cumulative'; types?: string[]; rungs?: string[]; conversations: number; perType?: number; maxSteps: number; maxTokens: number },
) {
  await chooseSuite(page, 'wildagteval-simulated');
  if (o.system) await page.getByTestId('api-system').selectOption(o.system);
  await page.getByTestId(`api-mode-${o.mode}`).check();
  if (o.types)
    for (const t of ['ad_hoc', 'unclear', 'dependency', 'ambiguous', 'notice', 'irrelevant', 'feature_limit', 'system_failure']) {
      const box = page.getByTestId(`api-type-${t}`);
      if ((await box.count()) > 0) await box.setChecked(o.types.includes(t));
    }
  if (o.rungs) for (const r of ['base', '+ad-hoc', '+unclear', '+notices', '+irrelevant']) await page.getByTestId(`api-rung-${r}`).setChecked(o.rungs.includes(r));
  if (o.perType !== undefined) await page.getByTestId('api-per-type').fill(String(o.perType));
  await page.getByTestId('api-conversations').fill(String(o.conversations));
  await page.getByTestId('api-max-steps').fill(String(o.maxSteps));
  await page.getByTestId('max-tokens').fill(String(o.maxTokens));
}

/** A catalog sweep at 1K and 2K, three positions, run to the end with an engine without a model; then its results. */
export async function catalogRunToResults(page: Page, engine: 'oracle' | 'baseline', perCell: number) {
  await page.goto('index.html');
  await page.getByTestId('tab-run').click();
  await page.getByTestId(`engine-${engine}`).check();
  await setupCatalog(page, { lengths: [1024, 2048], positions: [0.1, 0.5, 0.9], perCell, constraint: 'off', maxTokens: 128 });
  await page.getByTestId('start-run').click();
  await expect(page.getByTestId('monitor-title')).toHaveText('Run completed', { timeout: 120_000 });
  await page.getByTestId('see-results').click();
}

/** The page's evaluation worker (started from a blob, named "eval"). */
export async function evalWorkerOf(page: Page) {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const w of page.workers()) if ((await w.evaluate(() => self.name).catch(() => '')) === 'eval') return w;
    await page.waitForTimeout(100);
  }
  throw new Error('no evaluation worker');
}
