// Security headers on every answer of the edge, from the one policy (tools/security):
// pages and front-end files get the page CSP (scripts from the site and the remotes of the
// manifest only, inline scripts of the shell's index.html by hash); /api answers get the API
// headers, which the service answering replaces with its own (the same policy) where it sets them.
import { readFileSync, statSync } from 'node:fs';

import { apiHeaders, inlineScriptHashes, pageHeaders, remoteOrigins } from '../security/headers.mjs';
import { isApiPath } from './api-proxy.mjs';

/** Hashes of the inline scripts of a file, re-read when the file changes (a rebuild). */
function inlineScriptsOf(file) {
  let cached = { mtimeMs: -1, hashes: [] };
  return () => {
    let mtimeMs;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return [];
    }
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, hashes: inlineScriptHashes(readFileSync(file, 'utf8')) };
    return cached.hashes;
  };
}

export function securityHeaders({ manifest, indexFile }) {
  const api = Object.entries(apiHeaders());
  const remotes = remoteOrigins(manifest);
  const inlineScripts = inlineScriptsOf(indexFile);
  return (req, res, next) => {
    const headers = isApiPath(req.path) ? api : Object.entries(pageHeaders({ remotes, inlineScripts: inlineScripts() }));
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
