// The registration remote for Node (bundled by its own build into server/render.cjs, see
// tools/webpack/server-bundle.plugin.ts): the edge prerenders /einstein-quest/online-registrations
// with it inside the shell's chrome, so the page's HTML carries the forms before any script runs.
// The forms hydrate in place: what a visitor typed before (a draft in localStorage) is put back by
// the form library once hydrated, as before.
import { BRAND, getEditionSettings } from '@kbe/content';
import { isRegistrationOpen } from '@kbe/contracts/zod-free';
import { DEFAULT_LOCALE, type Locale } from '@kbe/i18n';

import { registrationPageMeta } from '../i18n/registration.catalogue';

export { default } from '../app/app';

/** The pages the edge prerenders when it starts. */
export function pagePaths(): string[] {
  return ['/einstein-quest/online-registrations'];
}

/**
 * What, besides the path, the markup depends on: whether registration is still open (the deadline
 * banner and the forms say so). The edge keeps one rendering per key, so the page is rendered again
 * once the deadline has passed and the markup matches what the browser renders.
 */
export function renderKey(): string {
  return isRegistrationOpen(new Date(), getEditionSettings()) ? 'open' : 'closed';
}

/**
 * Chunk groups (see first-paint.json) the page needs before it can hydrate: the exposed module,
 * and on a Marathi or Hindi page its messages (without them the page would wait for them to
 * hydrate, src/i18n/registration.catalogue.ts).
 */
export function firstPaintChunkGroups(_path?: string, locale: Locale = DEFAULT_LOCALE): string[] {
  return locale === DEFAULT_LOCALE ? ['__federation_expose_Module'] : ['__federation_expose_Module', `locale-${locale}-registration`];
}

/**
 * The page's `<title>` and meta description for its prerendered HTML (the page sets the same title
 * in the browser). The edge asks after rendering the page, so its language's messages are loaded;
 * were they not, English.
 */
export function pageMeta(_path?: string, locale: Locale = DEFAULT_LOCALE): { title: string; description: string } {
  return registrationPageMeta(locale, BRAND.name);
}
