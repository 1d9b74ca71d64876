/** The token counter of a GGUF model, built from the tokenizer stored in its header. */
import type { TokenCounter } from '../context/token-counter';
import { type GgufHeader, metaString, metaStrings } from '../gguf/header';
import { ByteBpe, TokenizerUnsupported } from './byte-bpe';

export function ggufCounter(header: GgufHeader, id: string): TokenCounter {
  const model = metaString(header, 'tokenizer.ggml.model');
  if (model !== 'gpt2') {
    throw new TokenizerUnsupported(
      `this model's tokenizer ("${model ?? 'none'}") is not byte-level BPE; prompt lengths can only be measured for byte-level BPE models (Llama 3, Qwen 2/2.5/3, SmolLM, GPT-2 style)`,
    );
  }
  const tokens = metaStrings(header, 'tokenizer.ggml.tokens');
  const merges = metaStrings(header, 'tokenizer.ggml.merges');
  if (!tokens || !merges) throw new TokenizerUnsupported('the GGUF header has no tokenizer vocabulary or merges');
  return new ByteBpe({ id, tokens, merges, pre: metaString(header, 'tokenizer.ggml.pre') ?? 'default' });
}
