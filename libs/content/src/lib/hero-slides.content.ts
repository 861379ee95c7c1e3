import type { IconName } from './icon-name.type';
import type { Quote } from './quotes.content';
import type { Stat } from './marketing-stats.content';
import { MARKETING_STATS } from './marketing-stats.content';
import { ROUTES } from './navigation.content';

export type HeroTheme = 'einstein' | 'space' | 'global' | 'future';

export interface HeroSlide {
  id: HeroTheme;
  theme: HeroTheme;
  title: string;
  subtitle: string;
  description: string;
  /** Artwork id (generated image; see artwork.data.json). */
  image: string;
  imageAlt: string;
  quote: Quote;
  cta: { primary: { label: string; href: string }; secondary: { label: string; href: string } };
  /** Tailwind gradient used behind the artwork while it loads and as text backdrop. */
  colour: string;
  icon: IconName;
  stats: Stat[];
}

/** Spec section 9: 4 slides, autoplay 8000 ms, fade 1200 ms. */
export const HERO_AUTOPLAY_MS = 8000;
export const HERO_TRANSITION_MS = 1200;

const cta = {
  primary: { label: 'Explore Exams', href: ROUTES.exams },
  secondary: { label: 'View Gallery', href: ROUTES.gallery },
};

export const HERO_SLIDES: HeroSlide[] = [
  {
    id: 'einstein',
    theme: 'einstein',
    title: 'Think Like Einstein',
    subtitle: 'KBE Young Scientist Competition',
    description: 'A science quiz and exam programme for students of classes V to XII+, inspired by the physicist who imagined riding a beam of light.',
    image: 'hero-einstein',
    imageAlt: 'Illustration of glowing equations and an atom orbiting above a chalkboard',
    quote: { quote: 'Imagination is more important than knowledge.', author: 'Albert Einstein' },
    cta,
    colour: 'from-indigo-950 via-indigo-900 to-slate-900',
    icon: 'atom',
    stats: [
      { label: 'Participants', value: MARKETING_STATS.participants },
      { label: 'Levels', value: MARKETING_STATS.levels },
      { label: 'Winners', value: MARKETING_STATS.winners },
    ],
  },
  {
    id: 'space',
    theme: 'space',
    title: 'Reach for the Stars',
    subtitle: 'Visit ISRO and NASA',
    description: 'Top performers travel to ISRO in Bengaluru and to NASA in the USA, meet scientists and train like space explorers.',
    image: 'hero-space',
    imageAlt: 'Illustration of a rocket rising past a ringed planet through a starfield',
    quote: { quote: 'Dream, dream, dream. Dreams transform into thoughts and thoughts result in action.', author: 'Dr. A. P. J. Abdul Kalam' },
    cta,
    colour: 'from-slate-950 via-blue-950 to-indigo-950',
    icon: 'rocket',
    stats: [
      { label: 'ISRO Tours', value: MARKETING_STATS.isroTours },
      { label: 'NASA Tours', value: MARKETING_STATS.nasaTours },
      { label: 'Space Tours', value: MARKETING_STATS.spaceTours },
    ],
  },
  {
    id: 'global',
    theme: 'global',
    title: 'A Global Stage',
    subtitle: 'Young scientists from 50+ countries',
    description: 'From Nashik to the world: students, schools and mentors join a community that celebrates curiosity everywhere.',
    image: 'hero-global',
    imageAlt: 'Illustration of a glowing globe circled by connected orbit lines',
    quote: { quote: 'The important thing is not to stop questioning.', author: 'Albert Einstein' },
    cta,
    colour: 'from-teal-950 via-slate-900 to-indigo-950',
    icon: 'globe',
    stats: [
      { label: 'Countries', value: MARKETING_STATS.countries },
      { label: 'Centres', value: MARKETING_STATS.centres },
      { label: 'Success Rate', value: MARKETING_STATS.successRate },
    ],
  },
  {
    id: 'future',
    theme: 'future',
    title: 'Build the Future',
    subtitle: 'Medals, scholarships and more',
    description: 'Win medals, scholarships and a share of a prize pool of ₹10 lakh and more, and start a journey in science that lasts a lifetime.',
    image: 'hero-future',
    imageAlt: 'Illustration of a gold medal and a telescope under a sky of rising stars',
    quote: { quote: 'Science is a beautiful gift to humanity; we should not distort it.', author: 'Dr. A. P. J. Abdul Kalam' },
    cta,
    colour: 'from-amber-950 via-slate-900 to-indigo-950',
    icon: 'trophy',
    stats: [
      { label: 'Prize Pool', value: `₹${MARKETING_STATS.prizePool}` },
      { label: 'Winners', value: MARKETING_STATS.winners },
      { label: 'Cities', value: MARKETING_STATS.cities },
    ],
  },
];
