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

/**
 * Why llama.cpp's WebGPU backend cannot run GGUF models on this adapter, or null when it can: it
 * registers no device without `shader-f16` (SwiftShader has none; Chrome on Linux over OpenGL has
 * none either) and would load the model on the CPU without a word.
 */
export function ggufGpuProblem(gpu: GpuInfo): string | null {
  if (!gpu.available) return gpu.reason ?? 'This browser offers no WebGPU adapter.';
  if (!gpu.shaderF16)
    return `This browser's WebGPU adapter (${adapterLabel(gpu)}) lacks shader-f16, which llama.cpp's WebGPU backend needs: it would run on the CPU. Chrome on Linux often runs WebGPU over OpenGL, which has none; over Vulkan (chrome://flags/#enable-vulkan) a GPU may offer it.`;
  return null;
}

/** The adapter as a person reads it: vendor, architecture, description, and "software" for a fallback adapter. */
export function adapterLabel(gpu: GpuInfo): string {
  const words = [gpu.vendor, gpu.architecture, gpu.description].filter((w): w is string => !!w && w.trim() !== '');
  return `${words.join(' ') || 'unnamed adapter'}${gpu.fallback ? ' (software)' : ''}`;
}
