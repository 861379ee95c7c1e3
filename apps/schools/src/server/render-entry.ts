// The schools remote for Node (bundled by its own build into server/render.cjs, see
// tools/webpack/server-bundle.plugin.ts): the edge prerenders /einstein-quest/school-portal (and
// /mr/..., /hi/...) with it inside the shell's chrome, so the sign-in form is in the page's HTML,
// in its language, before any script runs. A session lives in the browser's sessionStorage only,
// so the server always renders the sign-in form.
import { PORTAL_PAGE_PATH } from '@kbe/contracts/zod-free';
import { BRAND } from '@kbe/content';
import { DEFAULT_LOCALE, type Locale } from '@kbe/i18n';

import { schoolsPageMeta } from '../i18n/schools.catalogue';

export { default } from '../app/app';

/** The pages the edge prerenders when it starts (the edge adds their Marathi and Hindi paths). */
export function pagePaths(): string[] {
  return [PORTAL_PAGE_PATH];
}

/**
 * Chunk groups (see first-paint.json) the page needs before it can hydrate: the exposed module,
 * and on a Marathi or Hindi page its messages (src/i18n/schools.catalogue.ts).
 */
export function firstPaintChunkGroups(_path?: string, locale: Locale = DEFAULT_LOCALE): string[] {
  return locale === DEFAULT_LOCALE ? ['__federation_expose_Module'] : ['__federation_expose_Module', `locale-${locale}-schools`];
}

/** The page's `<title>` and meta description for its prerendered HTML (the page sets the same title in the browser). */
export function pageMeta(_path?: string, locale: Locale = DEFAULT_LOCALE): { title: string; description: string } {
  return schoolsPageMeta(locale, BRAND.name);
}
