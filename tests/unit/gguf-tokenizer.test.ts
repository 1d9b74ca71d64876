import llama3Tokenizer from 'llama3-tokenizer-js';
import { describe, expect, it } from 'vitest';
import { buildTinyModel, tinyVocabulary, TINY_MODEL } from '../../datasets/tiny-model/build';
import { GgufError, GgufTruncated, metaNumber, metaString, metaStrings, parseGgufHeader, readGgufHeader } from '../../src/lib/gguf/header';
import { ByteBpe, TokenizerUnsupported } from '../../src/lib/tokenizers/byte-bpe';
import { ggufCounter } from '../../src/lib/tokenizers/gguf';
import { buildCatalogPack } from '../../datasets/catalog/build';

const TEXTS = [
  'Hello world',
  "I'm sure they've said it's 12345 dollars, isn't it?",
  '  leading spaces\n\n\ttabs and\r\nnewlines   ',
  '{"name": "get_weather", "parameters": {"type": "dict", "properties": {"city": {"type": "string"}}}}',
  '[get_weather(city="São Paulo", days=3), convert(amount=1.5e3, from_="EUR")]',
  'Ünïcödé — “quotes” 東京 🚀 naïve café',
  'numbers 1 22 333 4444 55555 3.14159 -7',
  'CamelCaseIdentifiers and snake_case_names, URLs https://example.com/a?b=c&d=e',
];

describe('GGUF header', () => {
  const bytes = buildTinyModel(1);

  it('reads back what the writer wrote: hyperparameters, tokenizer, tensor table', () => {
    const h = parseGgufHeader(bytes);
    expect(h.version).toBe(3);
    expect(metaString(h, 'general.architecture')).toBe('llama');
    expect(metaNumber(h, 'llama.embedding_length')).toBe(TINY_MODEL.embedding);
    expect(metaStrings(h, 'tokenizer.ggml.tokens')).toEqual(tinyVocabulary().tokens);
    expect(h.tensors.map((t) => t.name)).toContain('output.weight');
    expect(h.dataOffset % 32).toBe(0);
    const last = h.tensors[h.tensors.length - 1]!;
    expect(h.dataOffset + last.offset + last.dims.reduce((a, b) => a * b, 1) * 4).toBe(bytes.length);
  });

  it('is deterministic for a seed and differs across seeds', () => {
    expect(buildTinyModel(1)).toEqual(bytes);
    expect(buildTinyModel(2)).not.toEqual(bytes);
  });

  it('asks for more bytes when cut short, and reads a Blob in growing slices', async () => {
    expect(() => parseGgufHeader(bytes.subarray(0, 100), bytes.byteLength)).toThrow(GgufTruncated);
    const h = await readGgufHeader(new Blob([bytes as BlobPart]), 64);
    expect(h.tensors.length).toBe(21);
    await expect(readGgufHeader(new Blob([bytes.subarray(0, 3000) as BlobPart]), 64)).rejects.toThrow(/ends inside its GGUF header/);
  });

  it('rejects files that are not GGUF', () => {
    expect(() => parseGgufHeader(new TextEncoder().encode('PK\u0003\u0004 not a model at all'))).toThrow(GgufError);
  });
});

describe('byte-level BPE', () => {
  it('reproduces the Llama 3 tokenizer exactly from its vocabulary and merges (llama.cpp pre-tokenizer "llama-bpe")', () => {
    const merges = [...llama3Tokenizer.merges.entries()].sort((a, b) => a[1] - b[1]).map(([m]) => m);
    const bpe = new ByteBpe({ id: 'llama3-from-gguf-fields', tokens: llama3Tokenizer.vocabById, merges, pre: 'llama-bpe' });
    const catalog = buildCatalogPack(42);
    const tools = catalog.tools.slice(0, 40).map((t) => JSON.stringify(t));
    for (const text of [...TEXTS, ...tools, ...catalog.items.slice(0, 40).map((i) => i.question)]) {
      expect(bpe.encode(text), text).toEqual(llama3Tokenizer.encode(text, { bos: false, eos: false }));
    }
  });

  it('counts the tiny model with its own GGUF tokenizer (the figures llama.cpp reports are checked in the browser tests)', () => {
    const counter = ggufCounter(parseGgufHeader(buildTinyModel(1)), 'tiny');
    // "Ġt"+"he" merge into "Ġthe": 'Hello the' = H e l l o Ġthe
    expect(counter.count('Hello the')).toBe(6);
    expect(counter.count('Hello the weather {"a": 1}\n  x')).toBe(22);
  });

  it('refuses tokenizers it cannot reproduce, with the reason', () => {
    expect(() => new ByteBpe({ id: 'x', tokens: [], merges: [], pre: 'exotic' })).toThrow(TokenizerUnsupported);
    const h = parseGgufHeader(buildTinyModel(1));
    h.metadata.set('tokenizer.ggml.model', 'llama');
    expect(() => ggufCounter(h, 'spm')).toThrow(/not byte-level BPE/);
  });
});
