#!/usr/bin/env bash
# npm test: every test, on a fresh machine too. Installs the npm packages, builds
# FerretDB and Mailpit and fetches Kafka (once, into .cache), starts them on the test ports with fresh
# data, then runs lint, type checks, builds, unit, integration and browser tests, and
# stops the infrastructure again.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/failures.sh
source scripts/infra-env.sh

stack() { npx tsx infra/src/cli.ts "$@"; }

echo "preparing FerretDB, Kafka and Mailpit…"
stack install
stack infra down --profile test >/dev/null
rm -rf .data/test
trap 'stack infra down --profile test >/dev/null 2>&1 || true' EXIT
infra_up --profile test
echo "FerretDB at $MONGO_URL, Kafka at $KAFKA_BROKERS, Mailpit at $MAILPIT_URL"

echo "lint, format check, type checks and builds…"
npx biome check --files-ignore-unknown=true package.json turbo.json biome.json README.md scripts
npx turbo run lint typecheck build --output-logs=errors-only

echo "unit, integration and browser tests…"
# the fault and attack suites freeze processes and run whole stacks: they run after the rest,
# one at a time, so that a busy machine does not decide their outcome
heavy=(--filter=@meritmatch/faults --filter=@meritmatch/security)
status=0
mkdir -p .data/test
log=.data/test/output.log
npx turbo run test --concurrency=2 --continue --output-logs=full \
  --filter='!@meritmatch/faults' --filter='!@meritmatch/security' 2>&1 | tee "$log" || status=$?
echo "fault and security suites…"
npx turbo run test --concurrency=1 --continue --output-logs=full "${heavy[@]}" 2>&1 | tee -a "$log" || status=$?
[ "$status" = 0 ] || print_failures "$log"
exit "$status"
