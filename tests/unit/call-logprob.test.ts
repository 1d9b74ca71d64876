import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import type { Engine, GenerateRequest, Sample, SampleResult, TokenChoice } from '../../src/lib/core/types';
import type { QaExpected } from '../../src/lib/core/expected';
import { CachedCounter } from '../../src/lib/context/token-counter';
import { createOracleEngine } from '../../src/lib/engines/oracle';
import { createEnginePool } from '../../src/lib/engines/pool';
import { DEFAULT_PROMPT } from '../../src/lib/prompts/template';
import { MemoryResultStore, runSamples } from '../../src/lib/run/loop';
import { callLogprobOf, forcedCallText } from '../../src/lib/scoring/forced-call';
import { readRunFile, writeRunFile } from '../../src/lib/store/run-file';
import { catalogSource } from '../../src/lib/suites/catalog/suite';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';
import type { RunRow } from '../../src/lib/run/run-row';
import { callProbabilityLines } from '../../src/lib/run/run-report';
import { areaUnderCurve } from '../../src/lib/analysis/call-probability';

const pack = buildCatalogPack();
const counter = new CachedCounter(llama3Counter);
const source = () => catalogSource({ packs: [pack], sweep: { lengths: [1000], positions: [0.1, 0.9], samplesPerCell: 3, seed: 5 }, template: DEFAULT_PROMPT, counter });
const request = { maxTokens: 64, temperature: 0 };

/** Splits a text into tokens of up to three characters, each given a log-probability by a rule the test knows. */
function fakeTokens(text: string, top: (i: number, token: string) => { token: string; logprob: number }[]): TokenChoice[] {
  const out: TokenChoice[] = [];
  for (let i = 0, k = 0; i < text.length; i += 3, k++) {
    const token = text.slice(i, i + 3);
    const candidates = top(k, token);
    out.push({ token, logprob: candidates.find((c) => c.token === token)?.logprob ?? -9, top: candidates });
  }
  return out;
}

/** An engine with a model's side only: answers from the oracle's text, scores continuations by `fakeTokens`, and keeps what it was handed. */
function scoringEngine(): Engine & { asked: { request: GenerateRequest; continuation: string }[] } {
  const asked: { request: GenerateRequest; continuation: string }[] = [];
  return {
    info: { id: 'fake', kind: 'wllama', model: 'fake' },
    asked,
    // a model engine is handed the request alone: this one answers nothing
    generate: async () => ({ text: '', finishReason: 'stop', usage: { completionTokens: 0 }, timings: { prefillMs: 0, decodeMs: 0 } }),
    async scoreContinuation(req, continuation) {
      asked.push({ request: req, continuation });
      // the forced token is first at every place but the second, where 'zzz' is likelier
      const tokens = [
        ...fakeTokens(continuation, (k, token) =>
          k === 1
            ? [
                { token: 'zzz', logprob: -0.5 },
                { token, logprob: -1.5 },
              ]
            : [{ token, logprob: -0.25 }],
        ),
        { token: '', logprob: -0.01, top: [] },
      ];
      return { tokens, canonical: true };
    },
  };
}

