// The local edge: one URL for the whole product, as the Kubernetes Ingress gives in production.
//   /                                  the shell (dist/apps/shell); every page (client-side route) is the
//                                      shell's index.html with preload hints and, for the public pages,
//                                      their prerendered markup (prerender.mjs, page-html.mjs); a path
//                                      that is no page, the same with 404 (page-status.mjs)
//   /remotes/<name>/                   each remote (dist/apps/<name>)
//   /module-federation.manifest.json   remote name -> remoteEntry.js URL, read by the shell at start
//   /runtime-config.js                  window.__KBE_CONFIG__ (edition settings, contact details, a development deployment)
//   /api/...                           proxied to the owning service (tools/stack/routes.json)
// Usage: node tools/edge/server.mjs   (env PORT=8080, EDGE_HOST=127.0.0.1, EDGE_DIST_DIR=dist/apps,
//        REMOTE_<NAME>_URL, <NAME>_SERVICE_URL, EDGE_DISABLE_REMOTES=public,...,
//        EDGE_PRERENDER=0 to serve pages without prerendered markup)
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express from 'express';

import { apiProxy, isApiPath } from './api-proxy.mjs';
import { disabledRemotes, loadRoutes, remoteManifest } from './route-table.mjs';
import { CACHE_REVALIDATE, staticFiles } from './static-files.mjs';
import { pageHandler } from './page-handler.mjs';
import { createPageStatus } from './page-status.mjs';
import { listenAndWarm, portFromEnv, stopOnSignals } from './listen.mjs';
import { createPrerenderer } from './prerender.mjs';
import { runtimeConfigScript } from './runtime-config.mjs';
import { securityHeaders } from './security-headers.mjs';


const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function notFound(res, what) {
  res.status(404).setHeader('Cache-Control', 'no-store');
  res.type('text/plain').send(`Not found: ${what}`);
}

/** The express application of the edge (no socket); see startEdge. */
export function createEdgeApp({ distDir, routes, env = process.env }) {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');

  const manifest = remoteManifest(routes, env);
  const shellDir = join(distDir, 'shell');
  // First, so that every answer carries them, a 404 or a proxy error included.
  app.use(securityHeaders({ manifest, indexFile: join(shellDir, 'index.html') }));

  // Services answer for themselves; only the edge's own files are compressed here.
  app.use(apiProxy(routes, env));
  app.use(compression({ filter: (req, res) => !isApiPath(req.path) && compression.filter(req, res) }));

  app.get('/module-federation.manifest.json', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_REVALIDATE);
    res.json(manifest);
  });

  const configScript = runtimeConfigScript(env);
  app.get('/runtime-config.js', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_REVALIDATE);
    res.type('text/javascript').send(configScript);
  });

  const disabled = disabledRemotes(env);
  for (const remote of routes.remotes) {
    const prefix = `/remotes/${remote}`;
    if (disabled.has(remote)) {
      app.use(prefix, (req, res) => notFound(res, `${prefix}${req.path} (remote disabled by EDGE_DISABLE_REMOTES)`));
    } else {
      app.use(prefix, staticFiles(join(distDir, remote)), (req, res) => notFound(res, `${prefix}${req.path}`));
    }
  }
  app.use('/remotes', (req, res) => notFound(res, `/remotes${req.path}`));

  app.use(staticFiles(shellDir));
  const prerenderer = env.EDGE_PRERENDER === '0' ? undefined : createPrerenderer({ distDir, manifest, disabled, env });
  // startEdge hands it to the server (warm-up); express' locals are the app's own storage.
  app.use(pageHandler({ shellDir, prerenderer, manifest, pageStatus: createPageStatus({ distDir, manifest, disabled }), siteOrigin: env.PUBLIC_SITE_URL || undefined }));
  app.locals.prerenderer = prerenderer;
  app.use((req, res) => notFound(res, req.path));
  return app;
}

/**
 * Starts the edge and resolves with the listening http.Server (call close() to stop it); its
 * `warmed` promise resolves with the paths prerendered ahead of the first visitor.
 * @param {{ port?: number, host?: string, distDir?: string, routes?: object, env?: Record<string, string|undefined> }} options
 */
export function startEdge({ port = 8080, host, distDir = join(repoRoot, 'dist/apps'), routes = loadRoutes(), env = process.env } = {}) {
  const app = createEdgeApp({ distDir, routes, env });
  return listenAndWarm(app, { port, host: host ?? env.EDGE_HOST ?? '127.0.0.1', label: 'edge' });
}

async function main() {
  const port = portFromEnv('edge');
  const distDir = resolve(process.env.EDGE_DIST_DIR ?? join(repoRoot, 'dist/apps'));
  const server = await startEdge({ port, distDir });
  server.warmed?.then((paths) => process.stdout.write(`edge: prerendered ${paths.length} pages\n`));
  const { address, port: actualPort } = server.address();
  const disabled = [...disabledRemotes(process.env)];
  process.stdout.write(
    `edge: http://localhost:${actualPort} (listening on ${address}), files from ${distDir}` +
      `${disabled.length ? `, remotes disabled: ${disabled.join(', ')}` : ''}\n`,
  );
  stopOnSignals(server);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`edge: ${error.message}\n`);
    process.exit(1);
  });
}
