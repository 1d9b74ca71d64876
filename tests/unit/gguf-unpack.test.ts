import { describe, expect, it } from 'vitest';
import { buildTinyModel } from '../../datasets/tiny-model/build';
import { GgufError, GGUF_MAGIC, parseGgufHeader } from '../../src/lib/gguf/header';
import { ByteWriter, writeTensorInfo } from '../../src/lib/gguf/bytes';
import { GgmlType, unpackToF32 } from '../../src/lib/gguf/dequant';
import { planUnpack, unpackGguf } from '../../src/lib/gguf/unpack';

const HALF_ONE_HALF = 0x3e00; // 1.5
const HALF_QUARTER = 0x3400; // 0.25

/** A GGUF with one Q8_0 matrix (2 rows of 32), one Q4_0 matrix (1 row of 32) and an F32 vector, tightly packed. */
function quantizedGguf(): Uint8Array {
  const q8 = new ByteWriter();
  for (let row = 0; row < 2; row++) {
    q8.bytes(new Uint8Array(new Uint16Array([HALF_ONE_HALF]).buffer));
    q8.bytes(new Uint8Array(Int8Array.from({ length: 32 }, (_, i) => i - 16 + row).buffer));
  }
  const q4 = new ByteWriter();
  q4.bytes(new Uint8Array(new Uint16Array([HALF_QUARTER]).buffer));
  q4.bytes(Uint8Array.from({ length: 16 }, (_, i) => (i & 0xf) | ((15 - i) << 4)));
  const norm = new Uint8Array(new Float32Array([1, 2, 3, 4, 5, 6, 7, 8]).buffer);
  const tensors = [
    { name: 'blk.0.attn_q.weight', dims: [32, 2], type: GgmlType.Q8_0, data: q8.result() },
    { name: 'blk.0.ffn_up.weight', dims: [32, 1], type: GgmlType.Q4_0, data: q4.result() },
    { name: 'blk.0.attn_norm.weight', dims: [8], type: GgmlType.F32, data: norm },
  ];
  const w = new ByteWriter();
  w.u32(GGUF_MAGIC);
  w.u32(3);
  w.u64(tensors.length);
  w.u64(1);
  w.string('general.architecture');
  w.u32(8);
  w.string('llama');
  let offset = 0;
  for (const t of tensors) {
    writeTensorInfo(w, { ...t, offset });
    offset += Math.ceil(t.data.byteLength / 32) * 32;
  }
  w.padTo(32);
  for (const t of tensors) {
    w.bytes(t.data);
    w.padTo(32);
  }
  return w.result();
}

async function unpack(bytes: Uint8Array) {
  const blob = new Blob([bytes.slice()]);
  const header = parseGgufHeader(bytes);
  const plan = planUnpack(header, bytes, bytes.byteLength);
  const out = new Uint8Array(await (await unpackGguf(blob, header, plan)).arrayBuffer());
  return { plan, out, header: parseGgufHeader(out) };
}

const floatsOf = (bytes: Uint8Array, at: number, n: number) => Array.from(new Float32Array(bytes.slice(at, at + n * 4).buffer));

describe('unpacking a GGUF to F32', () => {
  it('unpacks the quantized matrices to the values their blocks stand for and keeps the rest', async () => {
    const { plan, out, header } = await unpack(quantizedGguf());
    expect(plan.unpacked).toBe(2);
    expect(plan.bytes).toBe(out.byteLength);
    expect(header.tensors.map((t) => [t.name, t.type])).toEqual([
      ['blk.0.attn_q.weight', GgmlType.F32],
      ['blk.0.ffn_up.weight', GgmlType.F32],
      ['blk.0.attn_norm.weight', GgmlType.F32],
    ]);
    for (const t of header.tensors) expect((header.dataOffset + t.offset) % 32).toBe(0);
    const [q, up, norm] = header.tensors;
    expect(floatsOf(out, header.dataOffset + q!.offset, 64)).toEqual([...Array.from({ length: 32 }, (_, i) => (i - 16) * 1.5), ...Array.from({ length: 32 }, (_, i) => (i - 15) * 1.5)]);
    expect(floatsOf(out, header.dataOffset + up!.offset, 32)).toEqual([...Array.from({ length: 16 }, (_, i) => (i - 8) * 0.25), ...Array.from({ length: 16 }, (_, i) => (7 - i) * 0.25)]);
    expect(floatsOf(out, header.dataOffset + norm!.offset, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(header.metadata.get('general.architecture')).toBe('llama');
  });

  it('leaves a model with nothing to unpack byte for byte as it was', async () => {
    const tiny = buildTinyModel(1);
    const { plan, out } = await unpack(tiny);
    expect(plan.unpacked).toBe(0);
    expect(out).toEqual(tiny);
  });

  it('refuses a file cut inside its tensor data, naming the tensor', () => {
    const bytes = quantizedGguf();
    const header = parseGgufHeader(bytes);
    expect(() => planUnpack(header, bytes, header.dataOffset + 40)).toThrow(GgufError);
    expect(() => planUnpack(header, bytes, header.dataOffset + 40)).toThrow(/blk\.0\.attn_q\.weight/);
  });

  it('refuses a block count that does not fit the bytes given', () => {
    expect(() => unpackToF32(GgmlType.Q8_0, new Uint8Array(33), 32)).toThrow(/needs 34 bytes/);
    expect(() => unpackToF32(99, new Uint8Array(8), 4)).toThrow(/cannot be unpacked/);
  });
});
