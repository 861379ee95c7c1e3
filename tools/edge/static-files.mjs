// Static files of the shell and the remotes, with cache headers that let a browser keep
// hashed assets forever and always revalidate the files that point at them.
import express from 'express';

const HASHED_FILE = /\.[0-9a-f]{16,}\.[a-z0-9]+$/i; // webpack [contenthash] file names
const ALWAYS_REVALIDATE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']);

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_SHORT = 'public, max-age=300';

export function cacheControlFor(filePath) {
  const file = filePath.split(/[\\/]/).pop() ?? '';
  if (ALWAYS_REVALIDATE.has(file)) return CACHE_REVALIDATE;
  if (HASHED_FILE.test(file)) return CACHE_IMMUTABLE;
  return CACHE_SHORT;
}

/** A path whose last segment has a file extension: a missing one is a 404, never the SPA page. */
export function looksLikeAsset(pathname) {
  const last = pathname.split('/').pop() ?? '';
  return /\.[a-z0-9]+$/i.test(last);
}

/** A build's `server/` folder (its Node bundle for prerendering) is for the edge, never served. */
export const SERVER_ONLY = /^\/server(\/|$)/;

export function staticFiles(root) {
  const serve = express.static(root, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
  });
  return (req, res, next) => (SERVER_ONLY.test(req.path) ? next() : serve(req, res, next));
}
