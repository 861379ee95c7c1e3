# syntax=docker/dockerfile:1
# One image per NestJS service, built from the repository root:
#   docker build -f docker/node-service.Dockerfile --build-arg APP=registration-service -t kbe/registration-service .
#   docker build -f docker/node-service.Dockerfile --build-arg APP=documents-service --build-arg WITH_CHROMIUM=true -t kbe/documents-service .
# Configuration and secrets come from the environment at run time (see helm/kbe/charts/<app>/values.yaml).
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /workspace
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG APP
RUN test -n "$APP" || (echo "--build-arg APP=<service name> is required" >&2; exit 1)
# build + a package.json/lockfile with only what the service uses (Nx prune target)
RUN NX_DAEMON=false npx nx run "$APP:prune" --configuration=production --outputStyle=static

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG APP
ARG WITH_CHROMIUM=false
# documents-service renders PDFs with Chromium (Debian package, never a downloaded browser)
RUN if [ "$WITH_CHROMIUM" = "true" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core fonts-noto-core \
      && rm -rf /var/lib/apt/lists/*; \
    fi
ENV NODE_ENV=production \
    CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build /workspace/dist/apps/${APP}/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
USER node
EXPOSE 3000
# SIGTERM goes straight to node, which shuts the service down gracefully
CMD ["node", "main.js"]
