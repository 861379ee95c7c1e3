// The routing table of the product (tools/stack/routes.json) as the edge uses it: which
// service owns an /api path, where each service listens, and where each remote is served.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const defaultRoutesFile = join(dirname(fileURLToPath(import.meta.url)), '../stack/routes.json');

export function loadRoutes(file = defaultRoutesFile) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Compiles the `api` list: pattern routes (regular expressions) are tried first, in file
 * order, then prefixes, longest first. A prefix matches whole path segments only
 * (`/api/health` matches `/api/health` and `/api/health/x`, not `/api/healthz`).
 */
export function compileApiRoutes(routes) {
  const known = new Set(Object.keys(routes.services ?? {}));
  const patterns = [];
  const prefixes = [];
  for (const route of routes.api ?? []) {
    if (!known.has(route.service)) throw new Error(`routes.json: route ${JSON.stringify(route)} names an unknown service`);
    if (route.pattern) patterns.push({ regex: new RegExp(route.pattern), service: route.service });
    else if (route.prefix) prefixes.push({ prefix: route.prefix.replace(/\/+$/, ''), service: route.service });
    else throw new Error(`routes.json: route ${JSON.stringify(route)} has neither a pattern nor a prefix`);
  }
  prefixes.sort((a, b) => b.prefix.length - a.prefix.length);
  return { patterns, prefixes };
}

/** The service that owns `pathname`, or undefined. */
export function matchApiRoute(compiled, pathname) {
  for (const { regex, service } of compiled.patterns) {
    if (regex.test(pathname)) return service;
  }
  for (const { prefix, service } of compiled.prefixes) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return service;
  }
  return undefined;
}

/** `registration-service` -> `REGISTRATION_SERVICE_URL` (the same names tools/stack gives the services). */
export function serviceUrlVariable(service) {
  return `${service.replace(/-service$/, '').replace(/-/g, '_').toUpperCase()}_SERVICE_URL`;
}

/** Where each service is reached: `<NAME>_SERVICE_URL` from env, else 127.0.0.1 and its port. */
export function serviceTargets(routes, env = {}) {
  return Object.fromEntries(
    Object.entries(routes.services).map(([service, { port }]) => [service, env[serviceUrlVariable(service)] || `http://127.0.0.1:${port}`]),
  );
}

/** `public` -> `REMOTE_PUBLIC_URL`. */
export function remoteUrlVariable(remote) {
  return `REMOTE_${remote.replace(/-/g, '_').toUpperCase()}_URL`;
}

/**
 * The manifest the shell reads at start: remote name -> URL of its remoteEntry.js.
 * Default `/remotes/<name>/remoteEntry.js` (same origin); `REMOTE_<NAME>_URL` overrides it,
 * either with the file's URL or with a base URL ending in `/`.
 */
export function remoteManifest(routes, env = {}) {
  return Object.fromEntries(
    routes.remotes.map((remote) => {
      const override = env[remoteUrlVariable(remote)];
      const url = !override ? `/remotes/${remote}/remoteEntry.js` : override.endsWith('/') ? `${override}remoteEntry.js` : override;
      return [remote, url];
    }),
  );
}

/** `EDGE_DISABLE_REMOTES=public,admin` -> Set { 'public', 'admin' }: their files answer 404. */
export function disabledRemotes(env = {}) {
  return new Set(
    (env.EDGE_DISABLE_REMOTES ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}
