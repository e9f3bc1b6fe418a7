# One image per role, from one build (ARCHITECTURE §3):
#   target `service`: command-api, query-api, projector, workers (and the one-shot seed), chosen by
#                     the compose `command`; Node 24 runs the TypeScript sources directly.
#   target `gateway`: nginx with deploy/nginx.conf and the built SPA.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY projector/package.json projector/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
COPY standalone/package.json standalone/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# --ignore-scripts: the image already has Node 24, so the `node` dev dependency must not fetch
# another; sharp and vite's bundler come as prebuilt optional packages and need no scripts.
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS build
COPY . .
# The image's node, not node_modules/.bin/node (the skipped `node` package).
RUN cd frontend && node ../node_modules/vite/bin/vite.js build

FROM deps AS prod-deps
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24-bookworm-slim AS service
# NODE_COMPILE_CACHE: V8's compiled code for the services' modules, kept between restarts of a
# container (as standalone/src/main.js does for `npm start`).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    MEDIA_DIR=/srv/media \
    NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY contracts contracts
COPY platform platform
COPY command-api command-api
COPY query-api query-api
COPY projector projector
COPY workers workers
COPY standalone standalone
# Owned by the unprivileged user, so named volumes mounted here start writable for it.
RUN mkdir -p /data /srv/media && chown node:node /data /srv/media
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "standalone/src/main.js"]

FROM nginx:1.28-alpine AS gateway
COPY deploy/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/frontend/dist /srv/spa
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1/healthz"]
