# syntax=docker/dockerfile:1
# The Durak server and web app on one port (DESIGN.md §3). Built and run with the same commands the
# test suite runs (npm ci, npm run build, node apps/server/dist/main.js); Docker itself is not run
# by the suite, see docs/operations.md "Run a cluster".

FROM node:20-slim AS build
WORKDIR /app
# The manifests first, so a change to the sources reuses the installed node_modules layer.
COPY package.json package-lock.json ./
COPY packages/engine/package.json packages/engine/
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The Telegram invite link's names are baked into the web build (docs/operations.md).
ARG VITE_TELEGRAM_BOT=
ARG VITE_TELEGRAM_APP=
RUN npm run build

FROM node:20-slim
WORKDIR /app
# Everything the build stage had, node_modules included: the image runs exactly what the suite
# tested, not a pruned set of packages nobody ran. Owned by root, so the server cannot rewrite itself.
COPY --from=build /app /app
# DATA_DIR holds PGlite (without DATABASE_URL), a generated JWT secret (without JWT_SECRET) and
# uploads; the only directory the server writes, owned by the unprivileged `node` user.
RUN mkdir -p /data/uploads && chown -R node:node /data
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER node
VOLUME /data
EXPOSE 3000
# Ready means the database (and Redis, when configured) answer; node:20-slim has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# main.ts handles SIGTERM itself (finish requests, close the database), so it can be PID 1. The
# flags are scripts/server-command.mjs's (why there; scripts/server-command.test.ts holds them equal).
CMD ["node", "--max-semi-space-size=64", "apps/server/dist/main.js"]
