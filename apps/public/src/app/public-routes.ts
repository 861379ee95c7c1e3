import { ROUTES } from '@kbe/content';
import { CONSENT_PAGE_PREFIX } from '@kbe/contracts/zod-free';

export type PublicPageId = 'home' | 'about' | 'exams' | 'gallery' | 'contact' | 'parental-consent' | 'not-found';

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
  // one page per candidate: /einstein-quest/parental-consent/<candidate code> (never prerendered ahead)
  if (path.startsWith(`${CONSENT_PAGE_PREFIX}/`) && path.length > CONSENT_PAGE_PREFIX.length + 1) return 'parental-consent';
  return PAGES[path] ?? 'not-found';
}

/** The paths of the public pages (prerendered by the edge when it starts). */
export function publicPagePaths(): string[] {
  return Object.keys(PAGES);
}
