/**
 * Byte-level BPE (GPT-2 style) from a vocabulary and a ranked merge list, with
 * the pre-tokenizers llama.cpp uses for the common model families. It lets us
 * count a GGUF model's tokens exactly without asking the engine.
 */
import type { TokenCounter } from '../context/token-counter';

/** GPT-2's reversible map from bytes to printable characters. */
export function bytesToUnicode(): string[] {
  const printable: number[] = [];
  for (let b = 0x21; b <= 0x7e; b++) printable.push(b);
  for (let b = 0xa1; b <= 0xac; b++) printable.push(b);
  for (let b = 0xae; b <= 0xff; b++) printable.push(b);
  const out: string[] = new Array(256);
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    out[b] = String.fromCodePoint(printable.includes(b) ? b : 256 + extra++);
  }
  return out;
}

const GPT2_SPLIT = String.raw`'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)`;
const LLAMA3_SPLIT = String.raw`(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`;
const QWEN2_SPLIT = String.raw`(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`;

interface PreTokenizer {
  /** applied in sequence, each to the pieces of the one before (as llama.cpp does) */
  splits: string[];
  /** a piece that is itself a token is not merged (llama.cpp's ignore_merges) */
  ignoreMerges: boolean;
}

/** `tokenizer.ggml.pre` values we reproduce, with llama.cpp's expressions for them. */
const PRE_TOKENIZERS: Record<string, PreTokenizer> = {
  'gpt-2': { splits: [GPT2_SPLIT], ignoreMerges: false },
  'llama-bpe': { splits: [LLAMA3_SPLIT], ignoreMerges: true },
  llama3: { splits: [LLAMA3_SPLIT], ignoreMerges: true },
  qwen2: { splits: [QWEN2_SPLIT], ignoreMerges: false },
  'deepseek-r1-qwen': { splits: [QWEN2_SPLIT], ignoreMerges: false },
  smollm: { splits: [String.raw`\p{N}`, GPT2_SPLIT], ignoreMerges: false },
};

export class TokenizerUnsupported extends Error {
  override name = 'TokenizerUnsupported';
}

export interface ByteBpeSpec {
  id: string;
  tokens: readonly string[];
  /** "a b" pairs, best first */
  merges: readonly string[];
  pre: string;
}

/** Splits `text` into the regex's matches and the text between them, keeping everything. */
function splitKeep(text: string, re: RegExp, out: string[]): void {
  let last = 0;
  re.lastIndex = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    if (m[0].length) out.push(m[0]);
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
}

export class ByteBpe implements TokenCounter {
  readonly id: string;
  private readonly ids = new Map<string, number>();
  private readonly ranks = new Map<string, number>();
  private readonly splits: RegExp[];
  private readonly ignoreMerges: boolean;
  private readonly byteChars = bytesToUnicode();
  private readonly encoder = new TextEncoder();
  private readonly pieceCache = new Map<string, number[]>();

  constructor(spec: ByteBpeSpec) {
    const pre = PRE_TOKENIZERS[spec.pre];
    if (!pre) throw new TokenizerUnsupported(`this model's pre-tokenizer "${spec.pre}" is not one we reproduce (${Object.keys(PRE_TOKENIZERS).join(', ')})`);
    this.id = spec.id;
    spec.tokens.forEach((t, i) => {
      if (!this.ids.has(t)) this.ids.set(t, i);
    });
    spec.merges.forEach((m, i) => {
      if (!this.ranks.has(m)) this.ranks.set(m, i);
    });
    this.splits = pre.splits.map((s) => new RegExp(s, 'gu'));
    this.ignoreMerges = pre.ignoreMerges;
  }

  encode(text: string): number[] {
    let pieces = [text];
    for (const re of this.splits) {
      const next: string[] = [];
      for (const p of pieces) splitKeep(p, re, next);
      pieces = next;
    }
    const out: number[] = [];
    for (const p of pieces) for (const id of this.encodePiece(p)) out.push(id);
    return out;
  }

  count(text: string): number {
    return this.encode(text).length;
  }

  private encodePiece(piece: string): number[] {
    const cached = this.pieceCache.get(piece);
    if (cached) return cached;
    let mapped = '';
    for (const b of this.encoder.encode(piece)) mapped += this.byteChars[b];
    const out: number[] = [];
    const whole = this.ignoreMerges ? this.ids.get(mapped) : undefined;
    if (whole !== undefined) out.push(whole);
    else for (const sym of this.merge(mapped)) this.push(sym, out);
    if (piece.length < 256) this.pieceCache.set(piece, out);
    return out;
  }

  /** Applies merges lowest rank first, leftmost first among equals. */
  private merge(word: string): string[] {
    const syms = Array.from(word);
    for (;;) {
      let best = Infinity;
      let at = -1;
      for (let i = 0; i + 1 < syms.length; i++) {
        const r = this.ranks.get(`${syms[i]} ${syms[i + 1]}`);
        if (r !== undefined && r < best) {
          best = r;
          at = i;
        }
      }
      if (at < 0) return syms;
      syms.splice(at, 2, `${syms[at]}${syms[at + 1]}`);
    }
  }

  /** A symbol not in the vocabulary falls back to its byte tokens; bytes missing too are dropped (as llama.cpp does). */
  private push(sym: string, out: number[]): void {
    const id = this.ids.get(sym);
    if (id !== undefined) {
      out.push(id);
      return;
    }
    for (const ch of sym) {
      const b = this.ids.get(ch);
      if (b !== undefined) out.push(b);
    }
  }
}
