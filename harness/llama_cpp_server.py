"""llama-cpp-python's OpenAI-compatible server with exact KV reuse.

llama-cpp-python keeps the previous prompt's KV cache and computes only what the next prompt does not
share with it. Its CPU kernels group a batch's rows (e.g. Q4_K rows by four), so a prompt whose
computed part starts mid-batch gets other logits than the same prompt read whole: greedy answers
changed. Reusing only a prefix that is a multiple of the micro-batch makes every batch of the reused
read the same as in the whole read, and the logits identical to the bit (docs/performance.md).

FC_KV_REUSE=aligned (default) reuses that prefix, off reuses nothing, native is llama-cpp-python's own.
Arguments are the server's (python -m llama_cpp.server …).
"""
import os
import runpy

import llama_cpp

MODE = os.environ.get("FC_KV_REUSE", "aligned")
if MODE not in ("aligned", "off", "native"):
    raise SystemExit(f"FC_KV_REUSE={MODE!r}: one of aligned, off, native")

_generate = llama_cpp.Llama.generate


def _keep_aligned_prefix(self, tokens):
    tokens = list(tokens)
    keep = 0
    if MODE == "aligned":
        limit = min(self.n_tokens, len(tokens) - 1)
        while keep < limit and self.input_ids[keep] == tokens[keep]:
            keep += 1
        step = self.context_params.n_ubatch
        if self.n_batch % step != 0:
            raise SystemExit(f"n_batch {self.n_batch} is not a multiple of n_ubatch {step}: reuse cannot be aligned")
        keep -= keep % step
    if keep < self.n_tokens:
        self._ctx.kv_cache_seq_rm(-1, keep, -1)
        self.n_tokens = keep
    return tokens


def generate(self, tokens, *args, **kwargs):
    if MODE != "native":
        tokens = _keep_aligned_prefix(self, tokens)
    return _generate(self, tokens, *args, **kwargs)


llama_cpp.Llama.generate = generate
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
