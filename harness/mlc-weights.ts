/**
 * WebLLM weights made from our GGUF, for tests and benchmarks: the Qwen2.5-Coder-0.5B GGUF's
 * tensors, dequantized and quantized again as MLC's q4f32_1 (group 32, 4-bit, float32 scales, as
 * mlc-llm's group quantization lays them out), in the parameter list the model library declares,
 * with a tokenizer.json and an mlc-chat-config.json rebuilt from the GGUF's header. No model hub
 * is reachable here; the library is the one reference copy in ../shared/reference/webllm/.
 *
 * Deterministic: the same GGUF gives byte-identical files. `npm run bench:webllm-weights` writes them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { metaNumber, metaString, metaStrings, parseGgufHeader, type GgufHeader, type GgufTensorInfo } from '../src/lib/gguf/header';
import { GgmlType, packedBytes, unpackToF32 } from '../src/lib/gguf/dequant';
import { MLC_QWEN_05B } from './real-model';

/** The model library: WebGPU, q4f32_1 (no shader-f16 needed), links with web-llm 0.2.43–0.2.79. */
export const MLC_LIBRARY = join(process.cwd(), '..', 'shared', 'reference', 'webllm', 'Qwen2-0.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm');
export const MLC_LIBRARY_SHA256 = '338ab000a62274cb47fa0696aa244d4b1d73db4e6f144b429915d1cfe44d2e6a';

/** Where `npm run bench:webllm-weights` writes Qwen2.5-Coder-0.5B's WebLLM weights (the model host serves them at MLC_QWEN_05B.weightsUrl). */
export const MLC_MODEL_DIR = join(process.cwd(), '.cache', 'webllm', 'qwen2.5-coder-0.5b-instruct-q4f32_1');

/** The build the WebLLM tests and benchmarks drive: against web-llm 0.2.79, the runtime the model library links with (vite.config.ts). */
export const WEBLLM_BUILD = { FC_WEBLLM_RUNTIME: '0.2.79', FC_DIST_DIR: '.cache/dist-webllm-0279' } as const;

/** Every URL a WebLLM load of those weights fetches: the folder's files and the library (what a test lets the page reach). */
export function mlcModelUrls(): string[] {
  const files = existsSync(MLC_MODEL_DIR) ? readdirSync(MLC_MODEL_DIR).filter((f) => f !== 'made-from.txt') : [];
  return [...files.map((f) => `${MLC_QWEN_05B.weightsUrl}${f}`), MLC_QWEN_05B.libraryUrl];
}

interface LibraryParam {
  name: string;
  shape: number[];
  dtype: 'uint32' | 'float32';
}

interface LibraryMetadata {
  model_type: string;
  quantization: string;
  context_window_size: number;
  prefill_chunk_size: number;
  params: LibraryParam[];
}

/** The parameter list a model library declares (TVM embeds it as JSON among the module's strings). */
export function libraryMetadata(wasm: Uint8Array): LibraryMetadata {
  const text = Buffer.from(wasm).toString('latin1');
  const at = text.indexOf('{"model_type"');
  if (at < 0) throw new Error('the model library holds no metadata (is it an MLC model library?)');
  let depth = 0;
  for (let i = at; i < text.length && i < at + (8 << 20); i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return JSON.parse(text.slice(at, i + 1)) as LibraryMetadata;
  }
  throw new Error("the model library's metadata does not end");
}

const GROUP = 32;

