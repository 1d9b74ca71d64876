"""llama-cpp-python's OpenAI-compatible server with exact KV reuse.

llama-cpp-python keeps the previous prompt's KV cache and computes only what the next prompt does not
share with it. Its CPU kernels group a batch's rows (e.g. Q4_K rows by four), so a prompt whose
computed part starts mid-batch gets other logits than the same prompt read whole: greedy answers
changed. Reusing only a prefix that is a multiple of the micro-batch makes every batch of the reused
read the same as in the whole read, and the logits identical to the bit (docs/performance.md).

FC_KV_REUSE=aligned (default) reuses that prefix, off reuses nothing, native is llama-cpp-python's own.

Log-probabilities of generated tokens (OpenAI's `logprobs`, `top_logprobs`): llama-cpp-python gives them
only to a model loaded with `logits_all`, which computes the output layer for every prompt token and keeps
context × vocabulary floats (Qwen: 151,936 × 4 bytes a token, ~3.7 GB at a 6K window). A generated token's
log-probability needs only the logits of the token before it, which llama.cpp computes anyway to sample:
FC_LOGPROBS=last-rows (default) keeps those rows (the last of each evaluated batch, by position; a few
hundred at most) and reads logprobs from them, so a forced continuation costs its own tokens and nothing
more. FC_LOGPROBS=off leaves llama-cpp-python as it is (logprobs refused without `logits_all`).
Arguments are the server's (python -m llama_cpp.server …).
"""
import collections
import os
import runpy

import llama_cpp
import numpy as np

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

LOGPROBS = os.environ.get("FC_LOGPROBS", "last-rows")
if LOGPROBS not in ("last-rows", "off"):
    raise SystemExit(f"FC_LOGPROBS={LOGPROBS!r}: one of last-rows, off")
# rows kept: a request reads the row of its prompt's last token and of each token it generated
KEPT_ROWS = 512


class _Rows:
    """Logits rows by position, as a lazy stand-in for llama-cpp-python's `_scores` (the first `n_tokens` rows)."""

    def __init__(self, rows, n_tokens, n_vocab, start=0, transform=None):
        self.rows, self.n_tokens, self.n_vocab, self.start, self.transform = rows, n_tokens, n_vocab, start, transform

    def __getitem__(self, key):
        if isinstance(key, slice) and key.step is None and key.stop is None:
            return _Rows(self.rows, self.n_tokens, self.n_vocab, self.start + (key.start or 0), self.transform)
        if isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], (int, np.integer)) and key[1] == slice(None):
            # one row, as numpy indexes it; what a stopping criterion is handed (none of ours reads it)
            position = int(key[0]) + (self.n_tokens if key[0] < 0 else 0)
            row = self.rows.get(position)
            return row if row is not None else np.zeros(self.n_vocab, dtype=np.single)
        raise TypeError("only [start:] and [position, :] of the kept logits rows can be read")

    def __iter__(self):
        # a log-probability is read from the row of the token before: a row not kept is an error, never a guess
        position = self.start
        while True:
            row = self.rows.get(position)
            if row is None:
                raise RuntimeError(f"no logits kept for position {position}: it was not the last token of an evaluated batch")
            yield self.transform(row) if self.transform else row
            position += 1


_init = llama_cpp.Llama.__init__
_logits_to_logprobs = llama_cpp.Llama.logits_to_logprobs


def init(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    if not self._logits_all:
        self._fc_rows = collections.OrderedDict()
        # passes llama-cpp-python's refusal of logprobs; `eval` below still computes one row per batch
        self._logits_all = True


def eval_last_rows(self, tokens):
    self._ctx.kv_cache_seq_rm(-1, self.n_tokens, -1)
    for i in range(0, len(tokens), self.n_batch):
        batch = tokens[i : min(len(tokens), i + self.n_batch)]
        n_past = self.n_tokens
        n_tokens = len(batch)
        self._batch.set_batch(batch=batch, n_past=n_past, logits_all=False)
        self._ctx.decode(self._batch)
        self.input_ids[n_past : n_past + n_tokens] = batch
        row = np.ctypeslib.as_array(self._ctx.get_logits(), shape=(self._n_vocab,)).copy()
        self._fc_rows[n_past + n_tokens - 1] = row
        self._fc_rows.move_to_end(n_past + n_tokens - 1)
        while len(self._fc_rows) > KEPT_ROWS:
            self._fc_rows.popitem(last=False)
        self.n_tokens += n_tokens
        self._requires_eval = False


_eval = llama_cpp.Llama.eval


def eval_(self, tokens):
    return eval_last_rows(self, tokens) if hasattr(self, "_fc_rows") else _eval(self, tokens)


def scores(self):
    return _Rows(self._fc_rows, self.n_tokens, self._n_vocab) if hasattr(self, "_fc_rows") else self.scores[: self.n_tokens, :]


def logits_to_logprobs(logits, axis=-1):
    if isinstance(logits, _Rows):
        return _Rows(logits.rows, logits.n_tokens, logits.n_vocab, logits.start, lambda row: _logits_to_logprobs(row, axis))
    return _logits_to_logprobs(logits, axis)


# llama-cpp-python ranks a token's candidates by sorting every (logprob, id) pair of the vocabulary in
# Python (`sorted(zip(logprobs, range(n)), reverse=True)[:k]`): ~0.1 s a token for Qwen's 151,936, most of a
# forced call's cost. The same first pairs, found with numpy: the top pairs, sorted as Python would.
TOP_PAIRS = 64


class _VocabularyPairs:
    def __init__(self, logprobs):
        self.logprobs = logprobs


def zip_(*its):
    if len(its) == 2 and isinstance(its[0], np.ndarray) and its[0].ndim == 1 and isinstance(its[1], range) and len(its[1]) == its[0].size > TOP_PAIRS:
        return _VocabularyPairs(its[0])
    return zip(*its)


def sorted_(it, *args, **kwargs):
    if isinstance(it, _VocabularyPairs) and not args and kwargs == {"reverse": True}:
        top = np.argpartition(it.logprobs, -TOP_PAIRS)[-TOP_PAIRS:]
        return sorted(((it.logprobs[i], int(i)) for i in top), reverse=True)
    if isinstance(it, _VocabularyPairs):
        it = zip(it.logprobs, range(it.logprobs.size))
    return sorted(it, *args, **kwargs)


if LOGPROBS == "last-rows":
    llama_cpp.llama.zip = zip_
    llama_cpp.llama.sorted = sorted_
    llama_cpp.Llama.__init__ = init
    llama_cpp.Llama.eval = eval_
    llama_cpp.Llama._scores = property(scores)
    llama_cpp.Llama.logits_to_logprobs = staticmethod(logits_to_logprobs)
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
