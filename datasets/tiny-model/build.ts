/**
 * A tiny llama-architecture GGUF with a byte-level vocabulary and seeded random
 * weights. It exists only to drive the real CPU engine (llama.cpp in
 * WebAssembly) in tests and benchmarks: it generates tokens, it knows nothing.
 */
import { Rng } from '../../src/lib/core/random';
import { bytesToUnicode } from '../../src/lib/tokenizers/byte-bpe';
import { type F32Tensor, type MetaValue, writeGguf } from './gguf-writer';

export const TINY_MODEL = {
  name: 'fc-playground tiny test model (random weights, not a language model)',
  embedding: 64,
  layers: 2,
  heads: 4,
  ffn: 128,
  context: 8192,
} as const;

/** A few merges so the tokenizer really exercises BPE. */
const MERGES = ['Ġ t', 'Ġ a', 'h e', 'i n', 'r e', 'o n', 'e r', 'a t', 'e n', 'o r', 'e s', 'Ġ s', 'a n', 't i', 'a l', 'Ġ c', 'Ġt he', 'in g', 'Ġ "', '" :', 'Ġ {', 'Ġ f', 'Ġ w', 'Ġ p'];

const SPECIAL = ['<s>', '</s>'];
const TOKEN_TYPE_NORMAL = 1;
const TOKEN_TYPE_CONTROL = 3;

export function tinyVocabulary(): { tokens: string[]; merges: string[]; generatable: boolean[] } {
  const bytes = bytesToUnicode();
  const tokens = [...SPECIAL, ...bytes, ...MERGES.map((m) => m.replace(' ', ''))];
  // only printable ASCII and newlines may be generated: anything else could form invalid UTF-8
  const generatable = tokens.map((_, i) => {
    if (i < SPECIAL.length) return false;
    if (i >= SPECIAL.length + 256) return true;
    const b = i - SPECIAL.length;
    return b === 0x0a || (b >= 0x20 && b <= 0x7e);
  });
  return { tokens, merges: MERGES, generatable };
}

const CHAT_TEMPLATE = "{% for m in messages %}{{ m['role'] }}: {{ m['content'] }}\n{% endfor %}{% if add_generation_prompt %}assistant: {% endif %}";

export function buildTinyModel(seed = 1): Uint8Array {
  const { embedding: d, layers, heads, ffn, context } = TINY_MODEL;
  const { tokens, merges, generatable } = tinyVocabulary();
  const vocab = tokens.length;
  const rng = new Rng(`tiny-model:${seed}`);
  const normal = () => rng.next() + rng.next() + rng.next() - 1.5;
  const matrix = (rows: number, cols: number, scale: number) => Float32Array.from({ length: rows * cols }, () => normal() * scale);
  const ones = (n: number) => new Float32Array(n).fill(1);

  // Channel 0 of the residual stream is a constant: no layer writes to it. The output
  // rows of forbidden tokens read it with a large negative weight, so they never win.
  const embed = matrix(vocab, d, 0.5);
  for (let t = 0; t < vocab; t++) embed[t * d] = 1;
  const output = matrix(vocab, d, 0.5);
  for (let t = 0; t < vocab; t++) output[t * d] = generatable[t] ? 0 : -40;
  const zeroRow0 = (m: Float32Array, cols: number) => {
    m.fill(0, 0, cols);
    return m;
  };

  const tensors: F32Tensor[] = [{ name: 'token_embd.weight', dims: [d, vocab], data: embed }];
  for (let l = 0; l < layers; l++) {
    const p = `blk.${l}.`;
    tensors.push(
      { name: `${p}attn_norm.weight`, dims: [d], data: ones(d) },
      { name: `${p}attn_q.weight`, dims: [d, d], data: matrix(d, d, 0.2) },
      { name: `${p}attn_k.weight`, dims: [d, d], data: matrix(d, d, 0.2) },
      { name: `${p}attn_v.weight`, dims: [d, d], data: matrix(d, d, 0.2) },
      { name: `${p}attn_output.weight`, dims: [d, d], data: zeroRow0(matrix(d, d, 0.2), d) },
      { name: `${p}ffn_norm.weight`, dims: [d], data: ones(d) },
      { name: `${p}ffn_gate.weight`, dims: [d, ffn], data: matrix(ffn, d, 0.2) },
      { name: `${p}ffn_up.weight`, dims: [d, ffn], data: matrix(ffn, d, 0.2) },
      { name: `${p}ffn_down.weight`, dims: [ffn, d], data: zeroRow0(matrix(d, ffn, 0.2), ffn) },
    );
  }
  tensors.push({ name: 'output_norm.weight', dims: [d], data: ones(d) }, { name: 'output.weight', dims: [d, vocab], data: output });

  const meta: [string, MetaValue][] = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: TINY_MODEL.name }],
    ['general.alignment', { type: 'u32', value: 32 }],
    ['llama.context_length', { type: 'u32', value: context }],
    ['llama.embedding_length', { type: 'u32', value: d }],
    ['llama.block_count', { type: 'u32', value: layers }],
    ['llama.feed_forward_length', { type: 'u32', value: ffn }],
    ['llama.attention.head_count', { type: 'u32', value: heads }],
    ['llama.attention.head_count_kv', { type: 'u32', value: heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.rope.dimension_count', { type: 'u32', value: d / heads }],
    ['llama.rope.freq_base', { type: 'f32', value: 10000 }],
    ['llama.vocab_size', { type: 'u32', value: vocab }],
    ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'string', value: 'gpt-2' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: tokens }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: tokens.map((_, i) => (i < SPECIAL.length ? TOKEN_TYPE_CONTROL : TOKEN_TYPE_NORMAL)) }],
    ['tokenizer.ggml.merges', { type: 'strings', value: merges }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: 0 }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: 1 }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.chat_template', { type: 'string', value: CHAT_TEMPLATE }],
  ];
  return writeGguf(meta, tensors);
}
