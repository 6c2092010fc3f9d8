#!/usr/bin/env bash
# npm start: installs what is missing, builds every workspace (production builds: plain
# JavaScript for node, static files for the web), then runs the whole product on
# the embedded default (FerretDB + Kafka under .data/dev) until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
echo "building (services, gateway and web apps)…"
npx turbo run build --output-logs=errors-only
exec npx tsx infra/src/cli.ts start --profile dev "$@"
