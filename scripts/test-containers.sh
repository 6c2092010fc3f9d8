#!/usr/bin/env bash
# The integration tests again, with MongoDB and Kafka as containers started through
# testcontainers (podman here; the local stand-in images where no registry is reachable;
# MM_MONGO_IMAGE / MM_KAFKA_IMAGE name others, e.g. mongo:7.0 and apache/kafka:3.9.1).
# The same test files as `npm test`, which runs them on the embedded default.
# `--layers` runs only the tests where the engines underneath matter: service-kit's (the store,
# the outbox, the consumers) and each service's data/ repositories. CI runs that; the stand-in
# images are FerretDB and Kafka again, so the services' route and flow tests would repeat
# `npm test`.
set -euo pipefail
layers=0
[ "${1:-}" = "--layers" ] && layers=1
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/failures.sh
source scripts/infra-env.sh
prefix="${STANDIN_PREFIX:-localhost/meritmatch-standin}"
export MM_MONGO_IMAGE="${MM_MONGO_IMAGE:-$prefix/mongo:ferretdb-id-index}" MM_KAFKA_IMAGE="${MM_KAFKA_IMAGE:-$prefix/kafka:3.9.1}"
source scripts/podman.sh
if [[ "$MM_MONGO_IMAGE" == "$prefix/"* ]]; then
  npx tsx infra/src/cli.ts install
  bash docker/standins/build.sh mongo kafka
fi
stack() { npx tsx infra/src/cli.ts "$@"; }
# a profile of its own (ports 27317, 9392, 1325 and 8325), so that containers an interrupted run
# leaves behind never take the ports of the embedded test run (infra/src/profiles.ts)
stack infra down --profile containers --containers >/dev/null
trap 'stack infra down --profile containers --containers >/dev/null 2>&1 || true; [ -z "${podman_service_pid:-}" ] || { kill "$podman_service_pid"; rm -rf "$podman_socket_dir"; }' EXIT
infra_up --profile containers --containers
echo "MongoDB container at $MONGO_URL, Kafka container at $KAFKA_BROKERS, Mailpit at $MAILPIT_URL"
# --force: the same inputs as in `npm test`, whose cached results must not stand in for this run
mkdir -p .data/containers
log=.data/containers/output.log
: >"$log"
run_tests() { npx turbo run test --force --concurrency=2 --continue --output-logs=errors-only "$@" 2>&1 | tee -a "$log"; }
status=0
if [ "$layers" = 1 ]; then
  run_tests --filter=@meritmatch/service-kit || status=$?
  run_tests --filter='./services/*' -- src/data/ || status=$?
else
  run_tests --filter=@meritmatch/service-kit --filter=@meritmatch/gateway --filter='./services/*' || status=$?
fi
[ "$status" = 0 ] || { print_failures "$log"; exit "$status"; }
echo "integration tests passed with MongoDB and Kafka in containers"
