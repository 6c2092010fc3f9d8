#!/usr/bin/env bash
# Sourced by compose-smoke.sh and test-containers.sh: podman with this repository's settings
# (docker/podman/containers.conf) and, unless DOCKER_HOST is set, podman's Docker-compatible
# API on a socket of this run's own, stopped when the script exits.
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/docker/podman/containers.conf}"
if [ -z "${DOCKER_HOST:-}" ]; then
  podman_socket_dir=$(mktemp -d /run/mm-podman.XXXXXX)
  podman system service --time=0 "unix://$podman_socket_dir/podman.sock" &
  podman_service_pid=$!
  trap 'kill "$podman_service_pid" 2>/dev/null || true; rm -rf "$podman_socket_dir"' EXIT
  export DOCKER_HOST="unix://$podman_socket_dir/podman.sock"
  for _ in $(seq 50); do [ -S "$podman_socket_dir/podman.sock" ] && break; sleep 0.2; done
fi
