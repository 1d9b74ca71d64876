#!/usr/bin/env bash
# One command to set up and run every test: type check, svelte-check, Vitest, Playwright.
# Prints a closing line "tests: N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --browser || exit 1
# real model weights for the real-model tests (they skip, saying why, when this cannot fetch them)
bash scripts/fetch-models.sh
mkdir -p reports
# a real OpenAI-compatible server for the runner's and the openai engine's tests, built while the type checks run
bash scripts/ensure-server.sh > reports/ensure-server.log 2>&1 &
server_install=$!
status=0

echo "== type check (tsc)"
npx tsc --noEmit -p tsconfig.json || status=1

echo "== svelte-check"
npx svelte-check --tsconfig ./tsconfig.json --fail-on-warnings --output human || status=1

wait "$server_install"
cat reports/ensure-server.log

echo "== unit and real-server tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json || status=1

echo "== browser tests (playwright, Debian chromium)"
CI="${CI:-}" npx playwright test || status=1

node scripts/summarize-tests.mjs reports/unit.json reports/e2e.json || status=1
exit $status
