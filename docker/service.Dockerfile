# syntax=docker/dockerfile:1
# One image per Node deployable (a service or the gateway), built the turborepo way:
#   docker build -f docker/service.Dockerfile --build-arg PACKAGE=@meritmatch/auth --build-arg WORKSPACE=services/auth .
# `turbo prune --docker` cuts the repository down to the workspace and what it depends on, with
# a lockfile of its own, so a change elsewhere (a remote, another service) changes neither its
# install layer nor its build. The image holds the bundled JavaScript and production
# dependencies only, runs as `node`, and is run with an init and a grace period by compose.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

FROM base AS pruned
ARG PACKAGE
COPY . .
RUN --mount=type=cache,target=/root/.npm npx --yes turbo@2.11.11 prune "${PACKAGE}" --docker

FROM base AS build
ARG PACKAGE
COPY --from=pruned /app/out/json/ .
RUN --mount=type=cache,target=/root/.npm npm ci --loglevel=error
COPY --from=pruned /app/out/full/ .
RUN npx turbo run build --filter="${PACKAGE}" --output-logs=errors-only

FROM base AS production-dependencies
ARG WORKSPACE
COPY --from=pruned /app/out/json/ .
# the product's own packages are bundled into dist/: only npm packages are needed at run time
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --loglevel=error \
 && rm -rf node_modules/@meritmatch node_modules/.bin \
 && mkdir -p "/runtime/${WORKSPACE}" && mv node_modules /runtime/ \
 && if [ -d "${WORKSPACE}/node_modules" ]; then mv "${WORKSPACE}/node_modules" "/runtime/${WORKSPACE}/"; fi

FROM base
ARG WORKSPACE
ENV NODE_ENV=production HOST=0.0.0.0
# sized as infra/src/product.ts's productionNodeEnv (measured by `npm run bench -- memory`)
ENV MALLOC_ARENA_MAX=2 NODE_OPTIONS=--max-semi-space-size=2
COPY --from=production-dependencies /runtime/ /app/
COPY --from=build /app/${WORKSPACE}/package.json /app/${WORKSPACE}/
COPY --from=build /app/${WORKSPACE}/dist/ /app/${WORKSPACE}/dist/
WORKDIR /app/${WORKSPACE}
USER node
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/index.js"]
