// The registration remote for Node (bundled by its own build into server/render.cjs, see
// tools/webpack/server-bundle.plugin.ts): the edge prerenders /einstein-quest/online-registrations
// with it inside the shell's chrome, so the page's HTML carries the forms before any script runs.
// The forms hydrate in place: what a visitor typed before (a draft in localStorage) is put back by
// the form library once hydrated, as before.
import { getEditionSettings } from '@kbe/content';
import { isRegistrationOpen } from '@kbe/contracts/zod-free';

import { REGISTRATION_PAGE_DESCRIPTION, REGISTRATION_PAGE_TITLE } from '../app/registration-page';

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

/** Chunk groups (see first-paint.json) the page needs before it can hydrate. */
export function firstPaintChunkGroups(): string[] {
  return ['__federation_expose_Module'];
}

/** The page's `<title>` and meta description for its prerendered HTML (the page sets the same title in the browser). */
export function pageMeta(): { title: string; description: string } {
  return { title: REGISTRATION_PAGE_TITLE, description: REGISTRATION_PAGE_DESCRIPTION };
}
