/**
 * The catalog setup knows a length is fillable from the tool pool's characters alone (so the page
 * need not load the Llama 3 tokenizer): checked on real pools, where tokens average far fewer
 * characters than the bound assumes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCatalogPack } from '../../datasets/catalog/build';
import type { Pack } from '../../src/lib/core/types';
import { readBfclPack } from '../../src/lib/formats/bfcl';
import { toolLine } from '../../src/lib/prompts/template';
import { toolPool } from '../../src/lib/suites/catalog/tool-pool';
import { llama3Counter } from '../../src/lib/tokenizers/llama3';
import { MAX_CHARS_PER_TOKEN, surelyFillable } from '../../src/ui/suites/catalog/fillable';

const BFCL = '../shared/reference/bfcl';
const bfclPack = (name: string): Pack | null =>
  existsSync(`${BFCL}/BFCL_v4_${name}.json`)
    ? readBfclPack({ name, questions: readFileSync(`${BFCL}/BFCL_v4_${name}.json`, 'utf8'), answers: readFileSync(`${BFCL}/possible_answer/BFCL_v4_${name}.json`, 'utf8') })
    : null;

const pools: [string, Pack | null][] = [
  ['the built-in catalog', buildCatalogPack()],
  [`BFCL simple_python (${BFCL})`, bfclPack('simple_python')],
  [`BFCL live_multiple (${BFCL})`, bfclPack('live_multiple')],
];

describe('fillable from characters alone', () => {
  for (const [name, pack] of pools) {
    it.skipIf(pack === null)(`${name}: tokens average well under ${MAX_CHARS_PER_TOKEN} characters, so the bound is below the true count`, () => {
      const text = toolPool([pack as Pack])
        .map(toolLine)
        .join('');
      const tokens = llama3Counter.count(text);
      expect(text.length / tokens).toBeLessThan(MAX_CHARS_PER_TOKEN / 2);
      expect(surelyFillable(text)).toBeLessThanOrEqual(tokens + 200);
    });
  }
});
