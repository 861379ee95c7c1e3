import { defineLocalized } from '@kbe/i18n';
import { GALLERY_CATEGORIES, GALLERY_HERO_TILES, GALLERY_ITEMS, GALLERY_STORY, galleryImageAlt, type GalleryCategory, type GalleryItem } from './gallery.content';

export interface GalleryContent {
  items: GalleryItem[];
  categories: GalleryCategory[];
  heroTiles: typeof GALLERY_HERO_TILES;
  story: typeof GALLERY_STORY;
  /** Alt text of an item's image: what its artwork shows. */
  imageAlt: (item: GalleryItem) => string;
}

/** The gallery's captions, filters and texts in each language (images, ids and categories shared). */
export const LOCALIZED_GALLERY = defineLocalized<GalleryContent>(
  { items: GALLERY_ITEMS, categories: GALLERY_CATEGORIES, heroTiles: GALLERY_HERO_TILES, story: GALLERY_STORY, imageAlt: galleryImageAlt },
  {
    mr: () => import(/* webpackChunkName: "locale-mr-gallery" */ './mr/gallery.content'),
    hi: () => import(/* webpackChunkName: "locale-hi-gallery" */ './hi/gallery.content'),
  },
);
