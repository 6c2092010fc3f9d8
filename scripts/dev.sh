#!/usr/bin/env bash
# npm run dev: the embedded default in watch mode. Services and the gateway run their
# TypeScript through `tsx watch` (restarted on change); the web apps are rebuilt by rspack in
# watch mode (development builds) and served as npm start serves them. Ctrl-C stops all.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
export NODE_ENV=development
echo "building the web apps (development)…"
npx turbo run build --output-logs=errors-only
watchers=()
for app in shells/web mfe-jobseeker mfe-employer mfe-admin; do
  (cd "$app" && exec npx rspack build --watch >/dev/null) &
  watchers+=("$!")
done
trap 'kill "${watchers[@]}" 2>/dev/null || true' EXIT
npx tsx infra/src/cli.ts start --profile dev --watch "$@"
