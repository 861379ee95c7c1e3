/** Names of the pictograms the front end maps to icons (content stays free of React). */
export type IconName =
  | 'atom' | 'award' | 'book' | 'calendar' | 'clock' | 'globe' | 'graduation' | 'lightbulb'
  | 'medal' | 'plane' | 'rocket' | 'scroll' | 'sparkles' | 'star' | 'target' | 'trophy' | 'users'
  | 'camera' | 'map' | 'telescope' | 'shield' | 'heart' | 'eye' | 'check';
