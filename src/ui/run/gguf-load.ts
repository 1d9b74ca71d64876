/** Loading a GGUF model into the tab's llama.cpp, as the model panel and the first view's one-click sweep do it. */
import type { GgufLoadOptions, GgufSource } from '../../lib/engines/wllama';
import { app } from '../app-state.svelte';
import { evalWorker, proxy } from '../worker-client';

/**
 * Loads the model (downloaded once from a URL, then read from the browser's storage), showing its
 * progress in `app.modelLoad` and its failure in `app.modelError`. True once it is loaded.
 */
export async function loadGgufModel(source: GgufSource, options: GgufLoadOptions): Promise<boolean> {
  app.modelError = null;
  app.modelLoad = { progress: 0, text: `Starting llama.cpp${options.device === 'webgpu' ? ' on the GPU' : ''}…` };
  // the model loaded so far is being replaced: nothing can run on it meanwhile
  app.loadedModel = null;
  try {
    const gguf = await evalWorker().loadGguf(
      source,
      options,
      proxy((p: { progress: number; text: string }) => (app.modelLoad = p)),
    );
    app.loadedModel = { engine: 'wllama', id: gguf.id, contextWindow: gguf.contextSize, gguf };
    return true;
  } catch (e) {
    app.modelError = (e as Error).message;
    app.loadedModel = null;
    return false;
  } finally {
    app.modelLoad = null;
  }
}
