/**
 * Hostile GGUF files (issue 46, item 4): each is refused with a reason that names what is wrong,
 * before anything is allocated for what the header declares, and before llama.cpp sees the file
 * (it used to surface as "Invalid typed array length: 1163217991", or load for 416 s at 3.5 GB).
 */
import { existsSync, openSync, readSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GGUF_MAGIC, GgufError, GgufType, MAX_ARRAY_ELEMENTS, parseGgufHeader, readGgufHeader } from '../../src/lib/gguf/header';
import { ByteWriter, writeTensorInfo } from '../../src/lib/gguf/bytes';
import { ggufProblem } from '../../src/lib/gguf/check';
import { GgmlType } from '../../src/lib/gguf/dequant';

interface Tensor {
  name: string;
  dims: number[];
  type: number;
  offset: number;
}

/** A GGUF v3 file: metadata written by `meta`, the tensor table as given (unchecked), then `dataBytes` zero bytes. */
function gguf(meta: (w: ByteWriter) => number, tensors: Tensor[], dataBytes: number): Uint8Array {
  const body = new ByteWriter();
  const kvCount = meta(body);
  const w = new ByteWriter();
  w.u32(GGUF_MAGIC);
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kvCount);
  w.bytes(body.result());
  for (const t of tensors) writeTensorInfo(w, t);
  w.padTo(32);
  w.bytes(new Uint8Array(dataBytes));
  return w.result();
}

const kvString = (w: ByteWriter, key: string, value: string) => (w.string(key), w.u32(GgufType.String), w.string(value));
const kvU32 = (w: ByteWriter, key: string, value: number) => (w.string(key), w.u32(GgufType.U32), w.u32(value));
const llama = (w: ByteWriter) => (kvString(w, 'general.architecture', 'llama'), kvU32(w, 'llama.block_count', 1), 2);
/** two F32 vectors of 8, laid out as llama.cpp expects */
const twoVectors = (): Tensor[] => [
  { name: 'a.weight', dims: [8], type: GgmlType.F32, offset: 0 },
  { name: 'b.weight', dims: [8], type: GgmlType.F32, offset: 32 },
];

/** The header's reason for refusing, or the check's: what the app says after the file's name. */
function refusal(bytes: Uint8Array): string | null {
  try {
    return ggufProblem(parseGgufHeader(bytes), bytes.byteLength);
  } catch (e) {
    expect(e).toBeInstanceOf(GgufError);
    return (e as Error).message;
  }
}

