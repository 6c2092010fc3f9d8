#!/usr/bin/env bash
# npm run compose:smoke: the compose path, really run here. Builds the stand-ins for the public
# images (no registry is reachable), then deploy/src/smoke/compose.smoke.test.ts builds every
# image with docker-compose against podman, starts everything, runs the browser checks through
# the public origin, recreates the kafka and mongo containers and checks nothing was lost,
# and removes its containers, volumes and images. Needs root, podman, docker-compose,
# debootstrap and chromium (.ci/run installs them). MM_SMOKE_KEEP=1 keeps everything running.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
for tool in podman docker-compose debootstrap; do
  command -v "$tool" >/dev/null 2>&1 || { echo "compose:smoke needs $tool (apt-get install -y podman docker-compose debootstrap)"; exit 1; }
done
started=$(date +%s)
echo "preparing FerretDB and the Kafka jars for the stand-ins…"
npx tsx infra/src/cli.ts install
bash docker/standins/build.sh
source scripts/podman.sh
(cd deploy && npx vitest run --config vitest.smoke.config.ts)
if [ -z "${MM_SMOKE_KEEP_STANDINS:-}" ] && [ -z "${MM_SMOKE_KEEP:-}" ]; then
  podman rmi --force $(podman images --format '{{.Repository}}:{{.Tag}}' | grep "^${STANDIN_PREFIX:-localhost/meritmatch-standin}/") >/dev/null 2>&1 || true
  echo "removed the stand-in images"
fi
echo "compose:smoke took $(( $(date +%s) - started )) s"
