import type { GalleryCategory } from '@kbe/content';
import { countOf } from '@kbe/contracts/zod-free';

/** 'Complete Gallery Collection' for all, otherwise '{label} Collection'. */
export function galleryHeading(category: GalleryCategory): string {
  return category.id === 'all' ? 'Complete Gallery Collection' : `${category.label} Collection`;
}

/** 'Showing N inspiring image(s)' (singular when N is 1), plus 'from {label}' for a specific category. */
export function galleryCountLine(count: number, category: GalleryCategory): string {
  const from = category.id === 'all' ? '' : ` from ${category.label}`;
  return `Showing ${countOf(count, 'inspiring image')}${from}`;
}
