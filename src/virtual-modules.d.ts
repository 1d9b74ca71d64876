/** Modules made at build time by the plugins in vite/. */
declare module 'virtual:webllm-model-list' {
  import type { PrebuiltModel } from './lib/engines/webllm-models';
  export const MODELS: PrebuiltModel[];
  export const FUNCTION_CALLING_IDS: string[];
}
