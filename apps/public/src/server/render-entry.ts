// The public remote for Node (bundled by its own build into server/render.cjs, see
// tools/webpack/server-bundle.plugin.ts): the edge prerenders the public pages with it inside
// the shell's chrome, and writes the first screen's preload hints from what it says here.
import { HERO_SLIDES } from '@kbe/content';

import { publicPagePaths, resolvePublicPage } from '../app/public-routes';
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

/** Chunk groups (webpackChunkName, see first-paint.json) a page needs before it can hydrate. */
export function firstPaintChunkGroups(pathname: string): string[] {
  return ['__federation_expose_Module', `page-${resolvePublicPage(pathname)}`];
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

/** The page's `<title>` and meta description for its prerendered HTML (the page sets the same after a client navigation). */
export function pageMeta(pathname: string): PageMeta {
  return publicPageMeta(resolvePublicPage(pathname));
}