/** mlc-llm's q4f32_1 of a row-major [rows, cols] matrix: per group of 32, scale = max|w|/7, q = clamp(round(w/scale + 7), 0, 14). */
export function quantizeQ4f32(w: Float32Array, rows: number, cols: number): { weight: Uint32Array; scale: Float32Array } {
  if (cols % GROUP !== 0) throw new Error(`q4f32_1 needs rows of a multiple of ${GROUP} values, got ${cols}`);
  const groups = cols / GROUP;
  const weight = new Uint32Array((rows * cols) / 8);
  const scale = new Float32Array(rows * groups);
  for (let r = 0; r < rows; r++) {
    for (let g = 0; g < groups; g++) {
      const base = r * cols + g * GROUP;
      let max = 0;
      for (let i = 0; i < GROUP; i++) max = Math.max(max, Math.abs(w[base + i] as number));
      const s = Math.fround(max / 7);
      scale[r * groups + g] = s;
      for (let i = 0; i < GROUP; i += 8) {
        let word = 0;
        for (let k = 0; k < 8; k++) {
          const q = s === 0 ? 7 : Math.min(14, Math.max(0, Math.round((w[base + i + k] as number) / s + 7)));
          word |= q << (4 * k);
        }
        weight[(base + i) / 8] = word >>> 0;
      }
    }
  }
  return { weight, scale };
}

function tensorOf(header: GgufHeader, file: Uint8Array, name: string): { values: Float32Array; rows: number; cols: number } {
  const t: GgufTensorInfo | undefined = header.tensors.find((x) => x.name === name);
  if (!t) throw new Error(`the GGUF has no tensor ${name}`);
  const count = t.dims.reduce((a, b) => a * b, 1);
  const from = header.dataOffset + t.offset;
  const bytes = t.type === GgmlType.F32 ? count * 4 : packedBytes(t.type, count);
  if (bytes === null) throw new Error(`tensor ${name}: GGML type ${t.type} cannot be unpacked`);
  const values = t.type === GgmlType.F32 ? new Float32Array(file.slice(from, from + bytes).buffer) : unpackToF32(t.type, file.subarray(from, from + bytes), count);
  return { values, cols: t.dims[0] as number, rows: count / (t.dims[0] as number) };
}

/** Rows of several matrices one after another (q‖k‖v, gate‖up); vectors one after another. */
function stacked(parts: { values: Float32Array; rows: number; cols: number }[]): { values: Float32Array; rows: number; cols: number } {
  // vectors (biases) are joined end to end
  const vectors = parts.every((p) => p.rows === 1);
  const cols = vectors ? parts.reduce((n, p) => n + p.cols, 0) : (parts[0]?.cols ?? 0);
  if (!vectors && parts.some((p) => p.cols !== cols)) throw new Error('stacked matrices differ in width');
  const values = new Float32Array(parts.reduce((n, p) => n + p.values.length, 0));
  let at = 0;
  for (const p of parts) {
    values.set(p.values, at);
    at += p.values.length;
  }
  return { values, rows: vectors ? 1 : parts.reduce((n, p) => n + p.rows, 0), cols };
}

/** Which GGUF tensors (stacked in this order) make an MLC parameter of Qwen2. */
function sourcesOf(param: string): string[] {
  const m = /^model\.layers\.(\d+)\.(.+)$/.exec(param);
  if (param.startsWith('model.embed_tokens.')) return ['token_embd.weight'];
  if (param === 'model.norm.weight') return ['output_norm.weight'];
  if (!m) throw new Error(`no GGUF tensor is known for ${param}`);
  const b = `blk.${m[1]}`;
  const rest = m[2] as string;
  const table: Record<string, string[]> = {
    'self_attn.c_attn.q_weight': [`${b}.attn_q.weight`, `${b}.attn_k.weight`, `${b}.attn_v.weight`],
    'self_attn.c_attn.bias': [`${b}.attn_q.bias`, `${b}.attn_k.bias`, `${b}.attn_v.bias`],
    'self_attn.o_proj.q_weight': [`${b}.attn_output.weight`],
    'mlp.gate_up_proj.q_weight': [`${b}.ffn_gate.weight`, `${b}.ffn_up.weight`],
    'mlp.down_proj.q_weight': [`${b}.ffn_down.weight`],
    'input_layernorm.weight': [`${b}.attn_norm.weight`],
    'post_attention_layernorm.weight': [`${b}.ffn_norm.weight`],
  };
  const key = rest.replace(/\.q_scale$/, '.q_weight');
  const found = table[key];
  if (!found) throw new Error(`no GGUF tensor is known for ${param}`);
  return found;
}

