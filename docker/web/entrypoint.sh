#!/bin/sh
# Starts nginx for a built web app. WEB_KIND=shell: a single-page app whose /config.json is
# written here from API_BASE_URL and MFE_<AREA>_MANIFEST (by default paths on the same public
# origin); the prerendered pages (/, /login, /register) answer their own file, every other page
# app.html, the page without content. WEB_KIND=remote: its hashed files are first copied into
# /srv/assets (a volume that outlives deploys); files no build has shipped for
# ASSET_RETENTION_DAYS (30) are removed.
set -eu
mkdir -p /tmp/nginx
json_string() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }
if [ "${WEB_KIND:-remote}" = shell ]; then
  cat > /tmp/nginx/config.json <<JSON
{"apiBaseUrl":$(json_string "${API_BASE_URL:-/api}"),"remotes":{"jobseeker":$(json_string "${MFE_JOBSEEKER_MANIFEST:-/mfe/jobseeker/mf-manifest.json}"),"employer":$(json_string "${MFE_EMPLOYER_MANIFEST:-/mfe/employer/mf-manifest.json}"),"admin":$(json_string "${MFE_ADMIN_MANIFEST:-/mfe/admin/mf-manifest.json}")}}
JSON
  cat > /tmp/nginx/kind.conf <<'CONF'
location = /config.json { alias /tmp/nginx/config.json; default_type application/json; add_header Cache-Control no-cache; }
location = / { add_header Cache-Control no-cache; try_files /index.html =404; }
location / { add_header Cache-Control no-cache; try_files $uri $uri.html /app.html; }
CONF
else
  if [ -d /usr/share/nginx/html/static ] && [ -w /srv/assets ]; then
    cp -R -n /usr/share/nginx/html/static /srv/assets/
    find /srv/assets/static -type f -mtime "+${ASSET_RETENTION_DAYS:-30}" | while read -r file; do
      [ -e "/usr/share/nginx/html/${file#/srv/assets/}" ] || rm -f "$file"
    done
  fi
  cat > /tmp/nginx/kind.conf <<'CONF'
location / { add_header Cache-Control no-cache; add_header Access-Control-Allow-Origin "*"; try_files $uri =404; }
CONF
fi
exec nginx -c /etc/nginx/meritmatch-web.conf -g 'daemon off;'
