// The pages of the site in production (Kubernetes: the `pages` app of helm/kbe): what the local
// edge does for a page, alone. The Ingress sends it every path that is not a file, an API or a
// remote; it answers with the shell's index.html composed with the page's hints, title and, for
// the public pages, their prerendered markup (page-handler.mjs, prerender.mjs: the same code as
// the edge, so production serves the same HTML), with 404 for a path that is no page
// (page-status.mjs). Files stay with the shell's and the remotes' nginx.
//   /app/dist/shell/       the shell's build (index.html, server/render.cjs, first-paint.json), in the image
//   /app/dist/<remote>/    a remote's server/render.cjs and first-paint.json, copied at pod start from
//                          that remote's image (an init container), so a new public remote version
//                          prerenders its pages without a new shell image
// Usage: node tools/edge/page-server.mjs   (env PORT=8080, HOST=0.0.0.0, PAGES_DIST_DIR=/app/dist,
//        REMOTE_<NAME>_URL, EDITION_* and CONTACT_* as for /runtime-config.js)
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express from 'express';

import { pageHeaders, remoteOrigins } from '../security/headers.mjs';
import { listenAndWarm, portFromEnv, stopOnSignals } from './listen.mjs';
import { pageHandler } from './page-handler.mjs';
import { createPageStatus } from './page-status.mjs';
import { createPrerenderer } from './prerender.mjs';
import { disabledRemotes, loadRoutes, remoteManifest } from './route-table.mjs';

/** An /api path (as tools/edge/api-proxy.mjs says; not imported: the proxy's package is not in this image). */
const isApiPath = (pathname) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * The express application of the page server (no socket).
 * @param {{ distDir: string, routes?: object, env?: Record<string, string|undefined> }} options
 */
export function createPageApp({ distDir, routes = loadRoutes(), env = process.env }) {
  const app = express();
  app.disable('x-powered-by');
  const manifest = remoteManifest(routes, env);
  const headers = Object.entries(pageHeaders({ remotes: remoteOrigins(manifest), inlineScripts: [] }));
  app.use((_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  });
  app.get('/healthz', (_req, res) => res.type('text/plain').send('ok\n'));
  // an /api path no service serves is a JSON 404, as on the edge, never a page
  app.use((req, res, next) => {
    if (!isApiPath(req.path)) return next();
    res.status(404).setHeader('Cache-Control', 'no-store');
    res.json({ statusCode: 404, message: `No service serves ${req.method} ${req.path}` });
  });
  app.use(compression());
  const disabled = disabledRemotes(env);
  const prerenderer = createPrerenderer({ distDir, manifest, disabled, env });
  app.locals.prerenderer = prerenderer;
  app.use(pageHandler({ shellDir: join(distDir, 'shell'), prerenderer, manifest, pageStatus: createPageStatus({ distDir, manifest, disabled }), siteOrigin: env.PUBLIC_SITE_URL || undefined }));
  // a file is the shell's or a remote's nginx's business: the Ingress never sends one here
  app.use((req, res) => {
    res.status(404).setHeader('Cache-Control', 'no-store');
    res.type('text/plain').send(`Not found: ${req.path}`);
  });
  return app;
}

/**
 * Starts the page server; resolves with the listening http.Server, whose `warmed` resolves with the paths prerendered.
 * @param {{ port?: number, host?: string, distDir: string, routes?: object, env?: Record<string, string|undefined> }} options
 */
export function startPageServer({ port = 8080, host = '0.0.0.0', distDir, routes, env = process.env }) {
  return listenAndWarm(createPageApp({ distDir, routes, env }), { port, host, label: 'pages' });
}

async function main() {
  const port = portFromEnv('pages');
  const distDir = resolve(process.env.PAGES_DIST_DIR ?? '/app/dist');
  const server = await startPageServer({ port, host: process.env.HOST ?? '0.0.0.0', distDir });
  server.warmed?.then((paths) => process.stdout.write(`pages: prerendered ${paths.length} pages from ${distDir}\n`));
  stopOnSignals(server);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`pages: ${error.message}\n`);
    process.exit(1);
  });
}
