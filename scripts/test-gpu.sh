#!/usr/bin/env bash
# The GPU tier: llama.cpp's WebGPU backend and WebLLM with real weights, on a software adapter with
# shader-f16 (scripts/ensure-gpu.sh), in Chromium of its own. WebLLM's weights are made from the Qwen
# GGUF (the test skips, saying why, without ../shared's model library), and the app is built against
# web-llm 0.2.79, the runtime that library links with (vite.config.ts); the llama.cpp tests run on
# that build too. Extra arguments go to Playwright.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run -s bench:webllm-weights || echo "webllm-weights: the WebLLM test will skip"
export FC_WEBLLM_RUNTIME=0.2.79 FC_DIST_DIR=.cache/dist-webllm-0279
npx vite build > reports/vite-build-webllm.log 2>&1 || { cat reports/vite-build-webllm.log; exit 1; }
FC_DIST_BUILT=1 npx playwright test --project=gpu "$@"