/** The tokenizer of a Qwen2 GGUF as Hugging Face's tokenizer.json (byte-level BPE; control tokens special). */
export function tokenizerJson(header: GgufHeader): unknown {
  const tokens = metaStrings(header, 'tokenizer.ggml.tokens');
  const merges = metaStrings(header, 'tokenizer.ggml.merges');
  const types = header.metadata.get('tokenizer.ggml.token_type');
  if (!tokens || !merges || !Array.isArray(types)) throw new Error('the GGUF holds no BPE tokenizer');
  if (metaString(header, 'tokenizer.ggml.pre') !== 'qwen2') throw new Error(`a ${metaString(header, 'tokenizer.ggml.pre')} tokenizer: only Qwen2's split is written here`);
  // a plain object would lose the token literally named "toString" (and the tokenizer panics at load)
  const vocab: Record<string, number> = Object.create(null) as Record<string, number>;
  const added: unknown[] = [];
  tokens.forEach((t, id) => {
    if (types[id] === 3 || types[id] === 4) added.push({ id, content: t, single_word: false, lstrip: false, rstrip: false, normalized: false, special: types[id] === 3 });
    else vocab[t] = id;
  });
  const byteLevel = { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: false };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: added,
    normalizer: { type: 'NFC' },
    pre_tokenizer: {
      type: 'Sequence',
      pretokenizers: [
        {
          type: 'Split',
          pattern: { Regex: String.raw`(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+` },
          behavior: 'Isolated',
          invert: false,
        },
        byteLevel,
      ],
    },
    post_processor: byteLevel,
    decoder: byteLevel,
    model: { type: 'BPE', dropout: null, unk_token: null, continuing_subword_prefix: '', end_of_word_suffix: '', fuse_unk: false, byte_fallback: false, vocab, merges },
  };
}

/** mlc-chat-config.json: Qwen2's chat template (mlc-llm's `qwen2`), greedy and without penalties. */
function chatConfig(header: GgufHeader, library: LibraryMetadata): unknown {
  return {
    model_type: library.model_type,
    quantization: library.quantization,
    vocab_size: metaStrings(header, 'tokenizer.ggml.tokens')?.length,
    context_window_size: library.context_window_size,
    sliding_window_size: -1,
    attention_sink_size: -1,
    prefill_chunk_size: library.prefill_chunk_size,
    tensor_parallel_shards: 1,
    temperature: 0,
    top_p: 1,
    repetition_penalty: 1,
    frequency_penalty: 0,
    presence_penalty: 0,
    bos_token_id: metaNumber(header, 'tokenizer.ggml.bos_token_id') ?? 151643,
    tokenizer_files: ['tokenizer.json'],
    conv_template: {
      name: 'qwen2',
      system_template: '<|im_start|>system\n{system_message}<|im_end|>\n',
      system_message: 'You are a helpful assistant.',
      system_prefix_token_ids: null,
      add_role_after_system_message: true,
      roles: { user: '<|im_start|>user', assistant: '<|im_start|>assistant' },
      role_templates: { user: '{user_message}', assistant: '{assistant_message}', tool: '{tool_message}' },
      messages: [],
      seps: ['<|im_end|>\n'],
      role_content_sep: '\n',
      role_empty_sep: '\n',
      stop_str: ['<|endoftext|>', '<|im_end|>'],
      stop_token_ids: [151643, 151645],
      function_string: '',
      use_function_calling: false,
    },
  };
}

const SHARD_BYTES = 32 << 20;

/**
 * Writes the MLC model folder for `gguf` into `outDir` (weights in shards, the parameter index as
 * `ndarray-cache.json` — web-llm 0.2.79's name — and `tensor-cache.json` — the newer runtimes' —,
 * the tokenizer and the chat config). Skipped when the folder was made from the same GGUF and library.
 */
