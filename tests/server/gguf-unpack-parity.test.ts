import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGgufHeader } from '../../src/lib/gguf/header';
import { GgmlType } from '../../src/lib/gguf/dequant';
import { planUnpack, unpackGguf } from '../../src/lib/gguf/unpack';
import { QWEN_CODER_05B, SMOLLM2, type RealModel } from '../../harness/real-model';

/**
 * Parity with llama.cpp: its own conversion of the real models to F32 (llama_model_quantize, type
 * F32, through the test server's llama-cpp-python) against ours, every value of every unpacked matrix.
 * SmolLM2 holds Q4_1; Qwen 0.5B Q4_K, Q5_0, Q6_K and Q8_0.
 */
const PYTHON = join(process.cwd(), '.cache', 'llama-server', 'bin', 'python');
const REFERENCES = join(process.cwd(), '.cache', 'unpack-reference');
const QUANTIZE_TO_F32 = `import sys, ctypes, llama_cpp
p = llama_cpp.llama_model_quantize_default_params()
p.ftype = 0; p.allow_requantize = True; p.nthread = 2
sys.exit(llama_cpp.llama_model_quantize(sys.argv[1].encode(), sys.argv[2].encode(), ctypes.byref(p)))`;

function whyNoParity(model: RealModel): string | null {
  if (!existsSync(model.file)) return `${model.file} is absent (bash scripts/fetch-models.sh ${model.fetchAs})`;
  if (!existsSync(PYTHON)) return 'llama-cpp-python is not installed in .cache/llama-server (bash scripts/install-llama-server.sh)';
  return null;
}

describe.each([SMOLLM2, QWEN_CODER_05B])('unpacking $alias matches llama.cpp to the bit', (model) => {
  const why = whyNoParity(model);
  it.skipIf(why !== null)(`every unpacked value equals llama.cpp's own F32 conversion${why ? ` (skipped: ${why})` : ''}`, { timeout: 600_000 }, async () => {
    mkdirSync(REFERENCES, { recursive: true });
    const reference = join(REFERENCES, `${model.alias}.f32.gguf`);
    if (!existsSync(reference)) execFileSync(PYTHON, ['-c', QUANTIZE_TO_F32, model.file, reference], { stdio: 'ignore' });
    const original = await openAsBlob(model.file);
    const header = await readGgufHeader(original);
    const plan = planUnpack(header, new Uint8Array(await original.slice(0, header.tensorTableOffset).arrayBuffer()), original.size);
    const ours = await unpackGguf(original, header, plan);
    const oursHeader = await readGgufHeader(ours);
    const theirs = await openAsBlob(reference);
    const theirsHeader = await readGgufHeader(theirs);
    const compared = new Map<number, number>();
    for (const [i, t] of oursHeader.tensors.entries()) {
      const from = header.tensors[i]!;
      if (from.type === GgmlType.F32 || t.type !== GgmlType.F32) continue;
      const ref = theirsHeader.tensors.find((r) => r.name === t.name)!;
      const n = t.dims.reduce((a, b) => a * b, 1);
      const a = new Uint8Array(await ours.slice(oursHeader.dataOffset + t.offset, oursHeader.dataOffset + t.offset + n * 4).arrayBuffer());
      const b = new Uint8Array(await theirs.slice(theirsHeader.dataOffset + ref.offset, theirsHeader.dataOffset + ref.offset + n * 4).arrayBuffer());
      expect(Buffer.compare(Buffer.from(a), Buffer.from(b)), t.name).toBe(0);
      compared.set(from.type, (compared.get(from.type) ?? 0) + 1);
    }
    expect(plan.unpacked).toBeGreaterThan(100);
    expect([...compared.values()].reduce((x, y) => x + y, 0)).toBe(plan.unpacked);
  });
});
