#!/bin/sh
# Stand-in for the official apache/kafka image's start-up: every KAFKA_<NAME> variable becomes
# the property <name> (underscores to dots, lower case), storage is formatted once with
# CLUSTER_ID, then the broker runs in the foreground.
set -eu
config=/opt/kafka/config/server.properties
: > "$config"
env | grep '^KAFKA_' | grep -v '^KAFKA_HEAP_OPTS=' | while IFS='=' read -r name value; do
  key=$(printf '%s' "${name#KAFKA_}" | tr 'A-Z_' 'a-z.')
  printf '%s=%s\n' "$key" "$value" >> "$config"
done
logdir=$(sed -n 's/^log\.dirs=//p' "$config")
logdir=${logdir:-/tmp/kafka-logs}
classpath='/opt/kafka/libs/*'
log4j=-Dlog4j.configuration=file:/opt/kafka/config/log4j.properties
if [ ! -f "$logdir/meta.properties" ]; then
  java -Xmx256m -cp "$classpath" "$log4j" kafka.tools.StorageTool format -t "${CLUSTER_ID:?set CLUSTER_ID}" -c "$config" --ignore-formatted
fi
exec java ${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m} -XX:+UseG1GC -Djava.awt.headless=true "$log4j" -cp "$classpath" kafka.Kafka "$config"
