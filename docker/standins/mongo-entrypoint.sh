#!/bin/sh
# Stand-in for the official mongo image's start-up. With MONGO_INITDB_ROOT_USERNAME and
# MONGO_INITDB_ROOT_PASSWORD(_FILE): authentication on, and on an empty /data/db the root user
# is created and the *.js files of /docker-entrypoint-initdb.d run (through run-init.mjs
# instead of mongosh). Without them: no authentication, as the official image.
set -eu
user=${MONGO_INITDB_ROOT_USERNAME:-}
password=${MONGO_INITDB_ROOT_PASSWORD:-}
if [ -n "${MONGO_INITDB_ROOT_PASSWORD_FILE:-}" ]; then password=$(cat "$MONGO_INITDB_ROOT_PASSWORD_FILE"); fi
set -- --handler=sqlite --sqlite-url=file:/data/db/ --state-dir=/data/db \
  --listen-addr=:27017 --debug-addr=- --telemetry=disable --log-level=warn
if [ -n "$user" ]; then
  set -- "$@" --test-enable-new-auth --setup-database=admin --setup-username="$user" --setup-password="$password"
fi
first_start=false
[ -e /data/db/.initialized ] || first_start=true
/usr/local/bin/ferretdb "$@" &
server=$!
trap 'kill -TERM $server; wait $server' TERM INT
if [ -n "$user" ] && [ "$first_start" = true ]; then
  MONGO_ROOT_USER="$user" MONGO_ROOT_PASSWORD="$password" node /opt/init/run-init.mjs /docker-entrypoint-initdb.d
fi
touch /data/db/.initialized
wait $server
