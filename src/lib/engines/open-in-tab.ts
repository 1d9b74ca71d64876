/**
 * How the two in-tab kinds are opened for a run: from the model the tab's worker holds, which must
 * be the run's (a run continues only on the device and weights it began with). `openEngine` refuses
 * them where there is no tab.
 */
import { CachedCounter } from '../context/token-counter';
import { LOAD_HOW, LOAD_WORDS, storedModelId } from './gguf-models';
import type { EngineFactory, EngineHost, TabModels } from './host';

function tabModels(host: EngineHost): TabModels {
  if (!host.models) throw new Error('this engine runs in a browser tab only');
  return host.models;
}

export const openWebllm: EngineFactory = async (order, host) => {
  const models = tabModels(host);
  const held = models.held();
  if (held?.engine !== 'webllm' || held.id !== order.engine.model) throw new Error(`Load the model ${order.engine.model} to run (or resume) this run.`);
  const engine = await models.webllm();
  const recover = async (): Promise<void> => engine.load(held.id, { contextWindow: held.contextWindow }, () => undefined);
  return { engine, counter: new CachedCounter(engine.counter()), counting: null, recover };
};

export const openWllama: EngineFactory = async (order, host) => {
  const models = tabModels(host);
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
};
