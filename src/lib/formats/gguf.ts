/**
 * Reading a GGUF file's header: its metadata (architecture, tokenizer
 * vocabulary and merges, chat template) and tensor table, from the first bytes
 * of the file. The weights are never read here.
 */

type GgufScalar = number | bigint | boolean | string;
type GgufValue = GgufScalar | GgufScalar[];

export interface GgufTensorInfo {
  name: string;
  /** fastest-varying dimension first, as GGUF stores them */
  dims: number[];
  type: number;
  offset: number;
}

export interface GgufHeader {
  version: number;
  metadata: Map<string, GgufValue>;
  tensors: GgufTensorInfo[];
  /** bytes from the start of the file to the tensor table (after the metadata) */
  tensorTableOffset: number;
  /** bytes from the start of the file to the tensor data */
  dataOffset: number;
}

export class GgufError extends Error {
  override name = 'GgufError';
}

/** The header runs past the bytes given: read at least `needed` bytes and try again. */
export class GgufTruncated extends GgufError {
  override name = 'GgufTruncated';
  constructor(readonly needed: number) {
    super(`the GGUF header is longer than the bytes read (needs more than ${needed})`);
  }
}

export const GGUF_MAGIC = 0x46554747; // "GGUF", little-endian

/** Metadata value types. */
export const GgufType = { U8: 0, I8: 1, U16: 2, I16: 3, U32: 4, I32: 5, F32: 6, Bool: 7, String: 8, Array: 9, U64: 10, I64: 11, F64: 12 } as const;

class Cursor {
  pos = 0;
  private readonly view: DataView;
  private readonly decoder = new TextDecoder('utf-8');
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(n: number): number {
    const at = this.pos;
    if (at + n > this.bytes.byteLength) throw new GgufTruncated(at + n);
    this.pos += n;
    return at;
  }

  u32(): number {
    return this.view.getUint32(this.need(4), true);
  }

  u64(): number {
    const v = this.view.getBigUint64(this.need(8), true);
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new GgufError(`a length of ${v} is not plausible`);
    return Number(v);
  }

  string(): string {
    const n = this.u64();
    const at = this.need(n);
    return this.decoder.decode(this.bytes.subarray(at, at + n));
  }

  scalar(type: number): GgufScalar {
    const v = this.view;
    switch (type) {
      case GgufType.U8:
        return v.getUint8(this.need(1));
      case GgufType.I8:
        return v.getInt8(this.need(1));
      case GgufType.U16:
        return v.getUint16(this.need(2), true);
      case GgufType.I16:
        return v.getInt16(this.need(2), true);
      case GgufType.U32:
        return v.getUint32(this.need(4), true);
      case GgufType.I32:
        return v.getInt32(this.need(4), true);
      case GgufType.F32:
        return v.getFloat32(this.need(4), true);
      case GgufType.Bool:
        return v.getUint8(this.need(1)) !== 0;
      case GgufType.String:
        return this.string();
      case GgufType.U64:
        return v.getBigUint64(this.need(8), true);
      case GgufType.I64:
        return v.getBigInt64(this.need(8), true);
      case GgufType.F64:
        return v.getFloat64(this.need(8), true);
      default:
        throw new GgufError(`unknown metadata value type ${type}`);
    }
  }

  value(type: number): GgufValue {
    if (type !== GgufType.Array) return this.scalar(type);
    const elemType = this.u32();
    if (elemType === GgufType.Array) throw new GgufError('nested metadata arrays are not supported');
    const n = this.u64();
    const out: GgufScalar[] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.scalar(elemType);
    return out;
  }
}

/** Parses the header from the file's first bytes; throws GgufTruncated when they are too few. */
export function parseGgufHeader(bytes: Uint8Array): GgufHeader {
  const c = new Cursor(bytes);
  if (bytes.byteLength >= 4 && c.u32() !== GGUF_MAGIC) throw new GgufError('not a GGUF file (the first four bytes are not "GGUF")');
  if (bytes.byteLength < 4) throw new GgufTruncated(4);
  const version = c.u32();
  if (version < 2 || version > 3) throw new GgufError(`GGUF version ${version} is not supported (2 and 3 are)`);
  const tensorCount = c.u64();
  const kvCount = c.u64();
  const metadata = new Map<string, GgufValue>();
  for (let i = 0; i < kvCount; i++) {
    const key = c.string();
    metadata.set(key, c.value(c.u32()));
  }
  const tensorTableOffset = c.pos;
  const tensors: GgufTensorInfo[] = [];
  for (let i = 0; i < tensorCount; i++) {
    const name = c.string();
    const nDims = c.u32();
    const dims: number[] = [];
    for (let d = 0; d < nDims; d++) dims.push(c.u64());
    tensors.push({ name, dims, type: c.u32(), offset: c.u64() });
  }
  const alignment = Number(metadata.get('general.alignment') ?? 32);
  const dataOffset = Math.ceil(c.pos / alignment) * alignment;
  return { version, metadata, tensors, tensorTableOffset, dataOffset };
}

/** Reads the header from a Blob (a dropped file or a cached download), reading more of it only as needed. */
export async function readGgufHeader(blob: Blob, firstRead = 8 << 20): Promise<GgufHeader> {
  let size = Math.min(firstRead, blob.size);
  for (;;) {
    const bytes = new Uint8Array(await blob.slice(0, size).arrayBuffer());
    try {
      return parseGgufHeader(bytes);
    } catch (e) {
      if (!(e instanceof GgufTruncated)) throw e;
      if (size >= blob.size) throw new GgufError('the file ends inside its GGUF header (a truncated download?)');
      size = Math.min(blob.size, Math.max(size * 2, e.needed));
    }
  }
}

export function metaString(h: GgufHeader, key: string): string | undefined {
  const v = h.metadata.get(key);
  return typeof v === 'string' ? v : undefined;
}

export function metaNumber(h: GgufHeader, key: string): number | undefined {
  const v = h.metadata.get(key);
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
}

export function metaStrings(h: GgufHeader, key: string): string[] | undefined {
  const v = h.metadata.get(key);
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}
