/** Writing GGUF's binary pieces: the little-endian byte buffer and a tensor table entry. */

/** A growing little-endian byte buffer. */
export class ByteWriter {
  private buf: Uint8Array<ArrayBuffer> = new Uint8Array(1 << 16);
  private view = new DataView(this.buf.buffer);
  length = 0;
  private readonly encoder = new TextEncoder();

  private reserve(n: number): number {
    if (this.length + n > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
      next.set(this.buf.subarray(0, this.length));
      this.buf = next;
      this.view = new DataView(next.buffer);
    }
    const at = this.length;
    this.length += n;
    return at;
  }

  /** Reserves first, then reads this.view: reserving may replace the buffer. */
  private at(n: number): DataView {
    this.reserve(n);
    return this.view;
  }
  u8(v: number) {
    this.at(1).setUint8(this.length - 1, v);
  }
  u32(v: number) {
    this.at(4).setUint32(this.length - 4, v, true);
  }
  i32(v: number) {
    this.at(4).setInt32(this.length - 4, v, true);
  }
  f32(v: number) {
    this.at(4).setFloat32(this.length - 4, v, true);
  }
  u64(v: number) {
    this.at(8).setBigUint64(this.length - 8, BigInt(v), true);
  }
  bytes(b: Uint8Array) {
    const at = this.reserve(b.length); // before reading this.buf: reserving may replace it
    this.buf.set(b, at);
  }
  string(s: string) {
    const b = this.encoder.encode(s);
    this.u64(b.length);
    this.bytes(b);
  }
  padTo(alignment: number) {
    while (this.length % alignment) this.u8(0);
  }
  result(): Uint8Array<ArrayBuffer> {
    return this.buf.slice(0, this.length);
  }
}

/** One entry of a GGUF tensor table (its offset counts from the start of the tensor data). */
export function writeTensorInfo(w: ByteWriter, t: { name: string; dims: readonly number[]; type: number; offset: number }): void {
  w.string(t.name);
  w.u32(t.dims.length);
  for (const d of t.dims) w.u64(d);
  w.u32(t.type);
  w.u64(t.offset);
}
