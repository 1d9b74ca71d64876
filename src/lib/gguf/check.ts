/**
 * What llama.cpp would refuse in a GGUF header, found before the file is handed to it (its refusal
 * inside WebAssembly surfaced as "Invalid typed array length", naming neither file nor reason):
 * tensor types it does not know, repeated or over-long tensor names, an alignment that is not a
 * power of two, dimensions that are not positive or do not fill whole blocks, tensors that are not
 * laid out one after another as llama.cpp expects or that run past the end of the file, and
 * hyper-parameters no model has.
 */
import { type GgufHeader, metaNumber, metaString } from './header';

/** ggml's tensor types that llama.cpp reads: id → [elements per block, bytes per block] (ggml.c's type_traits). */
const GGML_BLOCKS: Record<number, readonly [number, number]> = {
  0: [1, 4], // F32
  1: [1, 2], // F16
  2: [32, 18], // Q4_0
  3: [32, 20], // Q4_1
  6: [32, 22], // Q5_0
  7: [32, 24], // Q5_1
  8: [32, 34], // Q8_0
  9: [32, 36], // Q8_1
  10: [256, 84], // Q2_K
  11: [256, 110], // Q3_K
  12: [256, 144], // Q4_K
  13: [256, 176], // Q5_K
  14: [256, 210], // Q6_K
  15: [256, 292], // Q8_K
  16: [256, 66], // IQ2_XXS
  17: [256, 74], // IQ2_XS
  18: [256, 98], // IQ3_XXS
  19: [256, 50], // IQ1_S
  20: [32, 18], // IQ4_NL
  21: [256, 110], // IQ3_S
  22: [256, 82], // IQ2_S
  23: [256, 136], // IQ4_XS
  24: [1, 1], // I8
  25: [1, 2], // I16
  26: [1, 4], // I32
  27: [1, 8], // I64
  28: [1, 8], // F64
  29: [256, 56], // IQ1_M
  30: [1, 2], // BF16
  34: [256, 54], // TQ1_0
  35: [256, 66], // TQ2_0
  39: [32, 17], // MXFP4
};

/** GGML_MAX_NAME: a tensor name must be shorter. */
const MAX_NAME = 64;

/** Hyper-parameters (`<arch>.<key>`) and the most any model has; 0 or more is refused. */
const PLAUSIBLE: Record<string, number> = {
  block_count: 4096,
  embedding_length: 1 << 20,
  context_length: 1 << 27,
  feed_forward_length: 1 << 22,
  'attention.head_count': 1 << 14,
  'attention.head_count_kv': 1 << 14,
};

/** The bytes a tensor's data takes, or a reason it has none. */
function tensorBytes(dims: readonly number[], type: number): number | string {
  const block = GGML_BLOCKS[type];
  if (!block) return `type ${type}, which llama.cpp does not know`;
  if (dims.some((d) => !Number.isSafeInteger(d) || d < 1)) return `dimensions [${dims.join(', ')}]: each must be a positive whole number`;
  const [elements, bytes] = block;
  if ((dims[0] as number) % elements !== 0) return `a first dimension of ${dims[0]}, not a whole number of its type's ${elements}-element blocks`;
  const count = dims.reduce((a, b) => a * b, 1);
  if (!Number.isSafeInteger(count)) return `dimensions [${dims.join(', ')}] too large to count`;
  return (count / elements) * bytes;
}

/**
 * The first thing llama.cpp would refuse, as a sentence, or null. `fileSize`: the file's bytes; the
 * data's extent is only checked for a whole model in one file (`split` false).
 */
export function ggufProblem(h: GgufHeader, fileSize: number, split = false): string | null {
  const rawAlignment = h.metadata.get('general.alignment');
  if (rawAlignment !== undefined) {
    const a = typeof rawAlignment === 'number' ? rawAlignment : NaN;
    if (!Number.isInteger(a) || a < 1 || (a & (a - 1)) !== 0) return `general.alignment is ${String(rawAlignment)}, not a power of two`;
  }
  const alignment = metaNumber(h, 'general.alignment') ?? 32;
  const arch = metaString(h, 'general.architecture');
  if (arch) {
    for (const [key, most] of Object.entries(PLAUSIBLE)) {
      const v = metaNumber(h, `${arch}.${key}`);
      if (v !== undefined && (!Number.isFinite(v) || v < 1 || v > most)) return `${arch}.${key} is ${v}, which no model has (1 to ${most.toLocaleString('en-US')})`;
    }
  }
  const names = new Set<string>();
  let expected = 0;
  let end = 0;
  for (const t of h.tensors) {
    if (t.name.length >= MAX_NAME) return `the tensor name ${JSON.stringify(t.name.slice(0, 80))} is ${t.name.length} characters (llama.cpp takes fewer than ${MAX_NAME})`;
    if (names.has(t.name)) return `the tensor ${t.name} appears twice`;
    names.add(t.name);
    const bytes = tensorBytes(t.dims, t.type);
    if (typeof bytes === 'string') return `tensor ${t.name} has ${bytes}`;
    // llama.cpp lays tensors out in table order, each at the end of the one before, padded to the alignment
    if (t.offset !== expected)
      return `tensor ${t.name} starts at data offset ${t.offset.toLocaleString('en-US')}, where llama.cpp expects ${expected.toLocaleString('en-US')} (overlapping or out-of-order tensors)`;
    end = expected + bytes;
    expected += Math.ceil(bytes / alignment) * alignment;
  }
  if (!split && h.dataOffset + end > fileSize)
    return `its tensors need ${(h.dataOffset + end).toLocaleString('en-US')} bytes, but the file has ${fileSize.toLocaleString('en-US')} (a truncated download?)`;
  return null;
}
