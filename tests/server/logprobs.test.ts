/**
 * The right call's probability on the real server (issue 75): llama-cpp-python through
 * harness/llama_cpp_server.py gives the forced tokens' log-probabilities without `logits_all`, equal
 * to what llama-cpp-python itself gives with it; the runner records them on every catalog sample, read
 * as the server tokenizer's split. Skips, saying how to install the server, where it is not installed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEval } from '../../src/cli/eval/eval';
import { readRunFile } from '../../src/lib/store/run-file';
import { forcingOf } from '../../src/lib/engines/forcing';
import { CPU_SERVER_BOUNDS, type RunningServer, serverMissing, startLlamaServer } from '../../harness/llama-server';

const missing = serverMissing();
if (missing) console.warn(`SKIPPED the right call's probability on the real server: ${missing}`);

const dir = mkdtempSync(join(tmpdir(), 'fc-logprobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Entry = { token: string; logprob: number; top_logprobs: { token: string; logprob: number }[] };

describe.skipIf(missing !== null)("the right call's probability on llama-cpp-python's server", () => {
  let rows: RunningServer;
  let full: RunningServer;
  beforeAll(async () => {
    rows = await startLlamaServer({ contextSize: 1536 });
    full = await startLlamaServer({ contextSize: 1536, logprobs: 'off', extraArgs: ['--logits_all', 'True'] });
  }, 300_000);
  afterAll(async () => {
    await rows?.stop();
    await full?.stop();
  });

  it('a forced reading from the kept rows equals llama-cpp-python’s own with logits_all, token for token, candidates included', async () => {
    const text = '[weather_get_forecast(city';
    const ids = (
      (await (
        await fetch(`${rows.baseUrl.replace(/\/v1$/, '')}/extras/tokenize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: text }) })
      ).json()) as { tokens: number[] }
    ).tokens;
    const forcing = forcingOf(text, ids);
    const body = {
      messages: [
        { role: 'system', content: 'You call functions: [name(arg=value)]. Tools: weather_get_forecast(city), calendar_list_events(day).' },
        { role: 'user', content: 'Will it rain in Oslo tomorrow?' },
      ],
      max_tokens: text.length + 4,
      temperature: 0,
      grammar: forcing.grammar,
      logit_bias: forcing.logitBias,
      logprobs: true,
      top_logprobs: 5,
    };
    const read = async (s: RunningServer) => {
      const res = await fetch(`${s.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.ok).toBe(true);
      return ((await res.json()) as { choices: { logprobs: { content: Entry[] } }[] }).choices[0]!.logprobs.content;
    };
    // twice on the kept rows: the second prompt is read from the KV cache but its last micro-batch
    const [a, again, b] = [await read(rows), await read(rows), await read(full)];
    expect(a.map((t) => t.token).join('')).toBe(text);
    expect(a.length).toBe(ids.length);
    expect(a).toEqual(b);
    expect(again).toEqual(b);
  }, 300_000);

  it('the runner records it on every catalog sample, as the split, with the report’s mean and effects', async () => {
    const out = join(dir, 'catalog.run.jsonl');
    const lines: string[] = [];
    const code = await runEval(
      ['catalog', '--lengths', '1K', '--positions', '0.1,0.9', '--per-cell', '2', '--max-tokens', '48', '--engine', 'openai', '--base-url', rows.baseUrl, '--out', out, ...CPU_SERVER_BOUNDS],
      { out: (l) => lines.push(l), status: () => undefined, env: {}, signal: new AbortController().signal },
    );
    expect(code, lines.join('\n')).toBe(0);
    const file = readRunFile(readFileSync(out, 'utf8'));
    expect(file.run.engine.logprobs).toBe('chat-logprobs');
    expect(file.results).toHaveLength(4);
    for (const r of file.results) {
      expect(r.callLogprob?.canonical, JSON.stringify(r.callLogprob)).toBe(true);
      expect(r.callLogprob!.logprob).toBeLessThan(0);
      expect(r.timings?.forcedMs).toBeGreaterThan(0);
    }
    expect(lines.join('\n')).toMatch(/right call's probability \(docs\/scoring\.md\): mean/);
  }, 600_000);
});
