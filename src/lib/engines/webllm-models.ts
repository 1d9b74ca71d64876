/** The WebLLM prebuilt models worth offering for function-calling evaluation. Worker-side only (imports WebLLM). */
import { functionCallingModelIds, prebuiltAppConfig } from '@mlc-ai/web-llm';
import { type GpuInfo, needsF16 } from './gpu';

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

export function listModels(gpu: GpuInfo): ModelOption[] {
  return prebuiltAppConfig.model_list
    .filter((m) => !SKIP.test(m.model_id) && (m.model_type === undefined || m.model_type === 0))
    .map((m) => {
      const f16 = needsF16(m.model_id, m.required_features ?? []);
      const vram = m.vram_required_MB ?? 0;
      let unavailable: string | null = null;
      if (!gpu.available) unavailable = 'no WebGPU';
      else if (f16 && !gpu.shaderF16) unavailable = 'needs shader-f16, which this GPU lacks';
      return {
        id: m.model_id,
        vramMB: Math.round(vram),
        defaultContext: Number(m.overrides?.context_window_size ?? 4096),
        needsF16: f16,
        nativeFunctionCalling: functionCallingModelIds.includes(m.model_id),
        unavailable,
      };
    })
    .sort((a, b) => a.vramMB - b.vramMB);
}
