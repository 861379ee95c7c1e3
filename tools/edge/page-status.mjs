// Real 404s: whether a path is a page of the site. The edge holds no route list of its own: the
// routers decide, through the server modules their builds produce (tools/webpack/server-bundle.plugin.ts):
// - the shell's `pageStatus(pathname)` (apps/shell/src/app/remote-routes.ts): which remote renders
//   the path, and whether it is a page where the shell's table tells (the registration and
//   downloads pages, the admin area's screens: ADMIN_ROUTES of @kbe/content, its router's table);
// - for the paths it leaves to the public remote, that remote's `isPage(pathname)` (its page table,
//   apps/public/src/app/public-routes.ts).
// A path that is no page is answered 404 with the page the browser shows there ("Page Not Found").
// Without the shell's server module (a build without one) every path is answered as a page: the
// browser's router then decides alone, as before there was a status to tell.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const SERVER_BUNDLE = 'server/render.cjs';
const A_PAGE = Object.freeze({ status: 200 });

/** A server module, required again when its file changes: a new build counts without a restart. */
function serverModule(file) {
  let loaded = { mtime: undefined, module: undefined };
  return () => {
    let mtime;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (mtime !== loaded.mtime) {
      delete require.cache[require.resolve(file)];
      loaded = { mtime, module: require(file) };
    }
    return loaded.module;
  };
}

/**
 * @param {{ distDir: string, manifest: Record<string, string>, disabled: Set<string>, log?: (line: string) => void }} options
 * @returns {(pathname: string) => { status: 200 | 404, title?: string }} the status of a page path, and the
 *   `<title>` of its 404 page where the shell gives one (the admin area's, which is not prerendered)
 */
export function createPageStatus({ distDir, manifest, disabled, log = (line) => process.stderr.write(`${line}\n`) }) {
  const dist = resolve(distDir);
  const shell = serverModule(join(dist, 'shell', SERVER_BUNDLE));
  const remotes = new Map(Object.keys(manifest).map((remote) => [remote, serverModule(join(dist, remote, SERVER_BUNDLE))]));
  // As for prerendering: only a remote this edge serves from dist, switched on, speaks for its pages.
  const local = (remote) => !disabled.has(remote) && manifest[remote] === `/remotes/${remote}/remoteEntry.js`;
  let warned = false;

  return (pathname) => {
    try {
      const routes = shell();
      if (typeof routes?.pageStatus !== 'function') return A_PAGE;
      // /mr/... and /hi/... are the English pages in Marathi and Hindi
      const path = routes.splitLocalePath?.(pathname).path ?? pathname;
      const told = routes.pageStatus(path);
      let found = told.found;
      if (found === undefined) {
        const { remote } = routes.remoteRouteFor(path);
        const pages = local(remote) ? remotes.get(remote)?.() : undefined;
        found = typeof pages?.isPage === 'function' ? pages.isPage(path) : true;
      }
      if (found) return A_PAGE;
      return told.title ? { status: 404, title: told.title } : { status: 404 };
    } catch (error) {
      // A page is never refused because its status could not be told: the browser's router decides.
      if (!warned) log(`edge: the status of ${pathname} could not be told, answering 200: ${error?.stack ?? error}`);
      warned = true;
      return A_PAGE;
    }
  };
}
