import { ROUTES } from '@kbe/content';

export type PublicPageId = 'home' | 'about' | 'exams' | 'gallery' | 'contact' | 'not-found';

const PAGES: Record<string, PublicPageId> = {
  [ROUTES.root]: 'home',
  [ROUTES.home]: 'home',
  [ROUTES.about]: 'about',
  [ROUTES.exams]: 'exams',
  [ROUTES.gallery]: 'gallery',
  [ROUTES.contact]: 'contact',
};

/** Which page of the public remote serves an absolute path; anything else is the 404 page. */
export function resolvePublicPage(pathname: string): PublicPageId {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGES[path] ?? 'not-found';
}

/** The paths of the public pages (prerendered by the edge when it starts). */
export function publicPagePaths(): string[] {
  return Object.keys(PAGES);
}
