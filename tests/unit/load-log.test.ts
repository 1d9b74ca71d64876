import { describe, expect, it } from 'vitest';
import { cpuRemainder, deviceWords, gpuLoadProblem, readOffload } from '../../src/lib/engines/load-log';
import { adapterLabel, ggufGpuProblem } from '../../src/lib/engines/gpu';

/** llama.cpp's load log as wllama 3.8.1 gave it here for Qwen2.5-Coder-0.5B (Q4_K_M) on lavapipe with shader-f16. */
const QWEN_ON_WEBGPU = [
  'ggml_webgpu: adapter_info: vendor_id: 0 | vendor: google | architecture: swiftshader | device_id: 0 | name:  | device_desc: ',
  'llama_prepare_model_devices: using device WebGPU (WebGPU) (unknown id) - 4095 MiB free',
  'load_tensors: offloading output layer to GPU',
  'load_tensors: offloading 23 repeating layers to GPU',
  'load_tensors: offloaded 25/25 layers to GPU',
  'load_tensors:          CPU model buffer size =   227.20 MiB',
  'load_tensors:       WebGPU model buffer size =   235.76 MiB',
  'llama_context: n_ubatch              = 8',
  'llama_kv_cache:     WebGPU KV buffer size =    12.00 MiB',
  'sched_reserve:     WebGPU compute buffer size =     0.59 MiB',
];

/** The same wllama asked for the GPU on SwiftShader (no shader-f16): no device, everything on the CPU, no error. */
const SMOLLM2_ON_SWIFTSHADER = [
  'load_tensors:          CPU model buffer size =    92.10 MiB',
  'llama_context: n_ubatch              = 512',
  'llama_kv_cache:        CPU KV buffer size =    22.50 MiB',
];

describe('where llama.cpp put a model, read from its own load log (issue 47)', () => {
  it('a full offload on WebGPU: the device, the layers, the weights left on the CPU', () => {
    const offload = readOffload(QWEN_ON_WEBGPU);
    expect(offload).toEqual({ device: 'WebGPU', layers: { offloaded: 25, of: 25 }, weightsMiB: { CPU: 227.2, WebGPU: 235.76 }, kvMiB: { WebGPU: 12 } });
    expect(gpuLoadProblem(offload)).toBeNull();
    expect(cpuRemainder(offload)).toMatch(/^227 MiB of weights stayed on the CPU/);
  });
  it('no device registered: refused, with the reason, rather than run on the CPU under a GPU label', () => {
    const offload = readOffload(SMOLLM2_ON_SWIFTSHADER);
    expect(offload.device).toBeNull();
    expect(gpuLoadProblem(offload)).toMatch(/registered no GPU device .*shader-f16.* loaded the model on the CPU/);
  });
  it('a partial offload is refused too, naming the count', () => {
    const lines = QWEN_ON_WEBGPU.map((l) => l.replace('offloaded 25/25', 'offloaded 20/25'));
    expect(gpuLoadProblem(readOffload(lines))).toBe('llama.cpp offloaded only 20 of 25 layers to WebGPU; the rest would run on the CPU');
    expect(gpuLoadProblem(readOffload(QWEN_ON_WEBGPU.filter((l) => !l.includes('offloaded'))))).toMatch(/did not log how many layers/);
  });
  it('the device in words, as reports and run files show it', () => {
    expect(deviceWords({ kind: 'cpu' })).toBe('CPU (WebAssembly)');
    expect(deviceWords({ kind: 'webgpu', adapter: 'google swiftshader (software)', layers: { offloaded: 31, of: 31 } })).toBe('GPU (WebGPU: google swiftshader (software), 31/31 layers offloaded)');
  });
});

describe('which adapters can run GGUF models on the GPU', () => {
  const adapter = { available: true, vendor: 'google', architecture: 'swiftshader', description: '', fallback: true };
  it('an adapter without shader-f16 is not offered, and the reason says so', () => {
    expect(ggufGpuProblem({ ...adapter, shaderF16: false })).toMatch(/google swiftshader \(software\)\) lacks shader-f16/);
    expect(ggufGpuProblem({ available: false, reason: 'no navigator.gpu' })).toBe('no navigator.gpu');
  });
  it('one with shader-f16 is', () => {
    expect(ggufGpuProblem({ ...adapter, shaderF16: true })).toBeNull();
    expect(adapterLabel({ available: true, vendor: 'nvidia', architecture: 'ampere', fallback: false })).toBe('nvidia ampere');
  });
});