export function writeMlcModel(gguf: string, library: string, outDir: string, log: (line: string) => void = () => undefined): { dir: string; reused: boolean } {
  const wasm = readFileSync(library);
  const wasmHash = createHash('sha256').update(wasm).digest('hex');
  if (wasmHash !== MLC_LIBRARY_SHA256) throw new Error(`${library}: sha256 ${wasmHash}, not the reference library's`);
  const file = new Uint8Array(readFileSync(gguf));
  const source = `${createHash('sha256').update(file).digest('hex')}:${wasmHash}`;
  const stamp = join(outDir, 'made-from.txt');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === source) return { dir: outDir, reused: true };
  const meta = libraryMetadata(wasm);
  if (meta.quantization !== 'q4f32_1' || meta.model_type !== 'qwen2') throw new Error(`the library is ${meta.model_type} ${meta.quantization}: only qwen2 q4f32_1 is written here`);
  const header = parseGgufHeader(file);
  const tmp = `${outDir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });

  const shards: { dataPath: string; format: 'raw-shard'; nbytes: number; records: unknown[]; md5?: string }[] = [];
  let parts: Uint8Array[] = [];
  let records: unknown[] = [];
  let bytes = 0;
  const flush = () => {
    if (parts.length === 0) return;
    const dataPath = `params_shard_${shards.length}.bin`;
    writeFileSync(join(tmp, dataPath), Buffer.concat(parts));
    shards.push({ dataPath, format: 'raw-shard', nbytes: bytes, records });
    parts = [];
    records = [];
    bytes = 0;
  };
  const add = (param: LibraryParam, data: Uint32Array | Float32Array) => {
    const want = param.shape.reduce((a, b) => a * b, 1);
    if (data.length !== want) throw new Error(`${param.name}: ${data.length} values made, the library declares ${param.shape.join('×')}`);
    const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (bytes > 0 && bytes + raw.byteLength > SHARD_BYTES) flush();
    records.push({ name: param.name, shape: param.shape, dtype: param.dtype, format: 'raw', nbytes: raw.byteLength, byteOffset: bytes });
    parts.push(raw);
    bytes += raw.byteLength;
  };

  const quantized = new Map<string, { weight: Uint32Array; scale: Float32Array }>();
  let params = 0;
  for (const param of meta.params) {
    const sources = sourcesOf(param.name);
    if (param.name.endsWith('.q_weight') || param.name.endsWith('.q_scale')) {
      const base = param.name.replace(/\.q_(weight|scale)$/, '');
      let q = quantized.get(base);
      if (!q) {
        const m = stacked(sources.map((s) => tensorOf(header, file, s)));
        q = quantizeQ4f32(m.values, m.rows, m.cols);
        quantized.set(base, q);
        params += m.values.length;
      }
      add(param, param.name.endsWith('.q_weight') ? q.weight : q.scale);
      if (param.name.endsWith('.q_scale')) quantized.delete(base);
    } else {
      const m = stacked(sources.map((s) => tensorOf(header, file, s)));
      add(param, m.values);
      params += m.values.length;
    }
  }
  flush();
  log(`${meta.params.length} parameters (${(params / 1e6).toFixed(0)}M values) in ${shards.length} shards`);
  const index = JSON.stringify({ metadata: { ParamSize: meta.params.length, ParamBytes: shards.reduce((n, s) => n + s.nbytes, 0), BitsPerParam: 4.5 }, records: shards });
  writeFileSync(join(tmp, 'ndarray-cache.json'), index);
  writeFileSync(join(tmp, 'tensor-cache.json'), index);
  writeFileSync(join(tmp, 'tokenizer.json'), JSON.stringify(tokenizerJson(header)));
  writeFileSync(join(tmp, 'mlc-chat-config.json'), JSON.stringify(chatConfig(header, meta), null, 2));
  writeFileSync(join(tmp, 'made-from.txt'), source);
  rmSync(outDir, { recursive: true, force: true });
  renameSync(tmp, outDir);
  return { dir: outDir, reused: false };
}
