# One recipe, one image per workspace: docker build --build-arg WORKSPACE=services/auth .
FROM node:20.19-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
COPY services ./services
COPY gateway ./gateway
COPY shells ./shells
COPY mfe-jobseeker ./mfe-jobseeker
COPY mfe-employer ./mfe-employer
COPY mfe-admin ./mfe-admin
COPY infra ./infra
COPY e2e/package.json ./e2e/package.json
COPY bench/package.json ./bench/package.json
RUN npm ci --no-audit --no-fund

FROM deps AS build
ARG WORKSPACE
RUN if [ -f "$WORKSPACE/rspack.config.mjs" ]; then npx rspack build -c "$WORKSPACE/rspack.config.mjs"; fi

FROM node:20.19-bookworm-slim
ARG WORKSPACE
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
WORKDIR /app/${WORKSPACE}
USER node
CMD ["node", "--import", "tsx", "src/index.ts"]
