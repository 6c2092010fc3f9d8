#!/usr/bin/env bash
# The integration tests again, with MongoDB and Kafka as containers started through
# testcontainers (podman here; the local stand-in images where no registry is reachable;
# MM_MONGO_IMAGE / MM_KAFKA_IMAGE name others, e.g. mongo:7.0 and apache/kafka:3.9.1).
# The same test files as `npm test`, which runs them on the embedded default.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/failures.sh
prefix="${STANDIN_PREFIX:-localhost/meritmatch-standin}"
export MM_MONGO_IMAGE="${MM_MONGO_IMAGE:-$prefix/mongo:ferretdb-id-index}" MM_KAFKA_IMAGE="${MM_KAFKA_IMAGE:-$prefix/kafka:3.9.1}"
source scripts/podman.sh
if [[ "$MM_MONGO_IMAGE" == "$prefix/"* ]]; then
  npx tsx infra/src/cli.ts install
  bash docker/standins/build.sh mongo kafka
fi
stack() { npx tsx infra/src/cli.ts "$@"; }
stack infra down --profile test --containers >/dev/null
trap 'stack infra down --profile test --containers >/dev/null 2>&1 || true; [ -z "${podman_service_pid:-}" ] || { kill "$podman_service_pid"; rm -rf "$podman_socket_dir"; }' EXIT
eval "$(stack infra up --profile test --containers | grep -E '^(MONGO_URL|KAFKA_BROKERS|SMTP_URL|MAILPIT_URL)=' | sed 's/^/export /')"
echo "MongoDB container at $MONGO_URL, Kafka container at $KAFKA_BROKERS, Mailpit at $MAILPIT_URL"
# --force: the same inputs as in `npm test`, whose cached results must not stand in for this run
mkdir -p .data/test
log=.data/test/containers-output.log
npx turbo run test --force --concurrency=2 --continue --output-logs=errors-only \
  --filter=@meritmatch/service-kit --filter=@meritmatch/gateway --filter='./services/*' 2>&1 | tee "$log" ||
  { status=$?; print_failures "$log"; exit "$status"; }
echo "integration tests passed with MongoDB and Kafka in containers"
