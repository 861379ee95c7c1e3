// /api/... goes to the service that owns the path (tools/stack/routes.json).
import { createProxyMiddleware } from 'http-proxy-middleware';

import { compileApiRoutes, matchApiRoute, serviceTargets } from './route-table.mjs';

function sendJson(res, statusCode, body) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(statusCode, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function isApiPath(pathname) {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function apiProxy(routes, env) {
  const compiled = compileApiRoutes(routes);
  const targets = serviceTargets(routes, env);
  const proxies = Object.fromEntries(
    Object.entries(targets).map(([service, target]) => [
      service,
      createProxyMiddleware({
        target,
        changeOrigin: false,
        xfwd: true,
        on: {
          // A service that breaks its answer off mid-body (a failed export) breaks ours off too:
          // the proxy would otherwise keep the browser waiting on a cut file that looks unfinished.
          proxyRes: (proxyRes, _req, res) => {
            proxyRes.once('close', () => {
              if (!proxyRes.complete) res.destroy();
            });
          },
          // A service that does not answer is reported as such, never as an empty success.
          error: (_error, _req, res) => {
            if (!('writeHead' in res)) {
              res.destroy?.();
              return;
            }
            sendJson(res, 502, { statusCode: 502, message: `${service} is unavailable` });
          },
        },
      }),
    ]),
  );

  return (req, res, next) => {
    if (!isApiPath(req.path)) return next();
    const service = matchApiRoute(compiled, req.path);
    if (!service) {
      sendJson(res, 404, { statusCode: 404, message: `No service serves ${req.method} ${req.path}` });
      return;
    }
    proxies[service](req, res, next);
  };
}
