// The security headers of every layer, built from the one policy (security-headers.json):
// the local edge sends them, the nginx config of the static image and the Helm values are
// checked against them, the NestJS services read the same JSON (libs/server/bootstrap).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const policy = JSON.parse(readFileSync(new URL('./security-headers.json', import.meta.url), 'utf8'));

const withoutComments = (object) => Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('$')));

/** `{ 'default-src': ["'self'"], ... }` -> `default-src 'self'; ...` (a directive left empty is dropped). */
export function formatCsp(directives) {
  return Object.entries(withoutComments(directives))
    .filter(([, sources]) => sources.length > 0)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The origins (`https://cdn.example`) of the remotes in a module federation manifest
 * (name -> remoteEntry.js URL) that are served from another origin; same-origin entries
 * (relative URLs, or `siteOrigin` itself) are covered by 'self'.
 */
export function remoteOrigins(manifest, siteOrigin) {
  const origins = new Set();
  for (const url of Object.values(manifest ?? {})) {
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) continue;
    const { origin } = new URL(url);
    if (origin !== siteOrigin) origins.add(origin);
  }
  return [...origins].sort();
}

/** CSP hash sources of the inline scripts of an HTML page (scripts without src). */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The page policy with its placeholders filled in, ending with where violations are reported (report-uri). */
export function pageCspDirectives({ remotes = [], inlineScripts = [] } = {}) {
  const fill = (sources) => sources.flatMap((source) => (source === '{remotes}' ? remotes : source === '{inline-scripts}' ? inlineScripts : [source]));
  const directives = Object.fromEntries(Object.entries(withoutComments(policy.pageCsp)).map(([name, sources]) => [name, fill(sources)]));
  directives['report-uri'] = [policy.reporting.path];
  return directives;
}

export function pageCsp(options) {
  return formatCsp(pageCspDirectives(options));
}

export function apiCsp() {
  return formatCsp(policy.apiCsp);
}

/** Headers of every response of the product, whatever it is. */
export function everyResponseHeaders() {
  return { ...policy.everyResponse };
}

/** Headers of a page or a front-end file (shell, remotes, manifest, runtime config). */
export function pageHeaders(options) {
  return { ...everyResponseHeaders(), 'Content-Security-Policy': pageCsp(options) };
}

/** Headers of an /api answer; the handler may replace Cache-Control for public data. */
export function apiHeaders() {
  return { ...everyResponseHeaders(), 'Content-Security-Policy': apiCsp(), 'Cache-Control': policy.apiCacheControl.default };
}

/** Added where the product is served over TLS (the Ingress). */
export function tlsHeaders() {
  return { ...policy.overTls };
}

/**
 * What the Kubernetes Ingress adds to every answer (Helm value `securityHeaders`): the page
 * headers (remotes are same-origin under /remotes/) and HSTS, since TLS ends there. It sets no
 * Cache-Control: the services send no-store themselves, the front-end files their own caching.
 */
export function ingressHeaders() {
  return { ...pageHeaders(), ...tlsHeaders() };
}

/**
 * The nginx snippet of the static-file image (docker/nginx/security-headers.conf), included by
 * every location of shell.conf and remote.conf (nginx drops inherited add_header lines in a
 * location that sets its own). Same-origin remotes only (the Ingress serves them under
 * /remotes/), and the built index.html has no inline script (apps/shell/src/index.html).
 * In Kubernetes the kbe-app chart renders the same lines from `global.securityHeaders`.
 * Values are quoted as Helm's `quote` does (a `"` inside is escaped, which nginx reads back).
 */
export function nginxSnippet() {
  const lines = Object.entries(pageHeaders()).map(([name, value]) => `add_header ${name} ${JSON.stringify(value)} always;`);
  return [
    '# Generated from tools/security/security-headers.json: node tools/security/headers.mjs --nginx > docker/nginx/security-headers.conf',
    '# (checked by tools/security/nginx-config.test.mjs). Kubernetes mounts the same lines, rendered from',
    '# the values global.securityHeaders (helm/kbe/values.yaml, checked by tools/security/security-headers.deploy.test.mjs).',
    ...lines,
    '',
  ].join('\n');
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1] && process.argv[2] === '--nginx') {
  process.stdout.write(nginxSnippet());
}
