# syntax=docker/dockerfile:1
# One image per web app (the shell or a remote), built from its own pruned context:
#   docker build -f docker/web.Dockerfile --build-arg PACKAGE=@meritmatch/mfe-employer --build-arg WORKSPACE=mfe-employer .
# Node builds the static files; nginx serves them (a few MB of memory) as an unprivileged
# user. A remote keeps the hashed files of its earlier builds in a volume (/srv/assets), so
# tabs still running the previous version find their chunks after a redeploy.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginx:1.28-bookworm

FROM ${NODE_IMAGE} AS pruned
WORKDIR /app
ENV TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
ARG PACKAGE
COPY . .
RUN --mount=type=cache,target=/root/.npm npx --yes turbo@2.11.11 prune "${PACKAGE}" --docker

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
ARG PACKAGE
COPY --from=pruned /app/out/json/ .
RUN --mount=type=cache,target=/root/.npm npm ci --loglevel=error
COPY --from=pruned /app/out/full/ .
# the shell's prerendering runs its TypeScript with tsx, which reads the shared compiler options
COPY tsconfig.base.json ./
# the version a remote reports to the shell (its manifest's buildVersion); defaults to package.json's
ARG APP_VERSION=""
RUN MF_BUILD_VERSION="${APP_VERSION}" npx turbo run build --filter="${PACKAGE}" --output-logs=errors-only

FROM ${NGINX_IMAGE}
ARG WORKSPACE
ARG WEB_KIND=remote
ENV WEB_KIND=${WEB_KIND}
COPY --from=build /app/${WORKSPACE}/dist/ /usr/share/nginx/html/
COPY docker/web/nginx.conf /etc/nginx/meritmatch-web.conf
COPY docker/web/entrypoint.sh /usr/local/bin/meritmatch-web
RUN mkdir -p /srv/assets /tmp/nginx && chown 101:101 /srv/assets /tmp/nginx
VOLUME /srv/assets
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/usr/local/bin/meritmatch-web"]
