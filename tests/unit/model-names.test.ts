import { describe, expect, it } from 'vitest';
import { GGUF_MODELS, loadedModelId, readableModelName, storedModelId } from '../../src/lib/engines/gguf-models';

describe('model names a person reads (issue 37, item 5)', () => {
  it('a listed model is named by its label, not by its GGUF training tag', () => {
    const smol = GGUF_MODELS.find((m) => m.id.includes('135') || m.url.includes('SmolLM2-135M'))!;
    expect(readableModelName(smol.url, 'Smollm2 135M 8k Lc100K Mix1 Ep2')).toBe('SmolLM2 135M Instruct (Q4_1)');
  });
  it('another model: its GGUF name with the quantization its file states, once', () => {
    expect(readableModelName('https://example.org/m/Phi-3.5-mini-instruct-Q4_K_M.gguf', 'Phi 3.5 Mini Instruct')).toBe('Phi 3.5 Mini Instruct (Q4_K_M)');
    expect(readableModelName('file:tiny.q8_0.gguf:1234', 'tiny test model')).toBe('tiny test model (Q8_0)');
    expect(readableModelName('file:model.gguf:99', '')).toBe('model');
    expect(readableModelName('https://example.org/x-Q4_0.gguf', 'X Q4_0')).toBe('X Q4_0');
  });
  it('a model loaded with its weights unpacked to F32 says so, and its id leads back to the file', () => {
    const smol = GGUF_MODELS.find((m) => m.url.includes('SmolLM2-135M'))!;
    expect(readableModelName(loadedModelId(smol.url, 'cpu-f32'), 'Smollm2 135M 8k Lc100K Mix1 Ep2')).toBe('SmolLM2 135M Instruct (Q4_1) (unpacked to F32)');
    expect(readableModelName(loadedModelId('https://example.org/m/Phi-3.5-mini-instruct-Q4_K_M.gguf', 'cpu-f32'), 'Phi 3.5 Mini Instruct')).toBe('Phi 3.5 Mini Instruct (Q4_K_M, unpacked to F32)');
    expect(readableModelName(loadedModelId('file:model.gguf:99', 'cpu-f32'), '')).toBe('model (unpacked to F32)');
    expect(storedModelId(loadedModelId('file:model.gguf:99', 'cpu-f32'))).toEqual({ id: 'file:model.gguf:99', load: 'cpu-f32' });
    expect(storedModelId('file:model.gguf:99')).toEqual({ id: 'file:model.gguf:99', load: 'cpu' });
  });
  it('a model loaded on WebGPU says so, its id is another than the CPU loads', () => {
    const smol = GGUF_MODELS.find((m) => m.url.includes('SmolLM2-135M'))!;
    const ids = (['cpu', 'cpu-f32', 'webgpu'] as const).map((load) => loadedModelId(smol.url, load));
    expect(new Set(ids).size).toBe(3);
    expect(readableModelName(loadedModelId(smol.url, 'webgpu'), '')).toBe('SmolLM2 135M Instruct (Q4_1) (on WebGPU)');
    expect(readableModelName(loadedModelId('file:tiny.q8_0.gguf:1234', 'webgpu'), 'tiny')).toBe('tiny (Q8_0, on WebGPU)');
    expect(storedModelId(loadedModelId('file:model.gguf:99', 'webgpu'))).toEqual({ id: 'file:model.gguf:99', load: 'webgpu' });
  });
});
