# syntax=docker/dockerfile:1
# The API with the built site, for compose.yaml or any container platform (docs/operations.md, "Production").
# Stage 1 installs and builds the whole workspace and lays the site out as `npm start` does; stage 2 holds only a
# production install of the api package (pnpm deploy: its dependencies, @skynet/contract and @skynet/site built in)
# and the site, and runs as the unprivileged `node` user. Not built in a container here (no Docker on the development machines):
# deploy/haproxy.cfg and compose.yaml are checked by api/test/deploy-files.test.ts, and the same `pnpm deploy` output
# was started and answered /api/health and /api/health/ready.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV CI=true npm_config_update_notifier=false
COPY . .
RUN node scripts/pnpm.mjs install --frozen-lockfile \
 && node scripts/pnpm.mjs -r --workspace-concurrency=2 build \
 && SITE_DIR=/out/site node --input-type=module \
      -e "const { publishSite } = await import('./tooling/site/publish-site.mjs'); await publishSite({ command: 'docker build', reason: 'the image was built' });" \
 && node scripts/pnpm.mjs --filter @skynet/api deploy --prod /out/api \
 && rm -rf /out/api/src /out/api/test /out/api/bench

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    SITE_DIR=/srv/site
# The code belongs to root (read-only for the process); the data folder and the site (a volume that `npm run ops`
# may publish into) belong to the `node` user (uid 1000) the process runs as.
COPY --from=build /out/api /app/api
COPY --from=build --chown=node:node /out/site /srv/site
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /app/api
EXPOSE 8080
VOLUME ["/data"]
# Liveness: the process answers. Readiness (PostgreSQL and Redis answer) is /api/health/ready, for the proxy or
# the orchestrator's readiness probe.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains sockets and requests within SHUTDOWN_TIMEOUT_MS (10 s): give the container a little more.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server.js"]
