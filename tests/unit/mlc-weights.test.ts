/** WebLLM weights made from a GGUF (harness/mlc-weights.ts) and the fields naming a model of your own. */
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { libraryMetadata, MLC_LIBRARY, quantizeQ4f32, tokenizerJson } from '../../harness/mlc-weights';
import { modelMissing, QWEN_CODER_05B } from '../../harness/real-model';
import { parseGgufHeader } from '../../src/lib/gguf/header';
import { ownModelProblem } from '../../src/lib/engines/webllm-models';

describe("MLC's q4f32_1, as mlc-llm lays it out", () => {
  it('packs 8 four-bit values a word, the first in the low bits, with one float scale per 32 inputs; dequantized within half a step', () => {
    const cols = 64;
    const w = Float32Array.from({ length: 2 * cols }, (_, i) => Math.sin(i * 0.7) * (i < cols ? 1 : 0.01));
    const { weight, scale } = quantizeQ4f32(w, 2, cols);
    expect(weight).toHaveLength((2 * cols) / 8);
    expect(scale).toHaveLength(4);
    for (let i = 0; i < w.length; i++) {
      const s = scale[Math.floor(i / 32)] as number;
      const q = ((weight[Math.floor(i / 8)] as number) >>> (4 * (i % 8))) & 15;
      expect(q).toBeLessThanOrEqual(14);
      expect(Math.abs((q - 7) * s - (w[i] as number))).toBeLessThanOrEqual(s / 2 + 1e-7);
    }
    // a group of zeros has scale 0 and every value at the middle step
    const zeros = quantizeQ4f32(new Float32Array(32), 1, 32);
    expect([...zeros.scale]).toEqual([0]);
    expect([...zeros.weight]).toEqual(Array(4).fill(0x77777777));
    expect(() => quantizeQ4f32(new Float32Array(40), 1, 40)).toThrow(/multiple of 32/);
  });
});

describe('what the model library and the GGUF give', () => {
  it.skipIf(!existsSync(MLC_LIBRARY))('the library declares its 267 parameters (../shared/reference/webllm)', () => {
    const meta = libraryMetadata(readFileSync(MLC_LIBRARY));
    expect(meta).toMatchObject({ model_type: 'qwen2', quantization: 'q4f32_1', context_window_size: 4096, prefill_chunk_size: 1024 });
    expect(meta.params).toHaveLength(267);
    expect(meta.params[0]).toEqual({ name: 'model.embed_tokens.q_weight', shape: [151936, 112], dtype: 'uint32', preprocs: [] });
  });

  it.skipIf(modelMissing(QWEN_CODER_05B) !== null)('the tokenizer keeps every token (the one named toString too) and marks the control tokens special', () => {
    // the header (tokens and merges) lies in the file's first megabytes
    const head = new Uint8Array(16 << 20);
    const fd = openSync(QWEN_CODER_05B.file, 'r');
    readSync(fd, head, 0, head.byteLength, 0);
    closeSync(fd);
    const header = parseGgufHeader(head, statSync(QWEN_CODER_05B.file).size);
    const json = tokenizerJson(header) as { model: { vocab: Record<string, number>; merges: string[] }; added_tokens: { content: string; special: boolean }[] };
    expect(json.model.vocab.toString).toBe(6575);
    expect(json.added_tokens.find((t) => t.content === '<|im_end|>')).toMatchObject({ special: true });
    expect(Object.keys(json.model.vocab).length + json.added_tokens.length).toBe(151936);
  });
});

describe('your own MLC model', () => {
  it('names what is wrong with the URLs', () => {
    expect(ownModelProblem({ weightsUrl: 'https://h/m/', libraryUrl: 'https://h/lib.wasm' })).toBeNull();
    expect(ownModelProblem({ weightsUrl: 'h/m', libraryUrl: 'https://h/lib.wasm' })).toMatch(/weights folder URL "h\/m" is not a URL/);
    expect(ownModelProblem({ weightsUrl: 'ftp://h/m/', libraryUrl: 'https://h/lib.wasm' })).toMatch(/must start with https:/);
    expect(ownModelProblem({ weightsUrl: 'https://h/m/', libraryUrl: 'https://h/lib.js' })).toMatch(/\.wasm file/);
  });
});
