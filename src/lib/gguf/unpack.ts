/**
 * A GGUF whose matrix weights are unpacked to F32: the same metadata, the same tensors in the same
 * order, the chosen ones stored as the floats their quantized blocks stand for. The plan is made
 * from the header alone (sizes, where every byte comes from); the file is then assembled as a Blob
 * of pieces, one tensor read and unpacked at a time, the rest sliced from the original unread.
 */
import { ByteWriter, writeTensorInfo } from './bytes';
import { canUnpack, GgmlType, packedBytes, unpackToF32 } from './dequant';
import { GgufError, type GgufHeader, type GgufTensorInfo } from './header';

interface Piece {
  /** where its bytes start in the original file's tensor data, and how many are read */
  from: number;
  length: number;
  /** set when the piece is unpacked: its ggml type and number of values */
  unpack: { type: number; count: number } | null;
  /** zero bytes after it, to the next tensor's alignment */
  pad: number;
}

export interface UnpackPlan {
  /** the new file's header: the original metadata, the new tensor table, padding to the data */
  header: Uint8Array<ArrayBuffer>;
  pieces: Piece[];
  /** tensors unpacked */
  unpacked: number;
  /** bytes of the new file */
  bytes: number;
}

const count = (t: GgufTensorInfo) => t.dims.reduce((a, b) => a * b, 1);

/**
 * The tensors worth unpacking: the matrices every prompt token is multiplied by. The token
 * embeddings (a lookup, and the output matrix when tied) and a separate output matrix (one row per
 * prompt) stay as they are: unpacking them costs memory and buys nothing at prefill.
 */
function isLayerMatrix(t: GgufTensorInfo): boolean {
  return t.dims.length === 2 && t.type !== GgmlType.F32 && canUnpack(t.type) && t.name !== 'token_embd.weight' && t.name !== 'output.weight';
}

/**
 * Plans the unpacked file. `metadataBytes` are the original file's first `header.tensorTableOffset`
 * bytes, `fileBytes` its size. Throws GgufError when the tensor table does not fit the file.
 */
export function planUnpack(header: GgufHeader, metadataBytes: Uint8Array, fileBytes: number, wanted: (t: GgufTensorInfo) => boolean = isLayerMatrix): UnpackPlan {
  if (metadataBytes.byteLength < header.tensorTableOffset) throw new GgufError('the GGUF metadata was not read in full');
  const alignment = Number(header.metadata.get('general.alignment') ?? 32);
  if (!Number.isInteger(alignment) || alignment < 1 || alignment > 65536) throw new GgufError(`general.alignment ${alignment} is not a usable alignment`);
  const dataBytes = fileBytes - header.dataOffset;
  const byOffset = [...header.tensors].sort((a, b) => a.offset - b.offset);
  const room = new Map(byOffset.map((t, i) => [t, (byOffset[i + 1]?.offset ?? dataBytes) - t.offset]));
  const pieces: Piece[] = [];
  const table = new ByteWriter();
  table.bytes(metadataBytes.subarray(0, header.tensorTableOffset));
  let offset = 0;
  let unpacked = 0;
  for (const t of header.tensors) {
    const available = room.get(t)!;
    if (t.offset < 0 || available < 0 || t.offset + available > dataBytes) throw new GgufError(`tensor ${t.name} lies outside the file (a truncated download?)`);
    const values = count(t);
    const packed = wanted(t) ? packedBytes(t.type, values) : null;
    if (packed !== null && packed > available) throw new GgufError(`tensor ${t.name} needs ${packed} bytes, the file holds ${available}`);
    const written = packed === null ? available : values * 4;
    writeTensorInfo(table, { name: t.name, dims: t.dims, type: packed === null ? t.type : GgmlType.F32, offset });
    const pad = (alignment - (written % alignment)) % alignment;
    pieces.push({ from: t.offset, length: packed ?? available, unpack: packed === null ? null : { type: t.type, count: values }, pad });
    if (packed !== null) unpacked++;
    offset += written + pad;
  }
  table.padTo(alignment);
  const headerBytes = table.result();
  return { header: headerBytes, pieces, unpacked, bytes: headerBytes.byteLength + offset };
}

/** Assembles the planned file from the original, reporting the share done after each tensor. */
export async function unpackGguf(original: Blob, header: GgufHeader, plan: UnpackPlan, onProgress?: (done: number) => void): Promise<Blob> {
  const parts: BlobPart[] = [plan.header];
  const total = Math.max(
    1,
    plan.pieces.reduce((n, p) => n + p.length, 0),
  );
  let done = 0;
  for (const p of plan.pieces) {
    const source = original.slice(header.dataOffset + p.from, header.dataOffset + p.from + p.length);
    if (p.unpack) {
      const floats = unpackToF32(p.unpack.type, new Uint8Array(await source.arrayBuffer()), p.unpack.count);
      parts.push(new Blob([floats]));
    } else parts.push(source);
    if (p.pad) parts.push(new Uint8Array(p.pad));
    done += p.length;
    onProgress?.(done / total);
  }
  return new Blob(parts);
}
