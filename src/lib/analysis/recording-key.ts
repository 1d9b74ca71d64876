/** Where the gallery keeps a model's recording of a design, under examples/: its key in examples/index.json. */
export const recordingKey = (model: string, design: string) => `recordings/${model}/${design}.run.jsonl`;

/** A gallery key's model and design (`recordingKey` read back), or null for a file kept elsewhere. */
export function recordingOf(key: string): { model: string; design: string } | null {
  const m = /^recordings\/([^/]+)\/([^/]+)\.run\.jsonl$/.exec(key);
  return m ? { model: m[1] ?? '', design: m[2] ?? '' } : null;
}
