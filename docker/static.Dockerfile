# syntax=docker/dockerfile:1
# One image per front end (the shell or a remote), built from the repository root:
#   docker build -f docker/static.Dockerfile --build-arg APP=shell -t kbe/shell .
#   docker build -f docker/static.Dockerfile --build-arg APP=public -t kbe/remote-public .
# The shell is served at /, a remote at /remotes/<APP>/ (the paths the Ingress and the edge route
# to it). The shell's module-federation.manifest.json and runtime-config.js are defaults here;
# Kubernetes replaces them from values (ConfigMap), so they change without a rebuild.

FROM node:22.21.1-bookworm-slim AS build
WORKDIR /workspace
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG APP
RUN test -n "$APP" || (echo "--build-arg APP=<front end name> is required" >&2; exit 1)
RUN NX_DAEMON=false NODE_ENV=production npx nx build "$APP" --configuration=production --outputStyle=static
# lay the files out as the Ingress addresses them (without server/, the Node bundle the local edge
# prerenders with); the shell gets the default manifest (every remote on this host) and an empty
# runtime configuration
RUN if [ "$APP" = "shell" ]; then target=/out; else target="/out/remotes/$APP"; fi \
    && mkdir -p "$target" && cp -r "dist/apps/$APP/." "$target/" && rm -rf "$target/server" \
    && if [ "$APP" = "shell" ]; then \
         node --input-type=module -e "import { loadRoutes, remoteManifest } from './tools/edge/route-table.mjs'; import { runtimeConfigScript } from './tools/edge/runtime-config.mjs'; import { writeFileSync } from 'node:fs'; writeFileSync('/out/module-federation.manifest.json', JSON.stringify(remoteManifest(loadRoutes()), null, 2)); writeFileSync('/out/runtime-config.js', runtimeConfigScript({}));"; \
       fi

FROM nginxinc/nginx-unprivileged:1.27.5-alpine AS runtime
ARG APP
COPY docker/nginx/shell.conf docker/nginx/remote.conf /tmp/kbe-nginx/
COPY docker/nginx/security-headers.conf /etc/nginx/security-headers.conf
USER 0
# the server configuration for this front end; the html directory starts empty
RUN if [ "$APP" = "shell" ]; then \
      cp /tmp/kbe-nginx/shell.conf /etc/nginx/conf.d/default.conf; \
    else \
      sed "s#__BASE_PATH__#/remotes/${APP}/#g" /tmp/kbe-nginx/remote.conf > /etc/nginx/conf.d/default.conf; \
    fi \
    && rm -rf /tmp/kbe-nginx /usr/share/nginx/html/*
COPY --from=build --chown=root:root /out/ /usr/share/nginx/html/
# nginx-unprivileged: uid 101, port 8080, pid and temporary files under /tmp
USER 101:101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD ["wget", "--quiet", "--spider", "http://127.0.0.1:8080/healthz"]
