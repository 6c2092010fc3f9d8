#!/usr/bin/env bash
# npm run test:unit | test:int | test:e2e: one kind of test across every workspace, as projects of
# the root vitest.config.ts. Unit tests need no infrastructure; the others get the test FerretDB,
# Kafka and Mailpit started once (like npm test), and stopped afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/infra-env.sh
kind="${1:?unit, int or e2e}"
shift
skip=(--exclude '**/node_modules/**')
case "$kind" in
  unit)
    for pattern in int e2e fault security smoke; do skip+=(--exclude "**/*.$pattern.test.ts"); done
    MM_TEST_INFRA=none exec npx vitest run "${skip[@]}" "$@"
    ;;
  int | e2e)
    stack() { npx tsx infra/src/cli.ts "$@"; }
    stack install
    trap 'stack infra down --profile test >/dev/null 2>&1 || true' EXIT
    infra_up --profile test
    if [ "$kind" = e2e ]; then
      npx turbo run build --output-logs=errors-only
      npx vitest run --project e2e "$@"
    else
      npx vitest run "${skip[@]}" .int.test.ts "$@"
    fi
    ;;
  *) echo "usage: scripts/test-kind.sh unit|int|e2e" >&2; exit 2 ;;
esac
