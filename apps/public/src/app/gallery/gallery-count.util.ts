import type { GalleryCategory } from '@kbe/content';

/** 'Complete Gallery Collection' for all, otherwise '{label} Collection'. */
export function galleryHeading(category: GalleryCategory): string {
  return category.id === 'all' ? 'Complete Gallery Collection' : `${category.label} Collection`;
}

/** 'Showing N inspiring image(s)', plus 'from {label}' for a specific category. */
export function galleryCountLine(count: number, category: GalleryCategory): string {
  const noun = count === 1 ? 'image' : 'images';
  const from = category.id === 'all' ? '' : ` from ${category.label}`;
  return `Showing ${count} inspiring ${noun}${from}`;
}
