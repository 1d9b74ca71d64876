/** The first view's small live sweep: the catalog at two lengths and three needle positions, on the model the recordings measured. */
import { GGUF_MODELS, type GgufModelOption } from '../../lib/engines/gguf-models';
import type { GpuInfo } from '../../lib/engines/gpu';
import { ggufGpuProblem } from '../../lib/engines/gpu';

/** 1K and 2K × start, middle and end × 2 requests: a CPU finishes it in minutes */
export const QUICK_SWEEP = { lengths: [1024, 2048], positions: [0.1, 0.5, 0.9], samplesPerCell: 2 } as const;
export const QUICK_SWEEP_SAMPLES = QUICK_SWEEP.lengths.length * QUICK_SWEEP.positions.length * QUICK_SWEEP.samplesPerCell;

/** the weights the gallery's 0.5B recordings were made with (the same file, so this device's curve compares with theirs) */
export const QUICK_MODEL: GgufModelOption = (() => {
  const model = GGUF_MODELS.find((m) => m.id === 'qwen2.5-coder-0.5b-instruct-q4_k_m');
  if (!model) throw new Error('the quick sweep’s model is missing from GGUF_MODELS');
  return model;
})();

/** the 2K prompts, their answers and some room */
export const QUICK_CONTEXT = 4096;

/** llama.cpp's GPU backend where this adapter runs it (a hardware adapter with shader-f16), else the CPU */
export const quickDevice = (gpu: GpuInfo | null): 'cpu' | 'webgpu' => (gpu && !gpu.fallback && ggufGpuProblem(gpu) === null ? 'webgpu' : 'cpu');
