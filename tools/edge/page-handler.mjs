// Every page of the site (a GET of a path that is not a file): the shell's index.html composed
// with the first screen's hints and, where the builds allow it, the prerendered markup
// (page-html.mjs, prerender.mjs). A path that is no page of the site gets the same HTML (the page
// the browser shows there: "Page Not Found") with status 404 (page-status.mjs). The
// Content-Security-Policy is computed from the page as sent (inline scripts by hash; it has none today).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { inlineScriptHashes, pageHeaders, remoteOrigins } from '../security/headers.mjs';
import { composePage } from './page-html.mjs';
import { CACHE_REVALIDATE, looksLikeAsset } from './static-files.mjs';

/**
 * @param {{ shellDir: string, prerenderer?: object, manifest: Record<string, string>,
 *   pageStatus?: (pathname: string) => { status: number, title?: string }, log?: (line: string) => void,
 *   siteOrigin?: string }} options `siteOrigin`: the public address of the site (PUBLIC_SITE_URL) for
 *   the hreflang links; the request's own host when unset
 */
export function pageHandler({ shellDir, prerenderer, manifest, pageStatus = () => ({ status: 200 }), log = (line) => process.stderr.write(`${line}\n`), siteOrigin }) {
  const indexFile = join(shellDir, 'index.html');
  const remotes = remoteOrigins(manifest);
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (looksLikeAsset(req.path)) return next();
    if (!existsSync(indexFile)) {
      res.status(503).setHeader('Cache-Control', 'no-store');
      res.type('text/plain').send('The shell is not built yet: run `npx nx build shell`.');
      return;
    }
    let page;
    try {
      page = await prerenderer?.page(req.path, new URL(req.originalUrl, 'http://edge').search);
    } catch (error) {
      // The page still works: the browser renders it, as without prerendering.
      log(`edge: prerendering ${req.path} failed, the browser renders it: ${error?.stack ?? error}`);
    }
    const status = pageStatus(req.path);
    // the page's own title; for a 404 that is not prerendered (the admin area's), the one its status gives
    const meta = page?.meta ?? (status.title ? { title: status.title } : undefined);
    // a real page is announced in its other languages; a 404 is not
    const alternates = status.status === 200 ? page?.alternates : undefined;
    const origin = siteOrigin ?? `${req.protocol}://${req.get('host')}`;
    const html = composePage(readFileSync(indexFile, 'utf8'), { hints: page?.hints, markup: page?.markup, meta, lang: page?.lang, alternates, origin });
    res.setHeader('Content-Security-Policy', pageHeaders({ remotes, inlineScripts: inlineScriptHashes(html) })['Content-Security-Policy']);
    res.setHeader('Cache-Control', CACHE_REVALIDATE);
    res.status(status.status).type('html').send(html);
  };
}
