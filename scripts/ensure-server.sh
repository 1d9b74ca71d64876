#!/usr/bin/env bash
# Installs a real OpenAI-compatible server for the tests: llama-cpp-python's (PyPI, built from its
# sdist with cmake — about 10 minutes on 2 cores the first time; pip caches the built wheel) in a
# virtualenv at .cache/llama-server (outside git). Idempotent. Never fails the caller: when it cannot
# install, it says why in .cache/llama-server.unavailable and the tests that need it skip with that.
set -uo pipefail
cd "$(dirname "$0")/.."

VENV="${FC_SERVER_VENV:-.cache/llama-server}"
SPEC="llama-cpp-python[server]==0.3.36"
note="$VENV.unavailable"
mkdir -p "$(dirname "$VENV")"

if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import llama_cpp.server' 2>/dev/null; then
  rm -f "$note"
  echo "== OpenAI-compatible server: $VENV ($SPEC, installed)"
  exit 0
fi

fail() {
  echo "== OpenAI-compatible server: NOT AVAILABLE — $1" >&2
  echo "$1" > "$note"
  exit 0
}

PY="$(command -v python3 || true)"
[ -n "$PY" ] || fail "python3 is not installed"
command -v cmake >/dev/null || fail "cmake is not installed (llama-cpp-python builds llama.cpp from source)"
echo "== OpenAI-compatible server: installing $SPEC into $VENV (builds llama.cpp; ~10 min on 2 cores the first time)"
"$PY" -m venv "$VENV" || fail "python3 -m venv failed"
# only the library the server needs: no vision (llava/mtmd), no llama.cpp tools, examples or tests
export CMAKE_ARGS="${CMAKE_ARGS:--DLLAVA_BUILD=OFF -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_SERVER=OFF}"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
"$VENV/bin/pip" install --quiet --disable-pip-version-check "$SPEC" > "$VENV.install.log" 2>&1 \
  || fail "pip install $SPEC failed (see $VENV.install.log)"
"$VENV/bin/python" -c 'import llama_cpp.server' 2>>"$VENV.install.log" || fail "llama_cpp.server does not import after install (see $VENV.install.log)"
rm -f "$note"
echo "== OpenAI-compatible server: $VENV ($SPEC, installed)"
