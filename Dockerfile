# syntax=docker/dockerfile:1
# The API with the built site, for compose.yaml or any container platform (docs/operations.md, "Production").
# Stage 1 installs and builds the whole workspace and lays the site out as `npm start` does; stage 2 holds only a
# production install of the api package (pnpm deploy: its dependencies, @skynet/contract and @skynet/site built in),
# the ops CLI and the site refresh (scripts/image-layout.mjs), the `skynet` command, and the built site at a
# read-only path; it runs as the unprivileged `node` user.
#
# No container daemon runs on the development machines or CI (the docker CLI is there, no daemon, and no image
# registry is reachable), so this file has never been built here. What is checked without one:
# api/test/deploy-files.test.ts parses this file (every COPY source exists, base images pinned, the CMD's paths) and
# validates compose.yaml against the Compose specification's schema; api/test/image-files.test.ts lays out the
# image's /app/api as the build stage does (pnpm deploy --prod, then scripts/image-layout.mjs) and runs `skynet`
# admin, ops, refresh-site and s3-bucket from that output.
#
# Node 24 LTS, the project's development and CI runtime (Node 22 still works: NODE_IMAGE=node:22-bookworm-slim).
# The LTS line's tag, so a rebuild takes Node's security releases; pin a digest (node:24-bookworm-slim@sha256:…)
# where builds must be reproducible.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV CI=true npm_config_update_notifier=false
COPY . .
RUN node scripts/pnpm.mjs install --frozen-lockfile \
 && node scripts/pnpm.mjs -r --workspace-concurrency=2 build \
 && SITE_DIR=/out/site node --input-type=module \
      -e "const { publishSite } = await import('./tooling/site/publish-site.mjs'); await publishSite({ command: 'docker build', reason: 'the image was built' });" \
 && node scripts/pnpm.mjs --filter @skynet/api deploy --prod /out/api \
 && rm -rf /out/api/src /out/api/test /out/api/bench \
 && node scripts/image-layout.mjs /out/api

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    SITE_DIR=/srv/site \
    SITE_IMAGE_DIR=/app/site-image
# The code and the image's site belong to root (read-only for the process). The served site is a volume at
# /srv/site (empty in the image, owned by `node`, uid 1000, so a new volume is too): at each start `skynet start`
# publishes the image's builds into it when they are newer (tooling/site/refresh-site.mjs), and `skynet ops`
# publishes into it.
COPY --from=build /out/api /app/api
COPY --from=build /out/site /app/site-image
RUN ln -s /app/api/skynet /usr/local/bin/skynet \
 && mkdir -p /data /srv/site \
 && chown node:node /data /srv/site
USER node
WORKDIR /app/api
EXPOSE 8080
VOLUME ["/data"]
# Liveness: the process answers. Readiness (PostgreSQL and Redis answer) is /api/health/ready, for the proxy or
# the orchestrator's readiness probe.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains sockets and requests within SHUTDOWN_TIMEOUT_MS (10 s): give the container a little more. The
# `skynet` script execs node, so node is PID 1 and gets the signal.
STOPSIGNAL SIGTERM
# skynet start: refresh the site volume from the image, then node dist/server.js. Other commands: `skynet help`.
CMD ["skynet", "start"]
