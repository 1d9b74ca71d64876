#!/usr/bin/env bash
# Installs a real OpenAI-compatible server for the tests: llama-cpp-python's (PyPI, built from its
# sdist with cmake — about 10 minutes on 2 cores the first time) in a virtualenv at .cache/llama-server
# (outside git). Idempotent. Never fails the caller: when it cannot install, or the server it built
# cannot answer one real completion, it says why in .cache/llama-server.unavailable and the tests
# that need it skip with that.
#
# Portable build: llama.cpp's default build is CPU-native (-march=native), and machines of our kind
# differ (some Intel and AMD ones have AVX-512); a natively built server died on its first completion
# with a general protection fault in libggml-cpu.so. So the CPU flags are pinned to a baseline every
# machine of this kind has (x86-64 with AVX2, FMA, F16C; no AVX-512), the wheel is never taken from
# or put into pip's cache (its key ignores CMAKE_ARGS), and a stamp records the flags: a venv built
# with other flags is rebuilt. The built wheel is kept outside the clone, per flags (see WHEELS below).
set -uo pipefail
cd "$(dirname "$0")/.."

VENV="${FC_SERVER_VENV:-.cache/llama-server}"
SPEC="llama-cpp-python[server]==0.3.36"
PORTABLE_FLAGS="-DGGML_NATIVE=OFF -DGGML_CPU_ALL_VARIANTS=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DGGML_AVX512=OFF -DGGML_AVX512_VBMI=OFF -DGGML_AVX512_VNNI=OFF -DGGML_AVX512_BF16=OFF -DGGML_AVX_VNNI=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
# only the library the server needs: no vision (llava/mtmd), no llama.cpp tools, examples or tests
LEAN_FLAGS="-DLLAVA_BUILD=OFF -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_SERVER=OFF"
STAMP_TEXT="$SPEC $PORTABLE_FLAGS $LEAN_FLAGS"
note="$VENV.unavailable"
stamp="$VENV/fc-build-flags"
mkdir -p "$(dirname "$VENV")"

fail() {
  echo "== OpenAI-compatible server: NOT AVAILABLE — $1" >&2
  echo "$1" > "$note"
  exit 0
}

smoke() {
  # one real completion, so a server that crashes on its first request is known now, not after timeouts
  local model="${FC_SERVER_SMOKE_MODEL:-.cache/models/SmolLM2-135M-Instruct.Q4_1.gguf}"
  if [ ! -f "$model" ] || [ ! -x node_modules/.bin/tsx ]; then
    echo "== OpenAI-compatible server: first-completion check not run ($model or node_modules missing); the tests run it"
    return 0
  fi
  FC_SERVER_VENV="$VENV" node_modules/.bin/tsx scripts/server-smoke.ts "$model" \
    || fail "the server built in $VENV did not answer one real completion (see above); rebuild it with: rm -rf $VENV && bash scripts/ensure-server.sh"
}

if [ -x "$VENV/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$STAMP_TEXT" ] \
  && "$VENV/bin/python" -c 'import llama_cpp.server' 2>/dev/null; then
  rm -f "$note"
  smoke
  echo "== OpenAI-compatible server: $VENV ($SPEC, portable build, installed)"
  exit 0
fi

PY="$(command -v python3 || true)"
[ -n "$PY" ] || fail "python3 is not installed"
# the portable wheel is kept per build flags outside the clone, so a fresh clone on a machine that has
# built it once installs in a minute; a fresh machine builds it (it runs wherever it lands: no native flags)
WHEELS="${FC_WHEEL_CACHE:-$HOME/.cache/fc-playground/wheels}/$(echo "$STAMP_TEXT" | sha256sum | cut -c1-16)"
wheel="$(ls "$WHEELS"/llama_cpp_python-*.whl 2>/dev/null | head -1)"
rm -rf "$VENV"
"$PY" -m venv "$VENV" || fail "python3 -m venv failed"
if [ -z "$wheel" ]; then
  command -v cmake >/dev/null || fail "cmake is not installed (llama-cpp-python builds llama.cpp from source)"
  echo "== OpenAI-compatible server: building $SPEC (portable CPU flags; ~12 min on 2 cores, once per machine)"
  mkdir -p "$WHEELS"
  export CMAKE_ARGS="$PORTABLE_FLAGS $LEAN_FLAGS"
  export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
  "$VENV/bin/pip" wheel --no-deps --no-cache-dir --no-binary llama-cpp-python --quiet --disable-pip-version-check -w "$WHEELS" "${SPEC%%\[*}${SPEC##*]}" > "$VENV.install.log" 2>&1 \
    || fail "building the wheel of $SPEC failed (see $VENV.install.log)"
  wheel="$(ls "$WHEELS"/llama_cpp_python-*.whl 2>/dev/null | head -1)"
  [ -n "$wheel" ] || fail "pip built no wheel of $SPEC (see $VENV.install.log)"
else
  echo "== OpenAI-compatible server: installing the portable wheel built before ($wheel)"
fi
"$VENV/bin/pip" install --no-cache-dir --quiet --disable-pip-version-check "$wheel[server]" >> "$VENV.install.log" 2>&1 \
  || fail "pip install $wheel[server] failed (see $VENV.install.log)"
"$VENV/bin/python" -c 'import llama_cpp.server' 2>>"$VENV.install.log" || fail "llama_cpp.server does not import after install (see $VENV.install.log)"
echo "$STAMP_TEXT" > "$stamp"
rm -f "$note"
smoke
echo "== OpenAI-compatible server: $VENV ($SPEC, portable build, installed)"
