import artwork from './artwork.data.json';
import galleryItems from './gallery-items.data.json';
import type { IconName } from './icon-name.type';

export type GalleryCategoryId = 'competitions' | 'space-tours' | 'einstein-legacy' | 'space-exploration';
export type GalleryFilterId = 'all' | GalleryCategoryId;

export interface GalleryItem {
  id: number;
  /** Artwork id of the generated image. */
  image: string;
  title: string;
  category: GalleryCategoryId;
  description: string;
  /** What the generated artwork shows; also used for its alt text. */
  motif: string;
}

export interface GalleryCategory {
  id: GalleryFilterId;
  label: string;
  icon: IconName;
  /** Tailwind classes of the category badge (AA contrast on white text). */
  colour: string;
}

export const GALLERY_ITEMS: GalleryItem[] = galleryItems as GalleryItem[];

export const GALLERY_CATEGORIES: GalleryCategory[] = [
  { id: 'all', label: 'All Gallery', icon: 'camera', colour: 'bg-slate-800 text-white' },
  { id: 'competitions', label: 'KBE Competitions', icon: 'trophy', colour: 'bg-amber-800 text-white' },
  { id: 'space-tours', label: 'ISRO & NASA Tours', icon: 'rocket', colour: 'bg-blue-800 text-white' },
  { id: 'einstein-legacy', label: 'Einstein Legacy', icon: 'lightbulb', colour: 'bg-violet-800 text-white' },
  { id: 'space-exploration', label: 'Space & Universe', icon: 'telescope', colour: 'bg-teal-800 text-white' },
];

/** The counts shown on the filter buttons are computed from the data (DECISIONS). */
export function galleryCounts(items: GalleryItem[] = GALLERY_ITEMS): Record<GalleryFilterId, number> {
  const counts: Record<GalleryFilterId, number> = {
    all: items.length,
    competitions: 0,
    'space-tours': 0,
    'einstein-legacy': 0,
    'space-exploration': 0,
  };
  items.forEach((item) => {
    counts[item.category] += 1;
  });
  return counts;
}

export function filterGallery(filter: GalleryFilterId, items: GalleryItem[] = GALLERY_ITEMS): GalleryItem[] {
  return filter === 'all' ? items : items.filter((item) => item.category === filter);
}

const MOTIF_DESCRIPTIONS: Record<string, string> = {
  medal: 'a gold medal on a ribbon under the stars',
  trophy: 'a glowing golden trophy',
  equation: 'physics equations written on a green chalkboard',
  atom: 'a glowing atom with three electron orbits',
  rocket: 'a rocket climbing through a starry sky',
  satellite: 'a satellite with solar panels above a planet',
  orbit: 'a planet circled by dotted orbit paths',
  planet: 'a banded planet in a field of stars',
  moon: 'a cratered moon glowing in space',
  sun: 'a bright sun with radiating rays',
  galaxy: 'a spiral galaxy of coloured stars',
  nebula: 'soft coloured clouds of a nebula',
  comet: 'a comet with a pale blue tail',
  blackhole: 'a black hole ringed by a glowing disc',
  star: 'a small star with an orbiting world',
  astronaut: 'an astronaut in a white suit beside the Moon',
  wave: 'overlapping waves of light',
  dove: 'a white dove carrying a green olive branch',
  skyline: 'a city skyline at night under the Moon',
};

/** Alt text of a gallery image: what the original artwork shows. */
export function galleryImageAlt(item: GalleryItem): string {
  return `Illustration for ${item.title}: ${MOTIF_DESCRIPTIONS[item.motif] ?? 'a scene from space and science'}`;
}

export function galleryCategory(id: GalleryFilterId): GalleryCategory {
  return GALLERY_CATEGORIES.find((c) => c.id === id) ?? GALLERY_CATEGORIES[0];
}

export const GALLERY_HERO_TILES: { label: string; value: string; icon: IconName }[] = [
  { label: 'Total Photos', value: '65+', icon: 'camera' },
  { label: 'Success Stories', value: '1000+', icon: 'star' },
  { label: 'Space Center Visits', value: '50+', icon: 'rocket' },
  { label: 'Award Ceremonies', value: '100+', icon: 'trophy' },
];

export const GALLERY_STORY = {
  title: 'Create Your Own Gallery Story',
  quote: { quote: 'You have to dream before your dreams can come true.', author: 'Dr. A. P. J. Abdul Kalam' },
  highlights: [
    { title: 'Win Competitions', text: 'Medals and certificates at every level.', icon: 'trophy' as IconName },
    { title: 'Visit Space Centers', text: 'Trips to ISRO and NASA for the top performers.', icon: 'rocket' as IconName },
    { title: 'Receive Recognition', text: 'Awards, scholarships and a place in this gallery.', icon: 'award' as IconName },
  ],
};

/** Image geometry of the generated artwork (shared with tools/artwork/generate.mjs). */
export const ARTWORK = artwork;
