#!/usr/bin/env bash
# One command to set up, build and serve the app on http://127.0.0.1:4173/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
echo "== building"
npx vite build
echo "== serving on http://127.0.0.1:4173/ (Ctrl-C to stop)"
exec npx vite preview
