/** WebGPU detection (page or worker). */

export interface GpuInfo {
  available: boolean;
  /** why not, when unavailable */
  reason?: string;
  vendor?: string;
  architecture?: string;
  description?: string;
  /** a software adapter such as SwiftShader */
  fallback?: boolean;
  shaderF16?: boolean;
  maxBufferSize?: number;
  maxStorageBufferBindingSize?: number;
}

interface AdapterLike {
  info?: { vendor?: string; architecture?: string; description?: string; isFallbackAdapter?: boolean };
  isFallbackAdapter?: boolean;
  features: { has(name: string): boolean };
  limits: { maxBufferSize: number; maxStorageBufferBindingSize: number };
}

export async function probeGpu(nav: { gpu?: unknown } = globalThis.navigator as never): Promise<GpuInfo> {
  const gpu = nav?.gpu as { requestAdapter(o?: unknown): Promise<AdapterLike | null> } | undefined;
  if (!gpu) return { available: false, reason: 'This browser exposes no WebGPU (navigator.gpu is missing): use a recent Chrome or Edge, on an https:// or localhost page.' };
  let adapter: AdapterLike | null = null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (e) {
    return { available: false, reason: `WebGPU adapter request failed: ${(e as Error).message}` };
  }
  if (!adapter) return { available: false, reason: 'WebGPU is present but no GPU adapter was found (driver blocked or disabled).' };
  return {
    available: true,
    vendor: adapter.info?.vendor,
    architecture: adapter.info?.architecture,
    description: adapter.info?.description,
    fallback: adapter.info?.isFallbackAdapter ?? adapter.isFallbackAdapter ?? false,
    shaderF16: adapter.features.has('shader-f16'),
    maxBufferSize: adapter.limits.maxBufferSize,
    maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
  };
}

/** Every q*f16 build needs shader-f16, whether or not its record says so. */
export function needsF16(modelId: string, requiredFeatures: readonly string[] = []): boolean {
  return requiredFeatures.includes('shader-f16') || /q\d+f16/.test(modelId);
}

export type ModelEngine = 'webllm' | 'wllama';

/** Which model engine to offer first on this device, and why (said to the user). */
export function recommendEngine(gpu: GpuInfo): { engine: ModelEngine; reason: string } {
  if (!gpu.available) return { engine: 'wllama', reason: `${gpu.reason ?? 'No WebGPU here.'} The CPU engine (llama.cpp in WebAssembly) runs GGUF models without it.` };
  if (gpu.fallback) {
    return { engine: 'wllama', reason: 'WebGPU is only a software adapter here (no GPU drives it): the CPU engine (llama.cpp in WebAssembly) is the practical choice.' };
  }
  return { engine: 'webllm', reason: `WebGPU found${gpu.vendor ? ` (${gpu.vendor})` : ''}: WebLLM runs models on your GPU. The CPU engine remains available for GGUF files.` };
}
