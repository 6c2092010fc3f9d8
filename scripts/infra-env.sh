#!/usr/bin/env bash
# Sourced by the test scripts. infra_up <infra up arguments>: starts the profile's FerretDB (or
# MongoDB), Kafka and Mailpit and exports MONGO_URL, KAFKA_BROKERS, SMTP_URL and MAILPIT_URL.
# When they cannot start, the script stops there, with the stack's own reason (a variable left
# unset further down would hide it).
infra_up() {
  local output
  if ! output=$(npx tsx infra/src/cli.ts infra up "$@"); then
    [ -z "$output" ] || printf '%s\n' "$output"
    echo "the infrastructure did not start (above: why); nothing was tested" >&2
    exit 1
  fi
  grep -vE '^(MONGO_URL|KAFKA_BROKERS|SMTP_URL|MAILPIT_URL)=' <<<"$output" || true
  eval "$(grep -E '^(MONGO_URL|KAFKA_BROKERS|SMTP_URL|MAILPIT_URL)=' <<<"$output" | sed 's/^/export /')"
}
