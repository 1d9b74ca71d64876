// What differs by engine is declared in its kind (issue 70): the Run tab chooses its engine through
// the kind's `inTab`, a report's engine sentence is the kind's, and the hosts name no kind.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConnectedServer, LoadedModel, TabSources } from '../../src/lib/engines/host';
import { ENGINE_KIND_IDS, ENGINE_KINDS } from '../../src/lib/engines/kinds';
import type { LoadedGguf } from '../../src/lib/engines/wllama';
import { chosenPredictions } from '../../src/lib/engines/replay';

const NOTHING: TabSources = { loaded: null, server: null, predictions: null, coverage: null, nextWindow: 8192 };
const gguf = (over: Partial<LoadedGguf> = {}): LoadedModel => {
  const loaded = {
    id: 'http://h/m.gguf',
    name: 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
    contextSize: 4096,
    counterId: 'qwen2.5',
    toolTemplate: false,
    device: { kind: 'cpu' },
    ...over,
  } as LoadedGguf;
  return { engine: 'wllama', id: loaded.id, contextWindow: loaded.contextSize, gguf: loaded };
};
const server: ConnectedServer = {
  baseUrl: 'http://127.0.0.1:8000/v1',
  model: 'q',
  info: {
    kind: 'llama.cpp',
    models: ['q'],
    contextWindow: 32768,
    grammarField: 'grammar',
    penaltyField: 'repeat_penalty',
    tokenizer: { path: '/tokenize', style: 'llama.cpp' },
    logprobs: 'chat-logprobs',
  },
  calls: 'native',
  timeouts: { firstByteMs: 1000, streamGapMs: 1000, requestMs: 1000 },
  remote: false,
};

describe("an engine's policy in the Run tab, declared in its kind", () => {
  it('says what Start needs of each kind before it can run: a model loaded, a server connected, a predictions file that answers', () => {
    expect(ENGINE_KINDS.wllama.inTab(NOTHING).needs).toBe(`load a model for ${ENGINE_KINDS.wllama.label} first`);
    expect(ENGINE_KINDS.webllm.inTab({ ...NOTHING, loaded: gguf() }).needs).toBe(`load a model for ${ENGINE_KINDS.webllm.label} first`);
    expect(ENGINE_KINDS.openai.inTab(NOTHING).needs).toBe('connect to a server');
    expect(ENGINE_KINDS.replay.inTab(NOTHING).needs).toBe('choose a predictions file to replay');
    const bad = chosenPredictions('p.jsonl', 'not json');
    expect(bad.problem).not.toBeNull();
    expect(ENGINE_KINDS.replay.inTab({ ...NOTHING, predictions: bad }).needs).toBe(`mend the predictions file (${bad.problem})`);
    const good = chosenPredictions('p.jsonl', '{"id": "a", "result": "[f()]"}\n');
    expect(good).toMatchObject({ problem: null, ids: ['a'] });
    expect(ENGINE_KINDS.replay.inTab({ ...NOTHING, predictions: good }).needs).toBeNull();
    expect(ENGINE_KINDS.replay.inTab({ ...NOTHING, predictions: good, coverage: { planned: 9, answered: 0, missing: [] } }).needs).toMatch(/answers none of its 9/);
    for (const k of ['oracle', 'baseline'] as const) expect(ENGINE_KINDS[k].inTab(NOTHING)).toMatchObject({ needs: null, choice: { kind: k, model: k }, counterId: 'llama3', window: null });
  });

  it('records what is loaded or connected, measures with its tokenizer, and bounds prompts by its window', () => {
    const cpu = ENGINE_KINDS.wllama.inTab({ ...NOTHING, loaded: gguf({ toolTemplate: true }) });
    expect(cpu).toMatchObject({ needs: null, window: 4096, counterId: 'qwen2.5', nativeCalls: true, kvReuse: true, choice: { kind: 'wllama', model: 'http://h/m.gguf', calls: 'native' } });
    // llama.cpp's KV reuse is shown exact on the CPU only: on WebGPU it is off unless asked
    expect(ENGINE_KINDS.wllama.inTab({ ...NOTHING, loaded: gguf({ device: { kind: 'webgpu' } as LoadedGguf['device'] }) }).kvReuse).toBe(false);
    // a model without a tokenizer we can rebuild is measured with Llama 3's
    expect(ENGINE_KINDS.wllama.inTab({ ...NOTHING, loaded: gguf({ counterId: null }) }).counterId).toBe('llama3');
    const webllm = ENGINE_KINDS.webllm.inTab({ ...NOTHING, loaded: { engine: 'webllm', id: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC' } });
    expect(webllm).toMatchObject({ needs: null, window: 8192, counterId: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', nativeCalls: false, kvReuse: false });
    const served = ENGINE_KINDS.openai.inTab({ ...NOTHING, server });
    expect(served).toMatchObject({ needs: null, window: 32768, counterId: 'server:q', nativeCalls: true, modelName: 'q' });
    expect(served.choice).toMatchObject({ kind: 'openai', model: 'q', baseUrl: server.baseUrl, calls: 'native', grammarField: 'grammar', logprobs: 'chat-logprobs', contextWindow: 32768 });
    expect(ENGINE_KINDS.openai.inTab({ ...NOTHING, server: { ...server, info: { ...server.info, tokenizer: null, contextWindow: null } } })).toMatchObject({ counterId: 'llama3', window: null });
  });

  it("gives a run's engine in one sentence, the server's address as the report may show it", () => {
    const served = ENGINE_KINDS.openai.inTab({ ...NOTHING, server }).choice;
    expect(ENGINE_KINDS.openai.sentence({ ...served, serverReuse: 'aligned', concurrency: 4 }, () => '<server>')).toBe(
      'Engine: OpenAI-compatible server at <server>, q, calls native (tools in the request); repeat penalty off (repeat_penalty 1); the server reused its KV cache exactly (a shared prefix cut at a micro-batch boundary); 4 requests in flight at once.',
    );
    expect(ENGINE_KINDS.wllama.sentence({ kind: 'wllama', model: 'http://h/m.gguf' }, (u) => u)).toBe('Engine: llama.cpp on the CPU, http://h/m.gguf, calls in the prompt.');
    expect(ENGINE_KINDS.oracle.sentence({ kind: 'oracle', model: 'oracle' }, (u) => u)).toBe('Oracle engine: the ground truth, not a model.');
  });

  it('the generic hosts name no engine kind: at most 8 tests on a kind literal outside lib/engines (57 before issue 70)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.(ts|svelte)$/.test(name) ? [path] : [];
      });
    const kinds = ENGINE_KIND_IDS.join('|');
    const test = new RegExp(`(===|!==)\\s*'(${kinds})'|'(${kinds})'\\s*(===|!==)|case '(${kinds})'`, 'g');
    const found = [...files('src'), ...files('workers')].filter((f) => !f.startsWith(join('src', 'lib', 'engines'))).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(test)].map(() => f));
    expect(found.length, found.join('\n')).toBeLessThanOrEqual(8);
    // the two generic hosts name none
    expect(found.filter((f) => /RunSetup|eval\.worker|eval\/eval\.ts|eval-args/.test(f))).toEqual([]);
  });
});
