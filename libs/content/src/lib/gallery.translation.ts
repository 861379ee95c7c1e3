// How a Marathi or Hindi content file is put together (mr/, hi/): it gives the texts only, matched to
// the English items by id (or by position where they have none), and the rest (ids, images, icons,
// colours, links) is the English item's, so the languages cannot drift apart. Imported by the
// translations only: English pages never load it.
import type { Locale } from '@kbe/i18n';
import { GALLERY_CATEGORIES, GALLERY_HERO_TILES, GALLERY_ITEMS, GALLERY_STORY, type GalleryFilterId } from './gallery.content';
import type { GalleryContent } from './gallery.localized';
import { localFigure, type Texts } from './locale-format.util';
import type { Quote } from './quotes.content';

export interface GalleryTexts {
  /** Title and description of every item, by the item's id. */
  items: Record<number, readonly [title: string, description: string]>;
  categories: Record<GalleryFilterId, string>;
  heroTiles: Texts<string, 4>;
  story: { title: string; quote: Quote; highlights: Texts<{ title: string; text: string }, 3> };
  /** What each artwork motif shows, and the alt text of an image from its title and motif. */
  motifs: Record<string, string>;
  imageAlt: (title: string, motif: string | undefined) => string;
}

export function translateGallery(locale: Locale, texts: GalleryTexts): GalleryContent {
  const items = GALLERY_ITEMS.map((item) => {
    const [title, description] = texts.items[item.id];
    return { ...item, title, description };
  });
  return {
    items,
    categories: GALLERY_CATEGORIES.map((category) => ({ ...category, label: texts.categories[category.id] })),
    heroTiles: GALLERY_HERO_TILES.map((tile, i) => ({ ...tile, label: texts.heroTiles[i], value: localFigure(locale, tile.value) })),
    story: {
      title: texts.story.title,
      quote: texts.story.quote,
      highlights: GALLERY_STORY.highlights.map((highlight, i) => ({ ...highlight, ...texts.story.highlights[i] })),
    },
    imageAlt: (item) => texts.imageAlt(item.title, texts.motifs[item.motif]),
  };
}
