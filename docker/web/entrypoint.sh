#!/bin/sh
# Starts nginx for a built web app. WEB_KIND=shell: a single-page app whose /config.json is
# written here from API_BASE_URL and MFE_<AREA>_MANIFEST (by default paths on the same public
# origin), and put into each page as JSON data (`<script id="runtime-config">`, as the Node web
# server does: the page starts its area without asking for it); the prerendered pages (/, /login,
# /register) answer their own file, every other page app.html, the page without content. WEB_KIND=remote: its hashed files are first copied into
# /srv/assets (a volume that outlives deploys); files no build has shipped for
# ASSET_RETENTION_DAYS (30) are removed.
# The shell's pages carry its Content-Security-Policy (as packages/web-server/src/csp.ts builds
# it): scripts, styles and fetches from its own origin and those of the API and the remotes,
# and the prerendered pages' inline critical CSS and entry loader by the hashes its build wrote.
set -eu
mkdir -p /tmp/nginx
json_string() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }
if [ "${WEB_KIND:-remote}" = shell ]; then
  cat > /tmp/nginx/config.json <<JSON
{"apiBaseUrl":$(json_string "${API_BASE_URL:-/api}"),"remotes":{"jobseeker":$(json_string "${MFE_JOBSEEKER_MANIFEST:-/mfe/jobseeker/mf-manifest.json}"),"employer":$(json_string "${MFE_EMPLOYER_MANIFEST:-/mfe/employer/mf-manifest.json}"),"admin":$(json_string "${MFE_ADMIN_MANIFEST:-/mfe/admin/mf-manifest.json}")}}
JSON
  # the pages with the config in their head ('<' written as \u003c, so that no text ends the element)
  mkdir -p /tmp/nginx/pages
  RUNTIME_CONFIG_TAG="<script id=\"runtime-config\" type=\"application/json\">$(sed 's/</\\u003c/g' /tmp/nginx/config.json)</script>"
  export RUNTIME_CONFIG_TAG
  for page in /usr/share/nginx/html/*.html; do
    awk '!done && (at = index($0, "</head>")) { $0 = substr($0, 1, at - 1) ENVIRON["RUNTIME_CONFIG_TAG"] substr($0, at); done = 1 } { print }' \
      "$page" > "/tmp/nginx/pages/$(basename "$page")"
  done
  # an origin as a policy source, or nothing (a path is the shell's own origin; anything odd is left out)
  origin_of() { printf '%s' "$1" | sed -n 's|^\(https\{0,1\}://[A-Za-z0-9.:-]*\)\(/.*\)\{0,1\}$|\1|p'; }
  remotes=$(for url in "${MFE_JOBSEEKER_MANIFEST:-}" "${MFE_EMPLOYER_MANIFEST:-}" "${MFE_ADMIN_MANIFEST:-}"; do origin_of "$url"; echo; done | sort -u | tr '\n' ' ')
  api=$(origin_of "${API_BASE_URL:-}")
  styles=$(cat /usr/share/nginx/html/inline-style-hashes.txt 2>/dev/null || true)
  scripts=$(cat /usr/share/nginx/html/inline-script-hashes.txt 2>/dev/null || true)
  for hash in $styles $scripts; do
    printf '%s' "$hash" | grep -Eq "^'sha256-[A-Za-z0-9+/]+={0,2}'$" || { echo "inline hashes: $hash is not a 'sha256-…' source" >&2; exit 1; }
  done
  policy=$(printf "default-src 'self'; script-src 'self' %s %s; style-src 'self' %s %s; connect-src 'self' %s %s; img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'" \
    "$remotes" "$scripts" "$remotes" "$styles" "$api" "$remotes" | tr -s ' ' | sed 's/ ;/;/g')
  # a location's add_header replaces the server's, so the pages repeat those too
  cat > /tmp/nginx/page-headers.conf <<CONF
add_header Cache-Control no-cache;
add_header X-Content-Type-Options nosniff always;
add_header Referrer-Policy no-referrer always;
add_header Content-Security-Policy "$policy" always;
CONF
  cat > /tmp/nginx/kind.conf <<'CONF'
location = /config.json { alias /tmp/nginx/config.json; default_type application/json; add_header Cache-Control no-cache; }
location = / { include /tmp/nginx/page-headers.conf; root /tmp/nginx/pages; try_files /index.html =404; }
location / { include /tmp/nginx/page-headers.conf; try_files $uri @page; }
location @page { include /tmp/nginx/page-headers.conf; root /tmp/nginx/pages; try_files $uri.html /app.html =404; }
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
