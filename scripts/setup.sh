#!/usr/bin/env bash
# Shared by start.sh and test.sh: checks the toolchain and installs the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NEXT_TELEMETRY_DISABLED=1

node -e '
const [major, minor] = process.versions.node.split(".").map(Number);
if (!((major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22)) {
  console.error(`Node ${process.versions.node} is too old: MeritMatch needs Node 20.19+ or 22.12+`);
  process.exit(1);
}'

# npm ci only when the lock file changed since the last install
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing npm packages (npm ci)…"
  npm ci --no-audit --no-fund --loglevel=error
fi
