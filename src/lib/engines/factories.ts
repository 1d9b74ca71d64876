/**
 * How each kind of engine is opened for a run, declared once: the tab's worker and the headless
 * runner both choose here by the run's kind. Kept apart from the kinds' declarations (`kinds.ts`)
 * so the page, which reads those, does not load the engines; the in-tab engines (WebLLM,
 * llama.cpp) come from the worker's models, loaded with their model.
 */
import { CachedCounter } from '../context/token-counter';
import { createBaselineEngine } from './baseline';
import { createOpenAIEngine, serverEngineOptions } from './openai';
import { createOracleEngine } from './oracle';
import { createReplayEngine, readPredictions } from './replay';
import { LOAD_HOW, LOAD_WORDS, storedModelId } from './gguf-models';
import type { EngineHost, EngineOrder, OpenedEngine, TabModels } from './host';
import { ENGINE_KINDS, type EngineKind } from './kinds';

export type EngineFactory = (order: EngineOrder, host: EngineHost) => Promise<OpenedEngine>;

function tabModels(host: EngineHost, kind: EngineKind): TabModels {
  if (!host.models) throw new Error(`${ENGINE_KINDS[kind].label} runs in a browser tab only.`);
  return host.models;
}

export const ENGINE_FACTORIES: Record<EngineKind, EngineFactory> = {
  async webllm(order, host) {
    const models = tabModels(host, 'webllm');
    const held = models.held();
    if (held?.engine !== 'webllm' || held.id !== order.engine.model) throw new Error(`Load the model ${order.engine.model} to run (or resume) this run.`);
    const engine = await models.webllm();
    const recover = async (): Promise<void> => engine.load(held.id, { contextWindow: held.contextWindow }, () => undefined);
    return { engine, counter: new CachedCounter(engine.counter()), counting: null, recover };
  },

  async wllama(order, host) {
    const models = tabModels(host, 'wllama');
    const held = models.held();
    if (held?.engine !== 'wllama' || held.id !== order.engine.model) {
      // a run continues only on the device and weights it began with: results of two loads are never merged
      const { id, load } = storedModelId(order.engine.model);
      throw new Error(`This run was made ${LOAD_WORDS[load]}: load the model ${id} ${LOAD_HOW[load]} to run (or resume) it.`);
    }
    const native = order.engine.calls === 'native';
    if (held.gguf.toolTemplate !== native)
      throw new Error(`This run asks for calls ${native ? "in the model's own tool template" : 'in the prompt'}: load ${order.engine.model} again with that choice to run (or resume) it.`);
    const engine = await models.gguf();
    const counter = await models.counterFor(order);
    if (!counter) throw new Error(`This run's prompts were measured with ${order.counterId}, which is not available now.`);
    // a GPU abort resets llama.cpp: the same file is loaded again the same way, and the request retried once
    return { engine, counter, counting: null, ...(held.gguf.device.kind === 'webgpu' ? { recover: () => models.reloadGguf() } : {}) };
  },

  async openai(order, host) {
    const { baseUrl } = order.engine;
    if (!baseUrl) throw new Error('this run names no server (base URL)');
    const engine = createOpenAIEngine(serverEngineOptions(order.engine, baseUrl, host.apiKey(baseUrl)));
    // the server's own tokenizer where it has an endpoint (counterId server:…), else Llama 3's, labelled approximate
    const counting = await host.serverCounting(order);
    if (order.counterId.startsWith('server:') && !counting) throw new Error(`This run's prompts are measured with the server's tokenizer, which ${baseUrl} does not offer now.`);
    return { engine, counter: counting ? counting.counter : await host.llama3(), counting };
  },

  async baseline(_order, host) {
    return { engine: createBaselineEngine(), counter: await host.llama3(), counting: null };
  },

  async oracle(_order, host) {
    return { engine: createOracleEngine(), counter: await host.llama3(), counting: null };
  },

  async replay(order, host) {
    return { engine: createReplayEngine(readPredictions(order.predictions ?? '', 'predictions file'), order.engine.model), counter: await host.llama3(), counting: null };
  },
};
