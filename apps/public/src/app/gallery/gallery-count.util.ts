import type { GalleryCategory } from '@kbe/content';
import type { Translate } from '@kbe/ui';
import type { PublicMessageKey } from '../../i18n/public.messages';

/** 'Complete Gallery Collection' for all, otherwise '{label} Collection'. */
export function galleryHeading(t: Translate<PublicMessageKey>, category: GalleryCategory): string {
  return category.id === 'all' ? t('gallery.headingAll') : t('gallery.headingCategory', { category: category.label });
}

/** 'Showing N inspiring image(s)' (the language's plural forms), plus 'from {label}' for a specific category. */
export function galleryCountLine(t: Translate<PublicMessageKey>, count: number, category: GalleryCategory): string {
  return category.id === 'all' ? t('gallery.countAll', { count }) : t('gallery.countCategory', { count, category: category.label });
}
