/**
 * A build-time module with WebLLM's prebuilt model list (ids, memory, context, features): the
 * worker lists models from it without loading WebLLM itself (2 MB gzip), which is fetched only
 * when a model is loaded. Read from the installed @mlc-ai/web-llm, so it follows its version.
 */
import type { Plugin } from 'vite';
import { prebuiltModels } from '../src/lib/engines/webllm-models.ts';

export const WEBLLM_MODEL_LIST = 'virtual:webllm-model-list';
const RESOLVED = `\0${WEBLLM_MODEL_LIST}`;

export async function webllmModelListSource(): Promise<string> {
  const { prebuiltAppConfig, functionCallingModelIds } = await import('@mlc-ai/web-llm');
  return `export const MODELS = ${JSON.stringify(prebuiltModels(prebuiltAppConfig))};\nexport const FUNCTION_CALLING_IDS = ${JSON.stringify(functionCallingModelIds)};\n`;
}

export function webllmModelList(): Plugin {
  return {
    name: 'webllm-model-list',
    resolveId: (id) => (id === WEBLLM_MODEL_LIST ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? webllmModelListSource() : null),
  };
}
