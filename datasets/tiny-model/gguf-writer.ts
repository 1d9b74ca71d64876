/** Writing a GGUF v3 file (metadata and f32 tensors): the inverse of src/lib/gguf/header.ts, for our test model. */
import { GGUF_MAGIC, GgufType } from '../../src/lib/gguf/header';
import { ByteWriter, writeTensorInfo } from '../../src/lib/gguf/bytes';
import { GgmlType } from '../../src/lib/gguf/dequant';

export type MetaValue =
  | { type: 'string'; value: string }
  | { type: 'u32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'strings'; value: readonly string[] }
  | { type: 'i32s'; value: readonly number[] };

export interface F32Tensor {
  name: string;
  /** fastest-varying first (ggml's ne0, ne1 …) */
  dims: readonly number[];
  data: Float32Array;
}

const ALIGNMENT = 32;

function writeValue(w: ByteWriter, v: MetaValue): void {
  switch (v.type) {
    case 'string':
      w.u32(GgufType.String);
      w.string(v.value);
      break;
    case 'u32':
      w.u32(GgufType.U32);
      w.u32(v.value);
      break;
    case 'f32':
      w.u32(GgufType.F32);
      w.f32(v.value);
      break;
    case 'bool':
      w.u32(GgufType.Bool);
      w.u8(v.value ? 1 : 0);
      break;
    case 'strings':
      w.u32(GgufType.Array);
      w.u32(GgufType.String);
      w.u64(v.value.length);
      for (const s of v.value) w.string(s);
      break;
    case 'i32s':
      w.u32(GgufType.Array);
      w.u32(GgufType.I32);
      w.u64(v.value.length);
      for (const n of v.value) w.i32(n);
      break;
  }
}

export function writeGguf(metadata: readonly (readonly [string, MetaValue])[], tensors: readonly F32Tensor[]): Uint8Array {
  const w = new ByteWriter();
  w.u32(GGUF_MAGIC);
  w.u32(3);
  w.u64(tensors.length);
  w.u64(metadata.length);
  for (const [key, value] of metadata) {
    w.string(key);
    writeValue(w, value);
  }
  let offset = 0;
  for (const t of tensors) {
    const count = t.dims.reduce((a, b) => a * b, 1);
    if (count !== t.data.length) throw new Error(`tensor ${t.name}: dims hold ${count} values, data has ${t.data.length}`);
    writeTensorInfo(w, { name: t.name, dims: t.dims, type: GgmlType.F32, offset });
    offset += Math.ceil((count * 4) / ALIGNMENT) * ALIGNMENT;
  }
  w.padTo(ALIGNMENT);
  for (const t of tensors) {
    w.bytes(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.padTo(ALIGNMENT);
  }
  return w.result();
}
