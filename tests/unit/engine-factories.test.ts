// The engine registry: each kind opened by its one factory (loaded when a run opens it), in the tab's worker and the runner alike.
import { describe, expect, it } from 'vitest';
import { RUNNER_ENGINES } from '../../src/cli/eval/eval-args';
import type { TokenCounter } from '../../src/lib/context/token-counter';
import type { EngineHost, EngineOrder, LoadedModel, TabModels } from '../../src/lib/engines/host';
import { ENGINE_KIND_IDS, ENGINE_KINDS, openEngine } from '../../src/lib/engines/kinds';
import type { GgufEngine, LoadedGguf } from '../../src/lib/engines/wllama';

const llama3: TokenCounter = { id: 'llama3', count: (t) => t.length };
const runnerHost: EngineHost = { llama3: async () => llama3, apiKey: () => undefined, serverCounting: async () => null, serverInfo: async () => null, models: null };
const order = (engine: EngineOrder['engine'], counterId = 'llama3'): EngineOrder => ({ engine, counterId });

function tabHost(held: LoadedModel | null): EngineHost {
  const models: TabModels = {
    held: () => held,
    webllm: () => Promise.reject(new Error('not in this test')),
    gguf: async () => ({ counter: () => llama3 }) as unknown as GgufEngine,
    reloadGguf: async () => undefined,
    counterFor: async (o) => (o.counterId === 'gguf:m' ? { id: 'gguf:m', count: (t) => t.length } : null),
  };
  return { ...runnerHost, models };
}
const gguf = (over: Partial<LoadedGguf>): LoadedGguf => ({ toolTemplate: false, device: { kind: 'cpu' }, ...over }) as LoadedGguf;

describe('engine factories', () => {
  it('the runner offers exactly the kinds declared to run in Node, each with a factory', async () => {
    expect([...RUNNER_ENGINES].sort()).toEqual(ENGINE_KIND_IDS.filter((k) => ENGINE_KINDS[k].runsIn.some((w) => w === 'node')).sort());
    for (const k of ENGINE_KIND_IDS) expect(await ENGINE_KINDS[k].open()).toBeTypeOf('function');
  });

  it('engines with no model open anywhere and measure with the host’s Llama 3 counter', async () => {
    for (const kind of ['oracle', 'baseline'] as const) {
      const opened = await openEngine(kind, order({ model: kind }), runnerHost);
      expect(opened.counter).toBe(llama3);
      expect(opened.counting).toBeNull();
      expect(opened.recover).toBeUndefined();
    }
    const replay = await openEngine('replay', { ...order({ model: 'preds.jsonl' }), predictions: '{"id": "a", "result": "x()"}\n' }, runnerHost);
    expect(replay.counter).toBe(llama3);
  });

  it('a kind that loads its model in the tab refuses to open where there is no tab, naming itself', async () => {
    await expect(openEngine('webllm', order({ model: 'm' }), runnerHost)).rejects.toThrow(`${ENGINE_KINDS.webllm.label} runs in a browser tab only.`);
    await expect(openEngine('wllama', order({ model: 'm' }), runnerHost)).rejects.toThrow('runs in a browser tab only');
  });

  it('a GGUF run opens only on the model, device and call format it began with', async () => {
    await expect(openEngine('wllama', order({ model: 'm#webgpu' }, 'gguf:m'), tabHost(null))).rejects.toThrow('This run was made on the GPU (WebGPU): load the model m');
    const cpu: LoadedModel = { engine: 'wllama', id: 'm', contextWindow: 4096, gguf: gguf({}) };
    await expect(openEngine('wllama', order({ model: 'm', calls: 'native' }, 'gguf:m'), tabHost(cpu))).rejects.toThrow("asks for calls in the model's own tool template");
    await expect(openEngine('wllama', order({ model: 'm' }, 'gguf:other'), tabHost(cpu))).rejects.toThrow('measured with gguf:other, which is not available now');
    const onCpu = await openEngine('wllama', order({ model: 'm' }, 'gguf:m'), tabHost(cpu));
    expect(onCpu.counter.id).toBe('gguf:m');
    expect(onCpu.recover).toBeUndefined();
    const gpu: LoadedModel = { engine: 'wllama', id: 'm#webgpu', contextWindow: 4096, gguf: gguf({ device: { kind: 'webgpu' } }) };
    const onGpu = await openEngine('wllama', order({ model: 'm#webgpu' }, 'gguf:m'), tabHost(gpu));
    expect(onGpu.recover).toBeTypeOf('function');
  });

  it('a server run needs its base URL, and its server tokenizer when its prompts were measured with it', async () => {
    await expect(openEngine('openai', order({ model: 'q' }), runnerHost)).rejects.toThrow('this run names no server (base URL)');
    await expect(openEngine('openai', order({ model: 'q', baseUrl: 'http://127.0.0.1:9/v1' }, 'server:q'), runnerHost)).rejects.toThrow(
      "measured with the server's tokenizer, which http://127.0.0.1:9/v1 does not offer now",
    );
    const opened = await openEngine('openai', order({ model: 'q', baseUrl: 'http://127.0.0.1:9/v1' }), runnerHost);
    expect(opened.counter).toBe(llama3);
  });
});
