#!/bin/sh
# Stand-in for the official mongo image's start-up: on an empty /data/db it creates the root
# user from MONGO_INITDB_ROOT_USERNAME / MONGO_INITDB_ROOT_PASSWORD(_FILE) and runs the
# *.js files of /docker-entrypoint-initdb.d (through run-init.mjs instead of mongosh), then
# serves on 27017 with authentication.
set -eu
password=${MONGO_INITDB_ROOT_PASSWORD:-}
if [ -n "${MONGO_INITDB_ROOT_PASSWORD_FILE:-}" ]; then password=$(cat "$MONGO_INITDB_ROOT_PASSWORD_FILE"); fi
user=${MONGO_INITDB_ROOT_USERNAME:?set MONGO_INITDB_ROOT_USERNAME}
first_start=false
[ -e /data/db/.initialized ] || first_start=true
/usr/local/bin/ferretdb --handler=sqlite --sqlite-url=file:/data/db/ --state-dir=/data/db \
  --listen-addr=:27017 --debug-addr=- --telemetry=disable --log-level=warn \
  --test-enable-new-auth --setup-database=admin --setup-username="$user" --setup-password="$password" &
server=$!
trap 'kill -TERM $server; wait $server' TERM INT
if [ "$first_start" = true ]; then
  MONGO_ROOT_USER="$user" MONGO_ROOT_PASSWORD="$password" node /opt/init/run-init.mjs /docker-entrypoint-initdb.d
  touch /data/db/.initialized
fi
wait $server
