// Static files of the shell and the remotes, with cache headers that let a browser keep
// hashed assets forever and always revalidate the files that point at them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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

export function staticFiles(root) {
  return express.static(root, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
  });
}

/** Serves the shell's index.html for client-side routes. */
export function spaFallback(shellDir) {
  const indexFile = join(shellDir, 'index.html');
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (looksLikeAsset(req.path)) return next();
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The shell is not built yet: run `npx nx build shell`.');
      return;
    }
    res.setHeader('Cache-Control', CACHE_REVALIDATE);
    res.sendFile(indexFile);
  };
}
