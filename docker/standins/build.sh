#!/usr/bin/env bash
# Builds the local stand-ins for the public base images, for machines that reach no image
# registry (this one, CI). Operators never need this: the Dockerfiles and docker-compose.yml
# name the official images, and compose.standins.yml swaps these in for the smoke test.
#
#   debian   Debian bookworm (debootstrap, minbase) with this machine's CA bundle, since
#            package downloads here go through a TLS-inspecting proxy. Only in the stand-ins.
#   node     stand-in for node:20-bookworm-slim: that base plus this machine's Node 20 and npm
#            (Debian bookworm packages Node 18), user `node` (1000) as in the official image
#   nginx    stand-in for nginx:<version>-bookworm: Debian's nginx and curl, user `nginx` (101)
#   mongo    stand-in for mongo:7: FerretDB (the binary infra builds) with SCRAM users; it runs
#            docker/mongo/init-users.js like the official image does on first start
#   kafka    stand-in for apache/kafka:3.9.1: the Maven jars infra fetches on Debian's JRE 17,
#            configured from KAFKA_* variables and CLUSTER_ID like the official image
#   mailpit  stand-in for axllent/mailpit:v1.33.1: the binary infra builds (Go module proxy)
#
# Usage: docker/standins/build.sh [names...]   (default: all). Needs root, podman, debootstrap.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cache="${MM_CACHE_DIR:-$repo/.cache}"
prefix="${MM_STANDIN_PREFIX:-localhost/meritmatch-standin}"
work="$(mktemp -d "${TMPDIR:-/var/tmp}/mm-standins.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export CONTAINERS_CONF="${CONTAINERS_CONF:-$repo/docker/podman/containers.conf}"
podman_build() { podman build --quiet --layers "$@" >/dev/null; }
say() { printf '[standins] %s\n' "$*"; }
has() { podman image exists "$1"; }

build_debian() {
  has "$prefix/debian:bookworm" && return
  say "debian: debootstrap bookworm (minbase)"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log"; exit 1; }
  cp /etc/ssl/certs/ca-certificates.crt "$work/rootfs/usr/local/share/ca-certificates/build-proxy.crt"
  cp /etc/ssl/certs/ca-certificates.crt "$work/rootfs/etc/ssl/certs/ca-certificates.crt"
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["bash"]' - "$prefix/debian:bookworm" >/dev/null
}

build_node() {
  has "$prefix/node:20" && return
  say "node: Node $(node -v) and npm $(npm -v) from this machine on the Debian base"
  mkdir -p "$work/node"
  cp "$(command -v node)" "$work/node/node"
  cp -a "$(npm root -g)/npm" "$work/node/npm"
  podman_build -t "$prefix/node:20" --build-arg BASE="$prefix/debian:bookworm" -f "$here/node.Containerfile" "$work/node"
}

build_nginx() {
  has "$prefix/nginx:bookworm" && return
  say "nginx: Debian's nginx and curl"
  podman_build -t "$prefix/nginx:bookworm" --build-arg BASE="$prefix/debian:bookworm" -f "$here/nginx.Containerfile" "$here"
}

build_mongo() {
  has "$prefix/mongo:ferretdb-id-index" && return
  say "mongo: FerretDB from $cache/ferretdb"
  mkdir -p "$work/mongo"
  cp "$cache/ferretdb/v1.24.2-id-index/ferretdb" "$here/mongo-entrypoint.sh" "$here/run-init.mjs" "$here/ping.mjs" "$work/mongo/"
  podman_build -t "$prefix/mongo:ferretdb-id-index" --build-arg BASE="$prefix/node:20" -f "$here/mongo.Containerfile" "$work/mongo"
}

build_kafka() {
  has "$prefix/kafka:3.9.1" && return
  say "kafka: Kafka 3.9.1 jars from $cache/kafka on Debian's JRE"
  mkdir -p "$work/kafka"
  cp -a "$cache/kafka/libs-3.9.1" "$work/kafka/libs"
  rm -f "$work/kafka/libs/.complete"
  cp "$here/kafka-entrypoint.sh" "$repo/infra/kafka/log4j.properties" "$work/kafka/"
  podman_build -t "$prefix/kafka:3.9.1" --build-arg BASE="$prefix/debian:bookworm" -f "$here/kafka.Containerfile" "$work/kafka"
}

build_mailpit() {
  has "$prefix/mailpit:v1.33.1" && return
  say "mailpit: Mailpit from $cache/mailpit"
  mkdir -p "$work/mailpit"
  cp "$cache/mailpit/v1.33.1/mailpit" "$work/mailpit/"
  podman_build -t "$prefix/mailpit:v1.33.1" --build-arg BASE="$prefix/debian:bookworm" -f "$here/mailpit.Containerfile" "$work/mailpit"
}

names=("$@")
[ ${#names[@]} -gt 0 ] || names=(debian node nginx mongo kafka mailpit)
for name in "${names[@]}"; do
  case "$name" in
    node | nginx | kafka | mailpit) build_debian ;;
    mongo) build_debian; build_node ;;
  esac
  "build_$name"
done
say "ready: $(podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep "^$prefix" | tr '\n' ' ')"