describe('GGUF files llama.cpp would refuse are refused first, saying why (issue 46, item 4)', () => {
  it('a well-formed file passes', () => {
    expect(refusal(gguf(llama, twoVectors(), 64))).toBeNull();
  });

  it('each kind of bad header names its reason', () => {
    const cases: [string, Uint8Array, RegExp][] = [
      ['unknown quant type', gguf(llama, [{ name: 'a.weight', dims: [32], type: 4, offset: 0 }], 64), /tensor a\.weight has type 4, which llama\.cpp does not know/],
      [
        'duplicate tensor names',
        gguf(
          llama,
          twoVectors().map((t) => ({ ...t, name: 'same.weight' })),
          64,
        ),
        /the tensor same\.weight appears twice/,
      ],
      ['alignment 3', gguf((w) => (llama(w), kvU32(w, 'general.alignment', 3), 3), twoVectors(), 64), /general\.alignment is 3, not a power of two/],
      [
        'a negative block count',
        gguf((w) => (kvString(w, 'general.architecture', 'llama'), w.string('llama.block_count'), w.u32(GgufType.I32), w.i32(-1), 2), twoVectors(), 64),
        /llama\.block_count is -1, which no model has/,
      ],
      ['overlapping tensors', gguf(llama, [twoVectors()[0]!, { ...twoVectors()[1]!, offset: 16 }], 64), /tensor b\.weight starts at data offset 16, where llama\.cpp expects 32/],
      ['a zero dimension', gguf(llama, [{ name: 'a.weight', dims: [0], type: GgmlType.F32, offset: 0 }], 32), /dimensions \[0\]: each must be a positive whole number/],
      [
        'a row that is not whole blocks',
        gguf(llama, [{ name: 'a.weight', dims: [33], type: GgmlType.Q8_0, offset: 0 }], 64),
        /first dimension of 33, not a whole number of its type's 32-element blocks/,
      ],
      ['tensors past the end of the file', gguf(llama, [{ name: 'a.weight', dims: [4096], type: GgmlType.F32, offset: 0 }], 64), /its tensors need [\d,]+ bytes, but the file has/],
      ['five dimensions', gguf(llama, [{ name: 'a.weight', dims: [1, 1, 1, 1, 1], type: GgmlType.F32, offset: 0 }], 32), /tensor a\.weight has 5 dimensions/],
      ['a name of 64 characters', gguf(llama, [{ name: 'x'.repeat(64), dims: [8], type: GgmlType.F32, offset: 0 }], 32), /is 64 characters/],
      ['a metadata key twice', gguf((w) => (llama(w), kvU32(w, 'llama.block_count', 2), 3), twoVectors(), 64), /the metadata key llama\.block_count appears twice/],
      ['an array of unknown element type', gguf((w) => (llama(w), w.string('x'), w.u32(GgufType.Array), w.u32(77), w.u64(1), 3), twoVectors(), 64), /x: unknown array element type 77/],
      ['a string longer than the file', gguf((w) => (llama(w), w.string('x'), w.u32(GgufType.String), w.u64(2 ** 40), 3), twoVectors(), 64), /past the end of the file/],
      ['more tensors than the file could hold', gguf((w) => llama(w), [], 0).map((b, i) => (i === 8 ? 0xff : b)), /tensors: [\d,]+ declared, which cannot fit/],
    ];
    for (const [what, bytes, reason] of cases) expect(refusal(bytes), what).toMatch(reason);
  });

  it('an array whose declared count cannot fit the file is refused before anything is allocated for it', () => {
    const bytes = gguf((w) => (llama(w), w.string('tokenizer.ggml.scores'), w.u32(GgufType.Array), w.u32(GgufType.F32), w.u64(2 ** 33), 3), twoVectors(), 64);
    expect(refusal(bytes)).toMatch(/the array tokenizer\.ggml\.scores: 8,589,934,592 declared, more than 4,194,304/);
    const fits = gguf((w) => (llama(w), w.string('tokenizer.ggml.scores'), w.u32(GgufType.F32 + 0), w.f32(1), 3), twoVectors(), 64);
    expect(refusal(fits)).toBeNull();
  });

  it('a 64 MB file whose metadata declares a huge array is refused from its first bytes (it loaded for 416 s at 3.5 GB)', async () => {
    const head = gguf((w) => (llama(w), w.string('tokenizer.ggml.token_type'), w.u32(GgufType.Array), w.u32(GgufType.I32), w.u64(MAX_ARRAY_ELEMENTS * 2), 3), twoVectors(), 0);
    const file = new Uint8Array(64 * 2 ** 20);
    file.set(head);
    const read: number[] = [];
    const blob = new Blob([file]);
    // what readGgufHeader uses of a Blob, counting the bytes it asks for
    const spy = { size: blob.size, slice: (a?: number, b?: number) => (read.push((b ?? blob.size) - (a ?? 0)), blob.slice(a, b)) } as unknown as Blob;
    await expect(readGgufHeader(spy)).rejects.toThrow(/token_type: 8,388,608 declared, more than 4,194,304/);
    expect(read).toEqual([8 * 2 ** 20]);
  });

  const models = ['SmolLM2-135M-Instruct.Q4_1.gguf', 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf', 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf'].map((f) => `.cache/models/${f}`);
  it.skipIf(!models.some((m) => existsSync(m)))('the real models pass (skipped where scripts/fetch-models.sh has not fetched them)', () => {
    for (const path of models.filter((m) => existsSync(m))) {
      const size = statSync(path).size;
      const head = Buffer.alloc(Math.min(size, 16 * 2 ** 20));
      readSync(openSync(path, 'r'), head, 0, head.length, 0);
      expect(ggufProblem(parseGgufHeader(new Uint8Array(head), size), size), path).toBeNull();
    }
  });
});
