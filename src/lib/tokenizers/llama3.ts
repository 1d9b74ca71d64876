/** The Llama 3 tokenizer (a real BPE vocabulary shipped by an npm package), as a TokenCounter. */
import llama3Tokenizer from 'llama3-tokenizer-js';
import type { TokenCounter } from '../context/token-counter';

export const llama3Counter: TokenCounter = {
  id: 'llama3',
  count: (text: string) => llama3Tokenizer.encode(text, { bos: false, eos: false }).length,
};
