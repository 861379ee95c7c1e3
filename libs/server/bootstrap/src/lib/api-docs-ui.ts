import type { INestApplication } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { openApiPath } from './openapi-document';
import { API_DOCS_UI_CSP } from './security-headers.middleware';

/** Where the browsable API documentation lives (served by one service, routed by the edge). */
export const API_DOCS_UI_PATH = '/api/docs';

/** The files of swagger-ui-dist the page loads (self-hosted: nothing comes from a CDN). */
const UI_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

interface PlainResponse {
  setHeader(name: string, value: string): void;
  status(code: number): PlainResponse;
  send(body: string | Buffer): void;
}

function page(): string {
  const ui = `${API_DOCS_UI_PATH}/ui`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>KBE portal API</title>
  <link rel="stylesheet" href="${ui}/swagger-ui.css">
  <link rel="stylesheet" href="${ui}/index.css">
  <link rel="icon" type="image/png" href="${ui}/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${ui}/swagger-ui-bundle.js"></script>
  <script src="${ui}/swagger-ui-standalone-preset.js"></script>
  <script src="${ui}/init.js"></script>
</body>
</html>
`;
}

function initScript(services: readonly string[]): string {
  const urls = services.map((name) => ({ name, url: openApiPath(name) }));
  return `window.ui = SwaggerUIBundle({
  urls: ${JSON.stringify(urls)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;
}

/** swagger-ui-dist's folder, resolved at run time (the services' bundles keep node_modules external). */
function swaggerUiDistDir(): string {
  const from = createRequire(join(process.cwd(), 'package.json'));
  return dirname(from.resolve('swagger-ui-dist/package.json'));
}

/**
 * The browsable documentation of every service's OpenAPI document at `/api/docs/` (Swagger UI
 * from the swagger-ui-dist package, with a page policy: scripts and styles from this origin only).
 */
export function serveApiDocsUi(app: INestApplication, services: readonly string[]): void {
  const http = app.getHttpAdapter();
  const assetsDir = swaggerUiDistDir();
  const assets = new Map(Object.entries(UI_ASSETS).map(([name, type]) => [name, { type, bytes: readFileSync(join(assetsDir, name)) }]));
  const html = page();
  const init = initScript(services);
  const send = (response: PlainResponse, type: string, body: string | Buffer, cache = 'no-cache') => {
    response.setHeader('Content-Type', type);
    response.setHeader('Content-Security-Policy', API_DOCS_UI_CSP);
    response.setHeader('Cache-Control', cache);
    response.status(200).send(body);
  };
  for (const path of [API_DOCS_UI_PATH, `${API_DOCS_UI_PATH}/`]) {
    http.get(path, (_request: unknown, response: PlainResponse) => send(response, 'text/html; charset=utf-8', html));
  }
  http.get(`${API_DOCS_UI_PATH}/ui/init.js`, (_request: unknown, response: PlainResponse) => send(response, 'text/javascript; charset=utf-8', init));
  for (const [name, asset] of assets) {
    http.get(`${API_DOCS_UI_PATH}/ui/${name}`, (_request: unknown, response: PlainResponse) =>
      send(response, asset.type, asset.bytes, 'public, max-age=3600'),
    );
  }
}
