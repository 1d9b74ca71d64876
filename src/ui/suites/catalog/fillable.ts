/**
 * Whether a catalog length can be filled with the chosen packs' distinct tools, known without the
 * Llama 3 tokenizer (1.7 MB) where the answer is plain: its tokens average about 4 characters on tool
 * schemas, never 10 (`tests/unit/catalog-fillable.test.ts` measures the built-in and BFCL pools), so
 * a pool of c characters holds more than c / 10 tokens. Only a length above that needs counting.
 */
export const MAX_CHARS_PER_TOKEN = 10;
/** what a prompt holds beside the distractor tools: the request's own tools and the template */
export const PROMPT_BESIDE_TOOLS = 200;

/** the longest length a pool of tool lines surely fills, from its characters alone */
export function surelyFillable(poolText: string): number {
  return Math.floor(poolText.length / MAX_CHARS_PER_TOKEN) + PROMPT_BESIDE_TOOLS;
}
