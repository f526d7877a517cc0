# syntax=docker/dockerfile:1
# Carrier sandbox (the simulators of every registered carrier's native API): node dist/apps/carrier-sandbox/main.js
# Build from the repository root: docker build -f docker/sandbox.Dockerfile -t logistics-gateway-sandbox .
# For development, staging and load tests only; production talks to the real carriers.

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
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PUPPETEER_SKIP_DOWNLOAD=true \
    SCARF_ANALYTICS=false \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false \
    HOST=0.0.0.0 \
    SANDBOX_PORT=3100
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /src/dist ./dist
COPY docker/healthcheck.js ./docker/healthcheck.js
USER node
EXPOSE 3100
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
  CMD node docker/healthcheck.js http "http://127.0.0.1:${SANDBOX_PORT}/sandbox/v1/health"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/apps/carrier-sandbox/main.js"]
