#!/bin/sh
# Fills in the container's DNS server and starts nginx unprivileged on 8080.
set -eu
mkdir -p /tmp/nginx
resolver=$(awk '/^nameserver/ { print $2; exit }' /etc/resolv.conf)
sed "s/RESOLVER/${resolver:-127.0.0.11}/" /etc/nginx/meritmatch-proxy.conf > /tmp/nginx/nginx.conf
exec nginx -c /tmp/nginx/nginx.conf -g 'daemon off;'
