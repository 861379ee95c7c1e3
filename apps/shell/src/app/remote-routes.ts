import { matchRoutes } from 'react-router-dom';

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
  { path: '/admin/*', remote: 'admin', chrome: false },
  { path: '/einstein-quest/online-registrations', remote: 'registration', chrome: true },
  { path: '/einstein-quest/downloads', remote: 'downloads', chrome: true },
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
