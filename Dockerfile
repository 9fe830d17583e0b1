# Orliverse Classroom: the production server (our own entry, build/server/index.js; ADR 100).
# docs/operations.md covers running, backing up and upgrading it;
# `npm run test:docker` builds this file unchanged and checks the container.
#
#   docker build -t orliverse-classroom .
#   docker run -p 3000:3000 -v orliverse-data:/data \
#     -e APP_URL=https://classroom.school.example \
#     -e SESSION_SECRET="$(openssl rand -hex 32)" \
#     -e ADMIN_EMAIL=admin@school.example -e ADMIN_PASSWORD='Change-Me-123' \
#     orliverse-classroom
#
# APP_URL (the public address) and SESSION_SECRET are required. Behind a
# reverse proxy, add -e TRUST_PROXY=1 (or the proxy's addresses) so the app
# sees each client's address (docs/operations.md). Cookies are Secure when
# APP_URL is https. Nothing is seeded unless DEMO_DATA=true.
# With DATABASE_URL set, the app uses that PostgreSQL and /data stays empty.
# All configuration is environment variables (app/server/config.server.ts).
#
# No "# syntax=" line on purpose: it makes BuildKit pull a frontend image,
# which fails where images cannot be pulled. The classic builder works too.

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm install when npm ci refuses the lock file: it lacks other platforms'
# biome/rollup binaries (see .ci/run); regenerate it on a full registry to drop this.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) \
 && npm cache clean --force

FROM ${NODE_IMAGE}
# Settings and metadata first, the big COPYs last: on copy-on-write-less
# storage (vfs, as in `npm run test:docker`) every step after a COPY copies
# the whole filesystem again.
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    CONTENT_DIR=/app/content
WORKDIR /app
RUN groupadd --system app \
 && useradd --system --gid app --home-dir /app --shell /usr/sbin/nologin app \
 && mkdir -p /data \
 && chown app:app /data
VOLUME /data
EXPOSE 3000
# /readyz is 200 when the database answers within 1 s, 503 otherwise.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1: the app's SIGTERM handler closes the database and exits
# within 5 s (app/server/app.server.ts), well inside docker stop's 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "build/server/index.js"]
USER app
# Files stay root-owned and read-only to the app user; only /data is its own.
# Migrations run at start from ./drizzle; the local survey content lives in ./content.
COPY package.json ./
COPY drizzle ./drizzle
COPY content ./content
COPY --from=build /app/build ./build
COPY --from=production-deps /app/node_modules ./node_modules
