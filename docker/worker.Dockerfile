# syntax=docker/dockerfile:1
# Background worker: node dist/apps/worker/main.js (job consumers and recurring jobs on BullMQ).
# Build from the repository root: docker build -f docker/worker.Dockerfile -t logistics-gateway-worker .
#
# Labels are rendered by the Debian Chromium (never a downloaded browser) with Noto fonts for
# Arabic. tini is PID 1 so Chromium's child processes are reaped and SIGTERM reaches node.

FROM node:24-bookworm-slim AS build
WORKDIR /src
ENV PUPPETEER_SKIP_DOWNLOAD=true \
    SCARF_ANALYTICS=false \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY libs ./libs
COPY apps ./apps
# npm run build runs scripts/carrier-kit/copy-rate-cards.js
COPY scripts ./scripts
RUN npm run build

FROM node:24-bookworm-slim AS runtime
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-noto-core tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PUPPETEER_SKIP_DOWNLOAD=true \
    SCARF_ANALYTICS=false \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false \
    PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium \
    DATA_DIR=/app/.data
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /src/dist ./dist
COPY docker/healthcheck.js ./docker/healthcheck.js
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
# No port: the worker serves no HTTP. Healthy = its database and Redis accept connections.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node docker/healthcheck.js tcp DATABASE_URL REDIS_URL
ENTRYPOINT ["/usr/bin/tini", "--"]
# A capped heap: V8 otherwise grows it with the allocation rate of a 100,000-row batch instead of
# collecting (docs/performance.md, "Fulfilment batches").
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=8", "dist/apps/worker/main.js"]
