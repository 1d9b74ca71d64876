/**
 * What llama.cpp's own load log says about where a model went: the device it chose, how many
 * layers it offloaded, and how many bytes of weights each backend holds. Read from the log rather
 * than assumed, because llama.cpp's WebGPU backend registers no device on an adapter without
 * `shader-f16` and then loads everything on the CPU without a word.
 */

export interface Offload {
  /** the GPU device llama.cpp used (`using device WebGPU (…)`), or null when it used none */
  device: string | null;
  /** layers put on the GPU, of all (`offloaded 31/31 layers to GPU`), or null when not logged */
  layers: { offloaded: number; of: number } | null;
  /** MiB of weights per backend (`WebGPU model buffer size = 92.10 MiB`, `CPU model buffer size = …`) */
  weightsMiB: Record<string, number>;
  /** MiB of KV cache per backend */
  kvMiB: Record<string, number>;
}

/** Lines read at most (a load logs a few hundred). */
const MAX_LINES = 5_000;

export function readOffload(lines: readonly string[]): Offload {
  const out: Offload = { device: null, layers: null, weightsMiB: {}, kvMiB: {} };
  for (const line of lines.slice(0, MAX_LINES)) {
    const device = /using device (\S+)/.exec(line);
    if (device) out.device = device[1]!;
    const layers = /offloaded (\d+)\/(\d+) layers to GPU/.exec(line);
    if (layers) out.layers = { offloaded: Number(layers[1]), of: Number(layers[2]) };
    const weights = /\b([\w-]+) model buffer size\s*=\s*([\d.]+) MiB/.exec(line);
    if (weights) out.weightsMiB[backendName(weights[1]!)] = (out.weightsMiB[backendName(weights[1]!)] ?? 0) + Number(weights[2]);
    const kv = /\b([\w-]+) KV buffer size\s*=\s*([\d.]+) MiB/.exec(line);
    if (kv) out.kvMiB[backendName(kv[1]!)] = (out.kvMiB[backendName(kv[1]!)] ?? 0) + Number(kv[2]);
  }
  return out;
}

/** `CPU_Mapped`, `CPU_REPACK` and `CPU` are all the CPU. */
const backendName = (name: string): string => (name.startsWith('CPU') ? 'CPU' : name);

/**
 * Why a load meant for the GPU did not go there, or null when llama.cpp says it did: a device was
 * used and every layer was offloaded. Weights left on the CPU beside a full offload (a matrix larger
 * than the adapter's binding limit, the token embeddings) are reported, not refused.
 */
export function gpuLoadProblem(offload: Offload): string | null {
  if (!offload.device) return 'llama.cpp registered no GPU device (its WebGPU backend needs an adapter with shader-f16) and loaded the model on the CPU';
  if (!offload.layers) return `llama.cpp used ${offload.device} but did not log how many layers it offloaded`;
  if (offload.layers.offloaded < offload.layers.of) return `llama.cpp offloaded only ${offload.layers.offloaded} of ${offload.layers.of} layers to ${offload.device}; the rest would run on the CPU`;
  return null;
}

/** What stayed on the CPU of a full offload, in words, or null when nothing did worth saying. */
export function cpuRemainder(offload: Offload): string | null {
  const cpu = offload.weightsMiB.CPU ?? 0;
  // under 1 MiB is bookkeeping, not weights
  return cpu >= 1 ? `${cpu.toFixed(0)} MiB of weights stayed on the CPU (the token embeddings, or a matrix larger than the adapter's binding limit)` : null;
}

/**
 * Where a GGUF model ran, as llama.cpp's load log said: a run records it (its model id carries the
 * load, so it resumes only on the same device) and reports and run files show it.
 */
export interface EngineDevice {
  kind: 'cpu' | 'webgpu';
  /** the WebGPU adapter: vendor, architecture, description; "(software)" for a fallback adapter */
  adapter?: string;
  /** layers llama.cpp offloaded to the GPU, of all */
  layers?: { offloaded: number; of: number };
  /** what stayed on the CPU beside a full offload */
  note?: string;
  /** the numeric check the GPU passed before it was trusted (gpu-check.ts), in words */
  checked?: string;
}

/** The device in words, for reports and captions. */
export function deviceWords(device: EngineDevice): string {
  if (device.kind === 'cpu') return 'CPU (WebAssembly)';
  const layers = device.layers ? `, ${device.layers.offloaded}/${device.layers.of} layers offloaded` : '';
  return `GPU (WebGPU${device.adapter ? `: ${device.adapter}` : ''}${layers})${device.note ? `; ${device.note}` : ''}${device.checked ? '; it agreed with the CPU on a test model before it was trusted' : ''}`;
}
