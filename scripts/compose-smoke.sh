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
for tool in podman runc docker-compose debootstrap; do
  command -v "$tool" >/dev/null 2>&1 || { echo "compose:smoke needs $tool (apt-get install -y podman runc catatonit docker-compose debootstrap)"; exit 1; }
done
started=$(date +%s)
images_before=$(podman images -a -q --no-trunc | sort)
echo "preparing FerretDB, Mailpit and the Kafka jars for the stand-ins…"
npx tsx infra/src/cli.ts install
bash docker/standins/build.sh
source scripts/podman.sh
(cd deploy && npx vitest run --config vitest.smoke.config.ts)
# removes every image this run made (layers included), except the stand-ins when asked to keep them
if [ -z "${MM_SMOKE_KEEP:-}" ]; then
  keep="${MM_SMOKE_KEEP_STANDINS:+${STANDIN_PREFIX:-localhost/meritmatch-standin}/}"
  made=$(comm -13 <(printf '%s\n' "$images_before") <(podman images -a -q --no-trunc | sort))
  for _ in 1 2 3; do # a layer goes once the images built on it are gone
    for image in $made; do
      [ -n "$keep" ] && podman image inspect --format '{{.RepoTags}}' "$image" 2>/dev/null | grep -q "$keep" && continue
      podman rmi --force "$image" >/dev/null 2>&1 || true
    done
  done
  echo "removed the images this run built"
fi
echo "compose:smoke took $(( $(date +%s) - started )) s"
