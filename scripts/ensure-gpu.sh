#!/usr/bin/env bash
# A software WebGPU adapter with shader-f16 for the GPU test tier (llama.cpp's WebGPU backend needs
# it; the SwiftShader adapter Chromium ships has none). Test machinery only, nothing the app uses.
#
# Mesa 25's lavapipe (a Vulkan driver on the CPU, from Debian's bookworm-backports) is extracted, not
# installed, into .cache/gpu/root; Chromium offers a CPU Vulkan device only when it is SwiftShader, so a
# tiny Vulkan layer (scripts/gpu/swiftshader-ids.c) presents lavapipe with SwiftShader's ids, and a
# shadow Chromium folder (hard links to Debian's) loads the Vulkan loader where it expects SwiftShader.
# harness/gpu-browser.ts launches that Chromium with the environment this writes to .cache/gpu/env.
# Idempotent: a second run checks and returns. Prints why and exits 1 when it cannot set this up.
set -euo pipefail
cd "$(dirname "$0")/.."
GPU=$PWD/.cache/gpu
MESA=25.0.7-2~bpo12+1
DRM=2.4.123-1~bpo12+1
if [[ -f $GPU/ready && "$(cat "$GPU/ready")" == "mesa $MESA" ]]; then exit 0; fi
CHROMIUM_DIR=$(dirname "$(readlink -f "${CHROMIUM_PATH:-/usr/lib/chromium/chromium}")")
if [[ ! -x $CHROMIUM_DIR/chromium ]]; then
  echo "ensure-gpu: no Chromium at $CHROMIUM_DIR (Debian's chromium package): the GPU tier cannot run" >&2
  exit 1
fi
command -v gcc >/dev/null || { echo "ensure-gpu: gcc is not installed (it builds the small Vulkan layer): the GPU tier cannot run" >&2; exit 1; }
command -v apt-get >/dev/null || { echo "ensure-gpu: no apt-get (Debian's packages are where lavapipe comes from): the GPU tier cannot run" >&2; exit 1; }
rm -rf "$GPU" && mkdir -p "$GPU/apt/lists/partial" "$GPU/apt/archives/partial" "$GPU/root" "$GPU/layer"

# Debian's archive with backports, read into a private apt state: the system's sources are not touched
cat > "$GPU/apt/sources.list" <<'EOF'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-backports main
EOF
APT=(-o "Dir::Etc::SourceList=$GPU/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$GPU/apt/lists"
  -o "Dir::Cache=$GPU/apt" -o "Dir::Cache::archives=$GPU/apt/archives" -o APT::Sandbox::User=root)
apt-get "${APT[@]}" -qq update
(cd "$GPU/apt/archives" && apt-get "${APT[@]}" -qq download "mesa-vulkan-drivers=$MESA" "libdrm2=$DRM" "libdrm-amdgpu1=$DRM" libvulkan1 libllvm15 libvulkan-dev)
for deb in "$GPU"/apt/archives/*.deb; do dpkg -x "$deb" "$GPU/root"; done
LIB=$GPU/root/usr/lib/x86_64-linux-gnu
[[ -f $LIB/libvulkan_lvp.so ]] || { echo "ensure-gpu: lavapipe (libvulkan_lvp.so) missing from mesa-vulkan-drivers $MESA" >&2; exit 1; }

# the layer: no -march, so it runs on every machine of this kind
gcc -O2 -shared -fPIC -I"$GPU/root/usr/include" -o "$GPU/layer/libVkLayer_fc_swiftshader_ids.so" scripts/gpu/swiftshader-ids.c
cat > "$GPU/layer/fc_swiftshader_ids.json" <<EOF
{"file_format_version": "1.0.0", "layer": {"name": "VK_LAYER_FC_swiftshader_ids", "type": "GLOBAL",
 "library_path": "$GPU/layer/libVkLayer_fc_swiftshader_ids.so", "api_version": "1.3.0", "implementation_version": "1",
 "description": "presents lavapipe with SwiftShader's vendor and device ids (fc-playground's GPU test tier)",
 "functions": {"vkGetInstanceProcAddr": "fc_GetInstanceProcAddr", "vkGetDeviceProcAddr": "fc_GetDeviceProcAddr"}}}
EOF

# the shadow Chromium: hard links (a copy where they cannot be made), SwiftShader swapped for the Vulkan loader + lavapipe
cp -al "$CHROMIUM_DIR" "$GPU/chromium" 2>/dev/null || { rm -rf "$GPU/chromium"; cp -a "$CHROMIUM_DIR" "$GPU/chromium"; }
rm -f "$GPU/chromium/libvk_swiftshader.so" "$GPU/chromium/vk_swiftshader_icd.json"
cp "$(readlink -f "$LIB/libvulkan.so.1")" "$GPU/chromium/libvk_swiftshader.so"
cat > "$GPU/chromium/vk_swiftshader_icd.json" <<EOF
{"file_format_version": "1.0.0", "ICD": {"library_path": "$LIB/libvulkan_lvp.so", "api_version": "1.3.0"}}
EOF
cat > "$GPU/env" <<EOF
LD_LIBRARY_PATH=$LIB
VK_ICD_FILENAMES=$GPU/chromium/vk_swiftshader_icd.json
VK_LAYER_PATH=$GPU/layer
VK_INSTANCE_LAYERS=VK_LAYER_FC_swiftshader_ids
EOF
rm -rf "$GPU/apt/archives"
echo "mesa $MESA" > "$GPU/ready"
echo "ensure-gpu: lavapipe (Mesa $MESA) behind $GPU/chromium/chromium"
