# Cairn's production image (docs/operations.md). Its steps are the scripts CI runs on the artefact
# (scripts/pack-artefact.mjs, scripts/check-artefact.mjs): build everything, pack the built files,
# install the server's production dependencies only, run the built JavaScript as a non-root user.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && node scripts/pack-artefact.mjs /artefact

FROM node:24-bookworm-slim
# PostgreSQL's client tools for backups (pg_dump, pg_restore: docs/operations.md, "Backups"), from
# PostgreSQL's own repository, of the server's major version (compose.yaml runs 16): pg_dump
# refuses a server newer than itself.
ARG PG_CLIENT_VERSION=16
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && install -d /usr/share/postgresql-common/pgdg \
 && curl -fsSL -o /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
 && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" > /etc/apt/sources.list.d/pgdg.list \
 && apt-get update \
 && apt-get install -y --no-install-recommends "postgresql-client-${PG_CLIENT_VERSION}" \
 && apt-get purge -y curl \
 && apt-get autoremove -y \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /artefact ./
RUN npm ci --omit=dev --workspace=@cairn/server --no-audit --no-fund \
 && npm cache clean --force \
 && mkdir -p /data \
 && chown node:node /data
USER node
EXPOSE 3000
# Ready: the database answers, the schema is this version's, the audit trail can be written.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm run serve`'s command, without npm in between: the server receives SIGTERM itself.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
