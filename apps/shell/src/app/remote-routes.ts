import { matchRoutes } from 'react-router-dom';
import { ADMIN_NOT_FOUND_TITLE, ADMIN_ROUTES, ROUTES } from '@kbe/content';
import { PORTAL_PAGE_PATH } from '@kbe/contracts/zod-free';

import type { RemoteName } from './remote-page-loader';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** Inside the public chrome (header, footer); the admin area has its own. */
  chrome: boolean;
}

/**
 * Which remote renders which path: the shell's router (app.tsx) and the edge's prerendering
 * (server/render-page.tsx) read the same table. The public remote renders every other path,
 * including its 404.
 */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: `${ADMIN_ROUTES.root}/*`, remote: 'admin', chrome: false },
  { path: ROUTES.registration, remote: 'registration', chrome: true },
  { path: ROUTES.downloads, remote: 'downloads', chrome: true },
  { path: PORTAL_PAGE_PATH, remote: 'schools', chrome: true },
  { path: '*', remote: 'public', chrome: true },
];

/** The route (remote, chrome) of an absolute path, ranked as the router ranks it. */
export function remoteRouteFor(pathname: string): RemoteRoute {
  const matches = matchRoutes(
    REMOTE_ROUTES.map((route) => ({ path: route.path, handle: route })),
    pathname,
  );
  return (matches?.[0]?.route.handle as RemoteRoute | undefined) ?? REMOTE_ROUTES[REMOTE_ROUTES.length - 1];
}

/** The fixed paths inside the public chrome (the wildcard's pages are listed by the public remote). */
export function chromePaths(): string[] {
  return REMOTE_ROUTES.filter((route) => route.chrome && !route.path.includes('*')).map((route) => route.path);
}

/** Whether a path is one of the admin area's screens, matched as the admin remote's router matches it. */
export function isAdminScreen(pathname: string): boolean {
  return matchRoutes(Object.values(ADMIN_ROUTES).map((path) => ({ path })), pathname) !== null;
}

/** Whether a path is a page of the site, as far as the shell's routes tell (see pageStatus). */
export interface PageStatus {
  /**
   * true: a page; false: the remote shows its 404 page there; undefined: the remote's own pages
   * decide (the public remote, whose server module tells the edge with `isPage`).
   */
  found?: boolean;
  /** The `<title>` of that 404 page where no prerendering gives it (the admin area renders in the browser only). */
  title?: string;
}

/**
 * For the edge (tools/edge/page-status.mjs), which answers 404 with the page the browser shows for
 * a path that is no page: the registration, downloads and schools remotes have one page each (their route),
 * the admin area the screens of ADMIN_ROUTES, and the public remote's pages are its own.
 */
export function pageStatus(pathname: string): PageStatus {
  const { remote } = remoteRouteFor(pathname);
  if (remote === 'public') return {};
  if (remote === 'admin') return isAdminScreen(pathname) ? { found: true } : { found: false, title: ADMIN_NOT_FOUND_TITLE };
  return { found: true };
}
