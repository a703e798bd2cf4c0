# syntax=docker/dockerfile:1
# The funnel in production: build once, run as a non-root user with production dependencies
# only. Migrations are applied at start by the app itself (under a PostgreSQL advisory lock,
# so several instances may start at once against one database).
#
#   docker build -t funnel .
#   docker run -p 3000:3000 \
#     -e DATABASE_URL=postgres://funnel:secret@db:5432/funnel \
#     -e SESSION_SECRET=$(openssl rand -base64 48) funnel
#
# The server (server.mjs) drains on SIGTERM (`docker stop`): it stops taking requests, lets
# those in flight finish, stops the outbox worker after its round and closes the database
# (SHUTDOWN_TIMEOUT_MS, 20 s by default, below Docker's 30 s with --stop-timeout 30).
# Behind a load balancer or proxy that sets X-Forwarded-For, set TRUST_PROXY=true.
#
# Several instances: run as many containers as you like with the same DATABASE_URL and
# SESSION_SECRET behind a load balancer. Sessions, flows and the outbox live in PostgreSQL;
# each instance runs an outbox worker, and workers claim messages with SKIP LOCKED.
# Without DATABASE_URL the container keeps an embedded PGlite database in /app/.data
# (mount a volume there), which suits one instance only.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci
COPY . .
RUN npx remix build
# The staff command and backups, bundled: the image has no TypeScript runner
# (docker compose exec app node build/scripts/staff.mjs reset-password EMAIL).
RUN npm run build:scripts

FROM node:20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# patch-package (a dependency) applies patches/ after the install: the route matcher's cache.
COPY patches ./patches
RUN npm ci --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=production-dependencies --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/app/server/db/migrations ./app/server/db/migrations
COPY --chown=node:node package.json server.mjs ./
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "server.mjs"]
