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

/** A header larger than this is not a model's (Qwen2.5's, with a 151K-token vocabulary and its merges, is ~8 MB). */
const MAX_HEADER_BYTES = 64 * 2 ** 20;
/** More elements than this in one metadata array is no vocabulary (the largest are ~260K tokens, ~500K merges). */
export const MAX_ARRAY_ELEMENTS = 2 ** 22;
/** The fewest bytes a metadata value of each type takes: an array's declared count is checked against the bytes left. */
const MIN_BYTES: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 8: 8, 10: 8, 11: 8, 12: 8 };

class Cursor {
  pos = 0;
  private readonly view: DataView;
  private readonly decoder = new TextDecoder('utf-8');
  /** @param fileSize the whole file's bytes: what the header declares must fit in them, whatever was read so far */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly fileSize: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(n: number): number {
    const at = this.pos;
    if (at + n > this.fileSize)
      throw new GgufError(
        `the file ends inside its GGUF header: it declares ${n.toLocaleString('en-US')} bytes at byte ${at.toLocaleString('en-US')}, past the end of the file (${this.fileSize.toLocaleString('en-US')} bytes; a truncated download?)`,
      );
    if (at + n > MAX_HEADER_BYTES) throw new GgufError(`its header runs past ${MAX_HEADER_BYTES / 2 ** 20} MB, more than any model's`);
    if (at + n > this.bytes.byteLength) throw new GgufTruncated(at + n);
    this.pos += n;
    return at;
  }

  /** A count of items of at least `minBytes` each, refused before anything is allocated when they cannot fit in the rest of the file. */
  count(what: string, minBytes: number, most = Number.MAX_SAFE_INTEGER): number {
    const n = this.u64();
    const left = this.fileSize - this.pos;
    if (n > most) throw new GgufError(`${what}: ${n.toLocaleString('en-US')} declared, more than ${most.toLocaleString('en-US')}`);
    if (n * minBytes > left) throw new GgufError(`${what}: ${n.toLocaleString('en-US')} declared, which cannot fit in the ${left.toLocaleString('en-US')} bytes left in the file`);
    return n;
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

  value(type: number, key: string): GgufValue {
    if (type !== GgufType.Array) return this.scalar(type);
    const elemType = this.u32();
    if (elemType === GgufType.Array) throw new GgufError(`${key}: nested metadata arrays are not supported`);
    const min = MIN_BYTES[elemType];
    if (min === undefined) throw new GgufError(`${key}: unknown array element type ${elemType}`);
    const n = this.count(`the array ${key}`, min, MAX_ARRAY_ELEMENTS);
    const out: GgufScalar[] = [];
    for (let i = 0; i < n; i++) out.push(this.scalar(elemType));
    return out;
  }
}

/** GGML_MAX_DIMS: llama.cpp refuses a tensor of more dimensions. */
const MAX_DIMS = 4;

/**
 * Parses the header from the file's first bytes; throws GgufTruncated when they are too few, and a
 * GgufError naming what is wrong when the header declares more than the file (`fileSize`, the
 * bytes given when absent) can hold — before allocating for it.
 */
export function parseGgufHeader(bytes: Uint8Array, fileSize = bytes.byteLength): GgufHeader {
  const c = new Cursor(bytes, fileSize);
  if (bytes.byteLength >= 4 && c.u32() !== GGUF_MAGIC) throw new GgufError('not a GGUF file (the first four bytes are not "GGUF")');
  if (bytes.byteLength < 4) throw new GgufTruncated(4);
  const version = c.u32();
  if (version < 2 || version > 3) throw new GgufError(`GGUF version ${version} is not supported (2 and 3 are)`);
  // a tensor's entry takes at least 24 bytes (name length, dimensions, type, offset); a key and its value at least 13
  const tensorCount = c.count('tensors', 24);
  const kvCount = c.count('metadata keys', 13);
  const metadata = new Map<string, GgufValue>();
  for (let i = 0; i < kvCount; i++) {
    const key = c.string();
    if (metadata.has(key)) throw new GgufError(`the metadata key ${key} appears twice`);
    metadata.set(key, c.value(c.u32(), key));
  }
  const tensorTableOffset = c.pos;
  const tensors: GgufTensorInfo[] = [];
  for (let i = 0; i < tensorCount; i++) {
    const name = c.string();
    const nDims = c.u32();
    if (nDims < 1 || nDims > MAX_DIMS) throw new GgufError(`tensor ${name} has ${nDims} dimensions (llama.cpp takes 1 to ${MAX_DIMS})`);
    const dims: number[] = [];
    for (let d = 0; d < nDims; d++) dims.push(c.u64());
    tensors.push({ name, dims, type: c.u32(), offset: c.u64() });
  }
  const alignment = Number(metadata.get('general.alignment') ?? 32);
  const dataOffset = Math.ceil(c.pos / alignment) * alignment;
  return { version, metadata, tensors, tensorTableOffset, dataOffset };
}

/**
 * Reads the header from a Blob (a dropped file or a cached download), reading more of it only as
 * needed: at most MAX_HEADER_BYTES, in doublings (so at most a few re-reads).
 */
export async function readGgufHeader(blob: Blob, firstRead = 8 << 20): Promise<GgufHeader> {
  let size = Math.min(firstRead, blob.size);
  for (;;) {
    const bytes = new Uint8Array(await blob.slice(0, size).arrayBuffer());
    try {
      return parseGgufHeader(bytes, blob.size);
    } catch (e) {
      if (!(e instanceof GgufTruncated)) throw e;
      if (size >= blob.size) throw new GgufError('the file ends inside its GGUF header (a truncated download?)');
      size = Math.min(blob.size, MAX_HEADER_BYTES, Math.max(size * 2, e.needed));
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
