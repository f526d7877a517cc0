# syntax=docker/dockerfile:1
# HTTP API: node dist/apps/api/main.js
# Build from the repository root: docker build -f docker/api.Dockerfile -t logistics-gateway-api .
#
# Chromium is installed here as well as in the worker image: GET /api/v1/labels/{id} renders
# the label in the api process when the label job has not stored it yet (GetLabelUseCase).

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
    DATA_DIR=/app/.data \
    HOST=0.0.0.0 \
    PORT=3000
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /src/dist ./dist
COPY docker/healthcheck.js ./docker/healthcheck.js
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node docker/healthcheck.js http "http://127.0.0.1:${PORT}/health/ready"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/apps/api/main.js"]
