# syntax=docker/dockerfile:1
# Orliverse Classroom: the production server (react-router-serve).
# First working version; the operations issue hardens it.
#
#   docker build -t orliverse-classroom .
#   docker run -p 3000:3000 -v orliverse-data:/data \
#     -e SESSION_SECRET="$(openssl rand -hex 32)" \
#     -e ADMIN_EMAIL=admin@school.example -e ADMIN_PASSWORD='Change-Me-123' \
#     orliverse-classroom
#
# Nothing is seeded unless DEMO_DATA=true. Behind plain http (no TLS proxy),
# add -e SECURE_COOKIES=false or the browser drops the session cookie.

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
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    CONTENT_DIR=/app/content
WORKDIR /app
RUN groupadd --system app \
 && useradd --system --gid app --home-dir /app --shell /usr/sbin/nologin app \
 && mkdir -p /data \
 && chown app:app /data
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
# Migrations run at start from ./drizzle; the local survey content lives in ./content.
COPY drizzle ./drizzle
COPY content ./content
USER app
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "node_modules/@react-router/serve/bin.js", "build/server/index.js"]
