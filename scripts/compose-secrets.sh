#!/usr/bin/env bash
# Writes the compose path's secrets into ./secrets (or $1), one file each, random where the
# value is a password or a key. Existing files are kept, so running it again is safe; delete
# a file to make a new one. The folder is readable by its owner only and ignored by git.
set -euo pipefail
dir="${1:-$(cd "$(dirname "$0")/.." && pwd)/secrets}"
mkdir -p "$dir"
chmod 700 "$dir"
random() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }
write() {
  local name="$1" value="$2"
  [ -s "$dir/$name" ] && return
  printf '%s\n' "$value" > "$dir/$name"
  # read inside the containers by their own users (node, mongodb): the folder keeps others out
  chmod 644 "$dir/$name"
  echo "created secrets/$name"
}
write mongo_root_password "$(random 24)"
for service in auth profile matching admin notifications gateway; do
  write "${service}_mongo_url" "mongodb://${service}:$(random 24)@mongo:27017/meritmatch_${service}?authSource=meritmatch_${service}"
done
write admin_password "$(random 12)"
write gateway_secret "$(random 32)"
write signing_key_encryption_key "$(head -c 32 /dev/urandom | base64)"
# the services' own identities (notifications, admin): their secrets, and the auth service's list
# of service accounts, made again from them whenever it differs (a folder from before a new one)
write notifications_service_secret "$(random 32)"
write admin_service_secret "$(random 32)"
accounts="notifications=$(cat "$dir/notifications_service_secret"),admin=$(cat "$dir/admin_service_secret")"
if [ "$(cat "$dir/service_accounts" 2>/dev/null)" != "$accounts" ]; then
  rm -f "$dir/service_accounts"
  write service_accounts "$accounts"
fi
# where e-mail goes: the mailpit container; replace with a real server's URL (docs/operations.md, "E-mail")
write smtp_url "smtp://mailpit:1025"
