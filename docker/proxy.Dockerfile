# The public entry of the compose path: one origin for the shell, the remotes and the API.
#   docker build -f docker/proxy.Dockerfile .
ARG NGINX_IMAGE=nginx:1.28-bookworm
FROM ${NGINX_IMAGE}
COPY docker/proxy/nginx.conf /etc/nginx/meritmatch-proxy.conf
COPY docker/proxy/entrypoint.sh /usr/local/bin/meritmatch-proxy
RUN mkdir -p /tmp/nginx && chown 101:101 /tmp/nginx
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/usr/local/bin/meritmatch-proxy"]
