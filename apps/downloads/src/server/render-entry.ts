// The downloads remote for Node (bundled by its own build into server/render.cjs, see
// tools/webpack/server-bundle.plugin.ts): the edge prerenders /einstein-quest/downloads (and
// /mr/..., /hi/...) with it inside the shell's chrome, so the page's HTML carries the search form
// in its language before any script runs.
import { DOCUMENT_VERIFY_QUERY } from '@kbe/contracts/zod-free';
import { BRAND } from '@kbe/content';
import { DEFAULT_LOCALE, type Locale } from '@kbe/i18n';

import { downloadsPageMeta } from '../i18n/downloads.catalogue';

export { default } from '../app/app';

/** The pages the edge prerenders when it starts (the edge adds their Marathi and Hindi paths). */
export function pagePaths(): string[] {
  return ['/einstein-quest/downloads'];
}

/**
 * The query parameters that change what this remote renders: `?verify=<token>` (a document's QR
 * code) shows the verification instead of the download steps, so the edge renders such a URL
 * with its query (and does not keep it).
 */
export const pageQueryParams: readonly string[] = [DOCUMENT_VERIFY_QUERY];

/**
 * Chunk groups (see first-paint.json) the page needs before it can hydrate: the exposed module,
 * and on a Marathi or Hindi page its messages (without them the page would wait for them to
 * hydrate, src/i18n/downloads.catalogue.ts).
 */
export function firstPaintChunkGroups(_path?: string, locale: Locale = DEFAULT_LOCALE): string[] {
  return locale === DEFAULT_LOCALE ? ['__federation_expose_Module'] : ['__federation_expose_Module', `locale-${locale}-downloads`];
}

/**
 * The page's `<title>` and meta description for its prerendered HTML (the page sets the same title
 * in the browser). The edge asks after rendering the page, so its language's messages are loaded;
 * were they not, English.
 */
export function pageMeta(_path?: string, locale: Locale = DEFAULT_LOCALE): { title: string; description: string } {
  return downloadsPageMeta(locale, BRAND.name);
}
