#!/usr/bin/env bash
# Installs what a fresh machine lacks: npm packages (npm ci) and, with --browser, Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "== npm ci"
  npm ci --no-audit --no-fund
fi

if [ "${1:-}" = "--browser" ]; then
  CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ ! -x "$CHROMIUM" ]; then
    echo "== installing Debian chromium (for the browser tests)"
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  fi
fi
