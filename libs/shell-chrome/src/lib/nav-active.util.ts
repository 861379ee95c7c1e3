import { ROUTES, type NavLinkItem } from '@kbe/content';

function trimTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Spec: a link is highlighted when the current path starts with the link path. Taken
 * literally, Home (/einstein-quest) would be highlighted on every page, so:
 * - Home ('exact') is active on the site root and on /einstein-quest only;
 * - every other link ('prefix') is active on its path and below it, on segment boundaries
 *   (/einstein-quest/exams/x yes, /einstein-quest/examsfoo no).
 */
export function isNavLinkActive(pathname: string, link: Pick<NavLinkItem, 'href' | 'match'>): boolean {
  const path = trimTrailingSlash(pathname || '/');
  const href = trimTrailingSlash(link.href);
  if (link.match === 'exact') {
    return path === href || (href === ROUTES.home && path === ROUTES.root);
  }
  return path === href || path.startsWith(`${href}/`);
}
