# syntax=docker/dockerfile:1
# One image per NestJS service, built from the repository root:
#   docker build -f docker/node-service.Dockerfile --build-arg APP=registration-service --build-arg APP_PORT=3101 -t kbe/registration-service .
#   docker build -f docker/node-service.Dockerfile --target documents --build-arg APP=documents-service --build-arg APP_PORT=3102 -t kbe/documents-service .
# Only the documents image (target `documents`) carries Chromium and fonts. Configuration and
# secrets come from the environment at run time (helm/kbe/values.yaml, docker/compose.yaml).

# --- build: the whole workspace, then the Nx build of one service and its pruned package.json ---
FROM node:22.21.1-bookworm-slim AS build
WORKDIR /workspace
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG APP
RUN test -n "$APP" || (echo "--build-arg APP=<service name> is required" >&2; exit 1)
# dist/apps/$APP: main.js, a package.json and lockfile with only what the service imports, and
# the workspace libraries it needs (Nx targets prune-lockfile + copy-workspace-modules)
RUN NX_DAEMON=false npx nx run "$APP:prune" --configuration=production --outputStyle=static

# --- production dependencies only: no dev tools, no compilers, no npm cache ---
FROM node:22.21.1-bookworm-slim AS deps
ARG APP
WORKDIR /app
COPY --from=build /workspace/dist/apps/${APP}/ ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# --- runtime: node, the service, non-root ---
FROM node:22.21.1-bookworm-slim AS runtime
ARG APP
ARG APP_PORT=3000
ENV NODE_ENV=production \
    SERVICE_NAME=${APP} \
    PORT=${APP_PORT} \
    HOST=0.0.0.0 \
    HOME=/tmp
WORKDIR /app
COPY --from=deps --chown=root:root /app/ ./
# the same endpoint the Kubernetes probes ask (it checks the service's dependencies too)
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/${process.env.SERVICE_NAME}`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
USER 1000:1000
EXPOSE ${APP_PORT}
# node is PID 1 and receives SIGTERM directly: the service closes its servers and consumers
CMD ["node", "main.js"]

# --- documents-service: the runtime plus Debian's Chromium and the fonts of the PDFs ---
FROM runtime AS documents
USER 0
RUN apt-get update \
    && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core fonts-noto-core \
    && rm -rf /var/lib/apt/lists/*
ENV CHROMIUM_PATH=/usr/bin/chromium
USER 1000:1000

# --- every other service (the default target) ---
FROM runtime AS service
