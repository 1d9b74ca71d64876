/** Loading a model into the tab's worker, as the model panels and the first view's one-click sweep do it. */
import type { LoadedModel } from '../../lib/engines/host';
import type { OwnMlcModel } from '../../lib/engines/webllm-models';
import type { GgufLoadOptions, GgufSource } from '../../lib/engines/wllama';
import { app } from '../app-state.svelte';
import { evalWorker, proxy } from '../worker-client';

type LoadProgress = { progress: number; text: string };

/**
 * Replaces the loaded model with the one `load` loads, showing its progress in `app.modelLoad` (from
 * `firstStep`) and its failure in `app.modelError`; nothing can run on the old model meanwhile.
 * True once it is loaded.
 */
async function loadInTab(firstStep: string, load: (onProgress: (p: LoadProgress) => void) => Promise<LoadedModel>): Promise<boolean> {
  app.modelError = null;
  app.modelLoad = { progress: 0, text: firstStep };
  app.loadedModel = null;
  try {
    app.loadedModel = await load(proxy((p: LoadProgress) => (app.modelLoad = p)));
    return true;
  } catch (e) {
    app.modelError = (e as Error).message;
    app.loadedModel = null;
    return false;
  } finally {
    app.modelLoad = null;
  }
}

/** A GGUF into the tab's llama.cpp, on the CPU or the GPU (downloaded once from a URL, then read from the browser's storage). */
export function loadGgufModel(source: GgufSource, options: GgufLoadOptions): Promise<boolean> {
  return loadInTab(`Starting llama.cpp${options.device === 'webgpu' ? ' on the GPU' : ''}…`, async (onProgress) => {
    const gguf = await evalWorker().loadGguf(source, options, onProgress);
    return { engine: 'wllama', id: gguf.id, contextWindow: gguf.contextSize, gguf };
  });
}

/** A WebLLM model on the tab's GPU: one from WebLLM's list by id, or your own MLC model from its URLs (its id is its weights URL). */
export function loadWebLlmModel(modelId: string, contextWindow: number, own?: OwnMlcModel): Promise<boolean> {
  return loadInTab('Downloading the model configuration and library…', async (onProgress) => {
    await evalWorker().loadModel(modelId, { contextWindow, ...(own ? { own } : {}) }, onProgress);
    return { engine: 'webllm', id: modelId, contextWindow };
  });
}