describe('the right call’s probability', () => {
  it('forces the expected first call through its first argument’s name, and measures `[name(`; nothing for native calls or episodes', () => {
    const sample = source().build(source().ids[0] as string);
    const name = Object.keys((sample.expected as { possibleAnswer: Record<string, unknown>[] }).possibleAnswer[0] as object)[0] as string;
    const forced = forcedCallText(sample, 'bfcl-python') as { text: string; measured: number };
    expect(forced.text).toMatch(new RegExp(`^\\[${name}\\(\\w+$`));
    expect(forced.text.slice(0, forced.measured)).toBe(`[${name}(`);
    const noArgs = { expected: { kind: 'dag', protocol: 'single-turn', level: 'L0_node', steps: [{ toolName: 'get_time', arguments: {} }] }, tools: [] } as unknown as Sample;
    expect(forcedCallText(noArgs, 'auto')).toEqual({ text: '[get_time()]', measured: 10 });
    expect(forcedCallText(sample, 'bfcl-python', 'native')).toHaveProperty('none');
    const episode = { expected: { kind: 'dag', protocol: 'multi-turn', level: 'L1_chain', steps: [{ toolName: 'a', arguments: {} }] }, tools: [] } as unknown as Sample;
    expect(forcedCallText(episode, 'bfcl-python')).toHaveProperty('none');
  });

  it("response QA: the expected value's probability, the whole value measured, in the form the question asks for", () => {
    const qa = (answer: QaExpected) => forcedCallText({ expected: { kind: 'qa', answer }, tools: [] }, 'bfcl-python');
    expect(qa({ kind: 'scalar', value: 'Lisbon' })).toEqual({ text: 'Lisbon', measured: 6 });
    expect(qa({ kind: 'number', value: 42, absTolerance: 0.01 })).toEqual({ text: '42', measured: 2 });
    expect(qa({ kind: 'number', value: 17.5 })).toEqual({ text: '17.5', measured: 4 });
    expect(qa({ kind: 'list', values: ['A-1', 'B-2'] })).toEqual({ text: 'A-1, B-2', measured: 8 });
    expect(qa({ kind: 'scalar', value: '' })).toHaveProperty('none');
    // every token of the value counts
    const read = callLogprobOf(
      { text: '17.5', measured: 4 },
      {
        tokens: [
          ['17', -0.5],
          ['.', -0.1],
          ['5', -0.2],
        ].map(([token, logprob]) => ({ token: token as string, logprob: logprob as number, top: [] })),
        canonical: true,
      },
    );
    expect(read.logprob).toBeCloseTo(-0.8);
  });

  it('sums only the tokens that begin inside `[name(`: a token holding the ( and what follows counts, later ones do not', () => {
    const c = callLogprobOf(
      { text: '[f(member_id', measured: 3 },
      {
        tokens: [
          { token: '[f', logprob: -1, top: [{ token: '[f', logprob: -1 }] },
          { token: '(member', logprob: -0.5, top: [{ token: '(member', logprob: -0.5 }] },
          { token: '_id', logprob: -2, top: [{ token: '_id', logprob: -2 }] },
        ],
        canonical: true,
      },
    );
    expect(c.tokens.map((t) => t.piece)).toEqual(['[f', '(member']);
    expect(c.logprob).toBe(-1.5);
  });

  it('sums the tokens that spell the forced text, and says where the model parted from it', () => {
    const tokens = fakeTokens('[get_weather(', (k, token) =>
      k === 2
        ? [
            { token: 'xyz', logprob: -0.1 },
            { token: 'abc', logprob: -0.2 },
            { token, logprob: -3 },
          ]
        : [{ token, logprob: -0.5 }],
    );
    const c = callLogprobOf({ text: '[get_weather(', measured: 13 }, { tokens: [...tokens, { token: '<eos>', logprob: -0.2, top: [] }], canonical: true });
    expect(c.tokens.map((t) => t.piece).join('')).toBe('[get_weather(');
    expect(c.logprob).toBeCloseTo(-0.5 * 4 - 3, 10);
    expect(c.parts).toEqual({
      at: 2,
      rank: 3,
      top: [
        { piece: 'xyz', logprob: -0.1 },
        { piece: 'abc', logprob: -0.2 },
        { piece: 'eat', logprob: -3 },
      ],
    });
    expect(() => callLogprobOf({ text: '[get(', measured: 5 }, { tokens: fakeTokens('[got(', (_, token) => [{ token, logprob: -1 }]), canonical: false })).toThrow(/forced/);
  });

  it('the loop records it beside the verdict, handing the engine the text and the prompt, never the sample', async () => {
    const engine = scoringEngine();
    const store = new MemoryResultStore();
    const src = source();
    expect((await runSamples({ runId: 'p', source: src, engine, store, request, format: 'bfcl-python', signal: new AbortController().signal })).status).toBe('completed');
    const results = [...store.results.values()];
    expect(results).toHaveLength(src.ids.length);
    for (const r of results) {
      const sample = src.build(r.sampleId);
      const forced = forcedCallText(sample, 'bfcl-python') as { text: string };
      expect(r.callLogprob?.forced).toBe(forced.text);
      expect(r.callLogprob?.logprob).toBeCloseTo(r.callLogprob!.tokens.length * -0.25 - 1.25, 10);
      expect(r.callLogprob?.parts?.at).toBe(1);
      expect([r.score.correct, r.usage?.promptTokens]).toEqual([false, sample.promptTokens]);
    }
    for (const a of engine.asked) {
      expect(a.request.grammar).toBeUndefined();
      expect(a.request.kvReuse).toBe(true);
      expect(Object.keys(a.request)).not.toContain('expected');
    }
  });

  it('is absent, never 0, where the engine has no logits or the run switches it off', async () => {
    const store = new MemoryResultStore();
    await runSamples({ runId: 'o', source: source(), engine: createOracleEngine(), store, request, format: 'bfcl-python', signal: new AbortController().signal });
    expect([...store.results.values()].every((r) => r.callLogprob === undefined)).toBe(true);
    const off = new MemoryResultStore();
    await runSamples({ runId: 'f', source: source(), engine: scoringEngine(), store: off, request, format: 'bfcl-python', signal: new AbortController().signal, scoreCalls: false });
    expect([...off.results.values()].every((r) => r.callLogprob === undefined)).toBe(true);
  });

  it('the runner’s report gives its mean, AUC and effects, or says why a run has none', () => {
    const engine = { kind: 'wllama' as const, model: 'm' };
    expect(callProbabilityLines({ suite: 'catalog', engine: { kind: 'oracle', model: 'oracle' } }, [])).toEqual(["right call's probability: none — no model answers: there are no log-probabilities"]);
    expect(callProbabilityLines({ suite: 'catalog', engine: { kind: 'openai', model: 'm', logprobs: 'none' } }, [])[0]).toMatch(/none — the server gave no log-probabilities/);
    expect(callProbabilityLines({ suite: 'catalog', engine: { kind: 'webllm', model: 'm' } }, [])[0]).toMatch(/WebLLM/);
    const measured = (correct: boolean, logprob: number, alpha: number, item: string) =>
      ({
        itemId: item,
        sampleId: `${item}-${alpha}`,
        cell: { length: 1024, alpha },
        score: { correct },
        callLogprob: { forced: '[f(x', tokens: [{ piece: '[f(', logprob }], logprob, canonical: true, parts: null },
      }) as unknown as SampleResult;
    const results = [
      measured(true, -0.1, 0.1, 'a'),
      measured(false, -3, 0.5, 'a'),
      measured(true, -0.2, 0.9, 'a'),
      measured(false, -2, 0.1, 'b'),
      measured(false, -4, 0.5, 'b'),
      measured(false, -2.5, 0.9, 'b'),
    ];
    const lines = callProbabilityLines({ suite: 'catalog', engine }, results);
    expect(lines[0]).toMatch(/mean [\d.]+% \[.*\] over 6 samples of 2 requests · separates right from wrong verdicts with AUC 1\.000 \(2 right, 4 wrong\)/);
    expect(lines.some((l) => /lost in the middle.*on the probability/.test(l))).toBe(true);
    expect(areaUnderCurve([1, 2], [2, 0])).toBe(0.625);
  });

  it('a pool sends a forced continuation to the engine that read its prompt', async () => {
    const engines = [scoringEngine(), scoringEngine(), scoringEngine()];
    const pool = createEnginePool(engines);
    const store = new MemoryResultStore();
    await runSamples({ runId: 'q', source: source(), engine: pool, store, request, format: 'bfcl-python', signal: new AbortController().signal, concurrency: 3 });
    expect(engines.reduce((n, e) => n + e.asked.length, 0)).toBe(store.results.size);
  });

  it('a run file carries it and refuses one whose figures disagree with its tokens', async () => {
    const engine = scoringEngine();
    const store = new MemoryResultStore();
    await runSamples({ runId: 'run-x', source: source(), engine, store, request, format: 'bfcl-python', signal: new AbortController().signal });
    const run: RunRow = {
      id: 'run-x',
      name: 'fake · catalog',
      createdAt: 1,
      updatedAt: 2,
      status: 'completed',
      suite: 'catalog',
      packIds: [pack.id],
      config: { lengths: [1000], positions: [0.1, 0.9], samplesPerCell: 3, seed: 5 },
      engine: { kind: 'wllama', model: 'https://example.org/m.gguf', contextWindow: 2048 },
      template: DEFAULT_PROMPT,
      format: 'bfcl-python',
      request,
      counterId: 'llama3',
      total: 6,
      done: 0,
      correct: 0,
    };
    const results = [...store.results.values()];
    const text = writeRunFile({ run, results });
    const back = readRunFile(text);
    expect(back.results.map((r) => r.callLogprob)).toEqual(results.map((r) => r.callLogprob));
    const bad = text.replace(/"logprob":(-?[0-9.e-]+),"canonical"/, '"logprob":-0.001,"canonical"');
    expect(() => readRunFile(bad)).toThrow(/callLogprob\.logprob/);
  });
});
