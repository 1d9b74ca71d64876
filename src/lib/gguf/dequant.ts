/**
 * Unpacking ggml's quantized blocks into 32-bit floats, value for value as llama.cpp's own
 * `dequantize_row_*` does (its arithmetic is in float, so every step here is rounded to float).
 * The CPU engine uses this to hand llama.cpp F32 weights: its WebAssembly build multiplies F32
 * matrices several times faster than it multiplies quantized ones (docs/performance.md).
 */

/** ggml's type numbers for the types unpacked here. */
export const GgmlType = { F32: 0, F16: 1, Q4_0: 2, Q4_1: 3, Q5_0: 6, Q5_1: 7, Q8_0: 8, Q4_K: 12, Q5_K: 13, Q6_K: 14, BF16: 30 } as const;

interface BlockFormat {
  /** values per block */
  values: number;
  /** bytes per block */
  bytes: number;
  unpack(src: DataView, at: number, out: Float32Array, to: number): void;
}

const f = Math.fround;

let halfTable: Float32Array | null = null;
/** IEEE half → float, through a table of all 65,536 halves (built on first use). */
function halves(): Float32Array {
  if (halfTable) return halfTable;
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exp = (h >> 10) & 0x1f;
    const mant = h & 0x3ff;
    table[h] = exp === 0 ? sign * mant * 2 ** -24 : exp === 31 ? (mant ? NaN : sign * Infinity) : sign * (1 + mant / 1024) * 2 ** (exp - 15);
  }
  return (halfTable = table);
}

const half = (v: DataView, at: number) => halves()[v.getUint16(at, true)]!;

const bf16Bits = new Uint32Array(1);
const bf16Value = new Float32Array(bf16Bits.buffer);

/** Q4_K and Q5_K's 6-bit scale and min of sub-block j (llama.cpp's get_scale_min_k4). */
function scaleMin(v: DataView, scales: number, j: number): [number, number] {
  const q = (i: number) => v.getUint8(scales + i);
  if (j < 4) return [q(j) & 63, q(j + 4) & 63];
  return [(q(j + 4) & 0xf) | ((q(j - 4) >> 6) << 4), (q(j + 4) >> 4) | ((q(j) >> 6) << 4)];
}

/** Q4_K and Q5_K: the scales and offsets of sub-blocks `is` and `is + 1` of the block at `at` (d·sc, dmin·m, as llama.cpp rounds them). */
function kScales(v: DataView, at: number, is: number): [number, number, number, number] {
  const d = half(v, at);
  const min = half(v, at + 2);
  const [sc1, m1] = scaleMin(v, at + 4, is);
  const [sc2, m2] = scaleMin(v, at + 4, is + 1);
  return [f(d * sc1), f(min * m1), f(d * sc2), f(min * m2)];
}

