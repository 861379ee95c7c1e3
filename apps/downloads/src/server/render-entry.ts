// The downloads remote for Node (bundled by its own build into server/render.cjs, see
// tools/webpack/server-bundle.plugin.ts): the edge prerenders /einstein-quest/downloads with it
// inside the shell's chrome, so the page's HTML carries the search form before any script runs.
import { DOCUMENT_VERIFY_QUERY } from '@kbe/contracts/zod-free';

import { DOWNLOADS_PAGE_DESCRIPTION, DOWNLOADS_PAGE_TITLE } from '../app/downloads-page';

export { default } from '../app/app';

/** The pages the edge prerenders when it starts. */
export function pagePaths(): string[] {
  return ['/einstein-quest/downloads'];
}

/**
 * The query parameters that change what this remote renders: `?verify=<token>` (a document's QR
 * code) shows the verification instead of the download steps, so the edge renders such a URL
 * with its query (and does not keep it).
 */
export const pageQueryParams: readonly string[] = [DOCUMENT_VERIFY_QUERY];

/** Chunk groups (see first-paint.json) the page needs before it can hydrate. */
export function firstPaintChunkGroups(): string[] {
  return ['__federation_expose_Module'];
}

/** The page's `<title>` and meta description for its prerendered HTML (the page sets the same title in the browser). */
export function pageMeta(): { title: string; description: string } {
  return { title: DOWNLOADS_PAGE_TITLE, description: DOWNLOADS_PAGE_DESCRIPTION };
}
