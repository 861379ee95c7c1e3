# syntax=docker/dockerfile:1
# One image per front end (the shell or a remote), built from the repository root:
#   docker build -f docker/static.Dockerfile --build-arg APP=shell -t kbe/shell .
#   docker build -f docker/static.Dockerfile --build-arg APP=public -t kbe/remote-public .
# The shell is served at /, a remote at /remotes/<APP>/ (the paths the Ingress routes to it).
# The shell's /module-federation.manifest.json is mounted at run time (Helm ConfigMap).
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /workspace
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG APP
RUN test -n "$APP" || (echo "--build-arg APP=<front end name> is required" >&2; exit 1)
RUN NX_DAEMON=false npx nx build "$APP" --configuration=production --outputStyle=static
# lay the files out as the Ingress addresses them
RUN if [ "$APP" = "shell" ]; then target=/out; else target="/out/remotes/$APP"; fi \
    && mkdir -p "$target" && cp -r "dist/apps/$APP/." "$target/"

FROM nginxinc/nginx-unprivileged:1.27-alpine AS runtime
ARG APP
COPY docker/nginx/shell.conf docker/nginx/remote.conf /tmp/nginx/
COPY docker/nginx/security-headers.conf /etc/nginx/security-headers.conf
USER root
RUN if [ "$APP" = "shell" ]; then \
      cp /tmp/nginx/shell.conf /etc/nginx/conf.d/default.conf; \
    else \
      sed "s#__BASE_PATH__#/remotes/${APP}/#g" /tmp/nginx/remote.conf > /etc/nginx/conf.d/default.conf; \
    fi \
    && rm -rf /tmp/nginx /usr/share/nginx/html/*
USER 101
COPY --from=build /out/ /usr/share/nginx/html/
EXPOSE 8080
