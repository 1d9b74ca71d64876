#!/usr/bin/env bash
# One command to set up and run every test, as CI runs it: type check, svelte-check, the unit tests,
# the real-server tests, the browser tests. Prints each phase's time and a closing line
# "tests: N passed, N failed, N skipped".
# Tiers (package.json): test:fast (unit tests only: no browser, server, model or timing),
# test:server, test:e2e:app (browser, no real model), test:e2e:model (browser, real models),
# test:e2e:gpu (llama.cpp and WebLLM on a software WebGPU adapter; scripts/ensure-gpu.sh sets it up).
set -uo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
phase() { echo "== $1 (at $((SECONDS - started)) s)"; }

bash scripts/ensure-deps.sh --browser || exit 1
# real model weights for the real-model tests (they skip, saying why, when this cannot fetch them)
bash scripts/fetch-models.sh smollm2 qwen0.5b
# a software WebGPU adapter with shader-f16 for the GPU tier (it skips, saying why, when this cannot set one up)
bash scripts/ensure-gpu.sh || echo "ensure-gpu: the GPU tier will skip"
mkdir -p reports
rm -f reports/unit.json reports/server.json reports/e2e-app.json reports/e2e-model.json reports/e2e-gpu.json
# a real OpenAI-compatible server for the runner's and the openai engine's tests, built while the type checks run
bash scripts/ensure-server.sh > reports/ensure-server.log 2>&1 &
server_install=$!
status=0

phase "format (prettier --check; npm run format writes it)"
npx prettier --check . || status=1

phase "type check (tsc)"
npx tsc --noEmit -p tsconfig.json || status=1

phase "svelte-check"
npx svelte-check --tsconfig ./tsconfig.json --fail-on-warnings --output human || status=1

phase "import rules (dependency-cruiser: the floors of ARCHITECTURE.md, no cycles) and unused code (knip)"
npx depcruise src workers bench harness scripts datasets vite --config .dependency-cruiser.cjs --output-type err || status=1
npx knip || status=1

phase "unit tests (vitest, no server, no model)"
npx vitest run tests/unit --reporter=default --reporter=json --outputFile.json=reports/unit.json || status=1

wait "$server_install"
cat reports/ensure-server.log

phase "build (vite)"
npx vite build > reports/vite-build.log 2>&1 || { cat reports/vite-build.log; status=1; }

# side by side: the real-server tests keep one core busy (their servers run llama.cpp on one thread,
# one file at a time: two servers at once would oversubscribe the cores, and llama.cpp's threads spin
# while they wait), the browser tests without a real model mostly the other
phase "real-server tests (vitest, llama-cpp-python on 127.0.0.1) beside the browser tests without a real model (playwright, Debian chromium)"
npx vitest run tests/server --no-file-parallelism --reporter=default --reporter=json --outputFile.json=reports/server.json > reports/server.log 2>&1 &
server_tests=$!
FC_DIST_BUILT=1 FC_E2E_REPORT=reports/e2e-app.json CI="${CI:-}" npx playwright test --project=app || status=1
wait "$server_tests" || status=1
cat reports/server.log

phase "browser tests with real models (playwright)"
FC_DIST_BUILT=1 FC_E2E_REPORT=reports/e2e-model.json CI="${CI:-}" npx playwright test --project=real-model || status=1

phase "GPU tier: llama.cpp's WebGPU backend and WebLLM with real weights on a software adapter (playwright, its own Chromium)"
FC_E2E_REPORT=reports/e2e-gpu.json CI="${CI:-}" bash scripts/test-gpu.sh || status=1

phase "done"
node scripts/summarize-tests.mjs reports/unit.json reports/server.json reports/e2e-app.json reports/e2e-model.json reports/e2e-gpu.json || status=1
exit $status