const FORMATS: Record<number, BlockFormat> = {
  [GgmlType.F16]: {
    values: 1,
    bytes: 2,
    unpack: (v, at, out, to) => void (out[to] = half(v, at)),
  },
  [GgmlType.BF16]: {
    values: 1,
    bytes: 2,
    unpack: (v, at, out, to) => {
      bf16Bits[0] = v.getUint16(at, true) << 16;
      out[to] = bf16Value[0]!;
    },
  },
  [GgmlType.Q4_0]: {
    values: 32,
    bytes: 18,
    unpack: (v, at, out, to) => {
      const d = half(v, at);
      for (let j = 0; j < 16; j++) {
        const q = v.getUint8(at + 2 + j);
        out[to + j] = f(((q & 0xf) - 8) * d);
        out[to + j + 16] = f(((q >> 4) - 8) * d);
      }
    },
  },
  [GgmlType.Q4_1]: {
    values: 32,
    bytes: 20,
    unpack: (v, at, out, to) => {
      const d = half(v, at);
      const m = half(v, at + 2);
      for (let j = 0; j < 16; j++) {
        const q = v.getUint8(at + 4 + j);
        out[to + j] = f(f((q & 0xf) * d) + m);
        out[to + j + 16] = f(f((q >> 4) * d) + m);
      }
    },
  },
  [GgmlType.Q5_0]: {
    values: 32,
    bytes: 22,
    unpack: (v, at, out, to) => {
      const d = half(v, at);
      const qh = v.getUint32(at + 2, true);
      for (let j = 0; j < 16; j++) {
        const q = v.getUint8(at + 6 + j);
        const hi0 = ((qh >>> j) << 4) & 0x10;
        const hi1 = (qh >>> (j + 12)) & 0x10;
        out[to + j] = f((((q & 0xf) | hi0) - 16) * d);
        out[to + j + 16] = f((((q >> 4) | hi1) - 16) * d);
      }
    },
  },
  [GgmlType.Q5_1]: {
    values: 32,
    bytes: 24,
    unpack: (v, at, out, to) => {
      const d = half(v, at);
      const m = half(v, at + 2);
      const qh = v.getUint32(at + 4, true);
      for (let j = 0; j < 16; j++) {
        const q = v.getUint8(at + 8 + j);
        const hi0 = ((qh >>> j) << 4) & 0x10;
        const hi1 = (qh >>> (j + 12)) & 0x10;
        out[to + j] = f(f(((q & 0xf) | hi0) * d) + m);
        out[to + j + 16] = f(f(((q >> 4) | hi1) * d) + m);
      }
    },
  },
  [GgmlType.Q8_0]: {
    values: 32,
    bytes: 34,
    unpack: (v, at, out, to) => {
      const d = half(v, at);
      for (let j = 0; j < 32; j++) out[to + j] = f(v.getInt8(at + 2 + j) * d);
    },
  },
  [GgmlType.Q4_K]: {
    values: 256,
    bytes: 144,
    unpack: (v, at, out, to) => {
      for (let j = 0, is = 0, q = at + 16; j < 256; j += 64, is += 2, q += 32) {
        const [d1, min1, d2, min2] = kScales(v, at, is);
        for (let l = 0; l < 32; l++) {
          const b = v.getUint8(q + l);
          out[to + j + l] = f(f(d1 * (b & 0xf)) - min1);
          out[to + j + 32 + l] = f(f(d2 * (b >> 4)) - min2);
        }
      }
    },
  },
  [GgmlType.Q5_K]: {
    values: 256,
    bytes: 176,
    unpack: (v, at, out, to) => {
      const qh = at + 16;
      for (let j = 0, is = 0, ql = at + 48, u1 = 1, u2 = 2; j < 256; j += 64, is += 2, ql += 32, u1 <<= 2, u2 <<= 2) {
        const [d1, min1, d2, min2] = kScales(v, at, is);
        for (let l = 0; l < 32; l++) {
          const b = v.getUint8(ql + l);
          const h = v.getUint8(qh + l);
          out[to + j + l] = f(f(d1 * ((b & 0xf) + (h & u1 ? 16 : 0))) - min1);
          out[to + j + 32 + l] = f(f(d2 * ((b >> 4) + (h & u2 ? 16 : 0))) - min2);
        }
      }
    },
  },
  [GgmlType.Q6_K]: {
    values: 256,
    bytes: 210,
    unpack: (v, at, out, to) => {
      const d = half(v, at + 208);
      let ql = at;
      let qh = at + 128;
      let sc = at + 192;
      for (let n = 0; n < 256; n += 128, ql += 64, qh += 32, sc += 8) {
        for (let l = 0; l < 32; l++) {
          const is = l >> 4;
          const a = v.getUint8(ql + l);
          const b = v.getUint8(ql + l + 32);
          const h = v.getUint8(qh + l);
          const scale = (k: number) => f(d * v.getInt8(sc + is + k));
          out[to + n + l] = f(scale(0) * (((a & 0xf) | (((h >> 0) & 3) << 4)) - 32));
          out[to + n + l + 32] = f(scale(2) * (((b & 0xf) | (((h >> 2) & 3) << 4)) - 32));
          out[to + n + l + 64] = f(scale(4) * (((a >> 4) | (((h >> 4) & 3) << 4)) - 32));
          out[to + n + l + 96] = f(scale(6) * (((b >> 4) | (((h >> 6) & 3) << 4)) - 32));
        }
      }
    },
  },
};

/** Whether this build can unpack a tensor of this ggml type. */
export const canUnpack = (type: number): boolean => type in FORMATS;

/** Bytes a tensor of `count` values takes in `type`, or null when the type is not one unpacked here. */
export function packedBytes(type: number, count: number): number | null {
  const format = FORMATS[type];
  if (!format || count % format.values !== 0) return null;
  return (count / format.values) * format.bytes;
}

/** Unpacks `count` values of `type` from `src` into a new Float32Array. */
export function unpackToF32(type: number, src: Uint8Array, count: number): Float32Array<ArrayBuffer> {
  const format = FORMATS[type];
  if (!format) throw new Error(`ggml type ${type} cannot be unpacked here`);
  const needed = packedBytes(type, count);
  if (needed === null || src.byteLength < needed) throw new Error(`a tensor of ${count} values of ggml type ${type} needs ${needed ?? '?'} bytes, got ${src.byteLength}`);
  const view = new DataView(src.buffer, src.byteOffset, src.byteLength);
  const out = new Float32Array(count);
  for (let block = 0, at = 0; block < count; block += format.values, at += format.bytes) format.unpack(view, at, out, block);
  return out;
}
