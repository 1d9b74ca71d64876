/**
 * The WebLLM prebuilt models worth offering for function-calling evaluation. WebLLM's own list is
 * read at build time (see vite/webllm-model-list.ts), so listing models never loads WebLLM's
 * 2 MB chunk: it is fetched when a model is loaded.
 */
import type { AppConfig } from '@mlc-ai/web-llm';
import { type GpuInfo, needsF16 } from './gpu.ts';

/** What the app needs of one of WebLLM's prebuilt model records. */
export interface PrebuiltModel {
  id: string;
  vramMB: number;
  /** the model's own context window (its config's override), if it sets one */
  contextWindow: number | null;
  requiredFeatures: string[];
  /** WebLLM's ModelType: 0 (or absent) for an LLM, else embedding or vision */
  modelType: number | null;
}

export interface ModelOption {
  id: string;
  vramMB: number;
  defaultContext: number;
  needsF16: boolean;
  nativeFunctionCalling: boolean;
  /** why it cannot run here, or null */
  unavailable: string | null;
}

const SKIP = /embed|vision|-1k$|Llama-2|RedPajama|phi-1_5|phi-2|DeepSeek-R1-Distill|Math/i;

/** The fields of WebLLM's prebuilt app config the app uses (run at build time, and by the test that checks the build's copy). */
export function prebuiltModels(config: Pick<AppConfig, 'model_list'>): PrebuiltModel[] {
  return config.model_list.map((m) => ({
    id: m.model_id,
    vramMB: m.vram_required_MB ?? 0,
    contextWindow: m.overrides?.context_window_size ?? null,
    requiredFeatures: m.required_features ?? [],
    modelType: m.model_type ?? null,
  }));
}

export function listModels(models: readonly PrebuiltModel[], functionCallingIds: readonly string[], gpu: GpuInfo): ModelOption[] {
  return models
    .filter((m) => !SKIP.test(m.id) && (m.modelType === null || m.modelType === 0))
    .map((m) => {
      const f16 = needsF16(m.id, m.requiredFeatures);
      let unavailable: string | null = null;
      if (!gpu.available) unavailable = 'no WebGPU';
      else if (f16 && !gpu.shaderF16) unavailable = 'needs shader-f16, which this GPU lacks';
      return {
        id: m.id,
        vramMB: Math.round(m.vramMB),
        defaultContext: Number(m.contextWindow ?? 4096),
        needsF16: f16,
        nativeFunctionCalling: functionCallingIds.includes(m.id),
        unavailable,
      };
    })
    .sort((a, b) => a.vramMB - b.vramMB);
}

/** A model of your own in MLC's format (what `mlc_llm convert_weight` and `compile` make), at two URLs. */
export interface OwnMlcModel {
  /** the folder of its weights, tokenizer and mlc-chat-config.json */
  weightsUrl: string;
  /** its compiled WebGPU model library (.wasm), built for this WebLLM's runtime */
  libraryUrl: string;
}

/** Whether a URL a person typed can name an MLC file or folder, or what is wrong with it. */
export function ownModelProblem(own: OwnMlcModel): string | null {
  for (const [what, url] of [
    ['weights folder', own.weightsUrl],
    ['model library', own.libraryUrl],
  ] as const) {
    let u: URL;
    try {
      u = new URL(url.trim());
    } catch {
      return `the ${what} URL "${url}" is not a URL (e.g. https://example.org/models/Qwen2.5-0.5B-q4f32_1-MLC/)`;
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return `the ${what} URL must start with https:// or http://`;
  }
  if (!/\.wasm$/i.test(new URL(own.libraryUrl.trim()).pathname)) return 'the model library URL must name a .wasm file (the compiled WebGPU library)';
  return null;
}
