// The public remote for Node (bundled by its own build into server/render.cjs, see
// tools/webpack/server-bundle.plugin.ts): the edge prerenders the public pages with it inside
// the shell's chrome, and writes the first screen's preload hints from what it says here.
import { HERO_SLIDES } from '@kbe/content';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@kbe/i18n';

import { publicPagePaths, resolvePublicPage, type PublicPageId } from '../app/public-routes';
import { artworkSources } from '../app/common/artwork';
import { publicPageMeta, type PageMeta } from '../app/common/page-meta';

export { default } from '../app/app';

/** The pages the edge prerenders when it starts (any other path is rendered on its first request). */
export const pagePaths = publicPagePaths;

/**
 * Whether a path the shell leaves to this remote is one of its pages: the edge answers any other
 * path with 404 (and the "Page Not Found" page this remote renders there), never a soft 404.
 */
export function isPage(pathname: string): boolean {
  return resolvePublicPage(pathname) !== 'not-found';
}

// Read by webpack, not by this file (hence no visible use).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
declare let __webpack_public_path__: string;

/** Where this remote's files are served (the directory of its remoteEntry.js), e.g. `/remotes/public/`. */
export function setPublicPath(base: string): void {
  // webpack's own variable: assigning it sets where the bundle's assets are
  __webpack_public_path__ = base.endsWith('/') ? base : `${base}/`;
}

/** The language the edge names (`en`, `mr`, `hi`); English for anything else. */
const localeOf = (locale: string | undefined): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

/**
 * The content areas (chunks `locale-<locale>-<area>` of @kbe/content) a page's first screen shows
 * in Marathi or Hindi, beside the remote's messages (`locale-<locale>-public`). Sections further
 * down load theirs when they load.
 */
const FIRST_SCREEN_CONTENT: Record<PublicPageId, string[]> = {
  home: ['home', 'about'],
  about: ['about'],
  exams: ['exams', 'levels'],
  gallery: ['gallery'],
  contact: ['contact'],
  'parental-consent': [],
  'not-found': [],
};

/**
 * Chunk groups (webpackChunkName, see first-paint.json) a page needs before it can hydrate: for a
 * Marathi or Hindi page (`pathname` the English path, `locale` its language) also its messages and
 * its first screen's content in that language.
 */
export function firstPaintChunkGroups(pathname: string, locale?: string): string[] {
  const pageId = resolvePublicPage(pathname);
  const language = localeOf(locale);
  const groups = ['__federation_expose_Module', `page-${pageId}`];
  if (language === DEFAULT_LOCALE) return groups;
  return [...groups, ...['public', ...FIRST_SCREEN_CONTENT[pageId]].map((part) => `locale-${language}-${part}`)];
}

export interface ImageHint {
  href: string;
  srcSet: string;
  sizes: string;
}

/** The largest image of the first screen, preloaded with high priority (the home page's first hero slide). */
export function firstScreenImages(pathname: string): ImageHint[] {
  if (resolvePublicPage(pathname) !== 'home') return [];
  const { src, srcSet } = artworkSources(HERO_SLIDES[0].image, 'hero');
  return [{ href: src, srcSet, sizes: '100vw' }];
}

/**
 * The page's `<title>` and meta description for its prerendered HTML (the page sets the same after
 * a client navigation), in its language: the edge asks right after rendering the page, so the
 * page's messages are loaded (English where they are not).
 */
export function pageMeta(pathname: string, locale?: string): PageMeta {
  return publicPageMeta(resolvePublicPage(pathname), localeOf(locale));
}
