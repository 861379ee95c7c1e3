# syntax=docker/dockerfile:1
# One image per front end (the shell or a remote), built from the repository root:
#   docker build -f docker/static.Dockerfile --build-arg APP=shell -t kbe/shell .
#   docker build -f docker/static.Dockerfile --build-arg APP=public -t kbe/remote-public .
# and the page server (the shell's pages, with the public pages prerendered; tools/edge/page-server.mjs):
#   docker build -f docker/static.Dockerfile --build-arg APP=shell --target pages -t kbe/pages .
# A front end's Node bundle for prerendering (server/ and first-paint.json) is kept outside the
# web root, in /opt/kbe/prerender: the page server's pod copies it from the remote's image at start.
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
# lay the files out as the Ingress addresses them (without server/, the Node bundle the edge and the
# page server prerender with: it goes to /prerender); the shell gets the default manifest (every
# remote on this host) and an empty runtime configuration
RUN if [ "$APP" = "shell" ]; then target=/out; else target="/out/remotes/$APP"; fi \
    && mkdir -p "$target" /prerender && cp -r "dist/apps/$APP/." "$target/" \
    && for f in server first-paint.json; do if [ -e "$target/$f" ]; then mv "$target/$f" /prerender/; fi; done \
    && if [ "$APP" = "shell" ]; then \
         node --input-type=module -e "import { loadRoutes, remoteManifest } from './tools/edge/route-table.mjs'; import { runtimeConfigScript } from './tools/edge/runtime-config.mjs'; import { writeFileSync } from 'node:fs'; writeFileSync('/out/module-federation.manifest.json', JSON.stringify(remoteManifest(loadRoutes()), null, 2)); writeFileSync('/out/runtime-config.js', runtimeConfigScript({}));"; \
       fi

# --- the page server's production dependencies (React and the packages the server bundles require) ---
FROM node:22.21.1-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# express and compression are development tools of the workspace (the local edge) and the page
# server's only other packages: the versions of package-lock.json (checked by tools/deploy)
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && npm install --no-save --omit=dev --ignore-scripts --no-audit --no-fund express@4.22.3 compression@1.8.2 \
    && npm cache clean --force

# --- the page server: the shell's build and the edge's page composition, non-root (build with APP=shell) ---
FROM node:22.21.1-bookworm-slim AS pages
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    PAGES_DIST_DIR=/app/dist \
    HOME=/tmp
WORKDIR /app
COPY --from=deps --chown=root:root /app/ ./
COPY --chown=root:root tools/edge/ ./tools/edge/
COPY --chown=root:root tools/security/ ./tools/security/
COPY --chown=root:root tools/stack/routes.json ./tools/stack/routes.json
COPY --from=build --chown=root:root /out/index.html ./dist/shell/index.html
COPY --from=build --chown=root:root /prerender/ ./dist/shell/
HEALTHCHECK --interval=15s --timeout=3s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
USER 1000:1000
EXPOSE 8080
CMD ["node", "tools/edge/page-server.mjs"]

# --- a front end: nginx, unprivileged (the default target) ---
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
# not served: copied by the page server's pod (an init container, helm/kbe values `pages.prerenderFrom`)
COPY --from=build --chown=root:root /prerender/ /opt/kbe/prerender/
# nginx-unprivileged: uid 101, port 8080, pid and temporary files under /tmp
USER 101:101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD ["wget", "--quiet", "--spider", "http://127.0.0.1:8080/healthz"]
