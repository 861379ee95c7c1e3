import type { IconName } from './icon-name.type';

export interface Stat {
  label: string;
  value: string;
  icon?: IconName;
}

/** Marketing claims of spec section 1 (they differ between places; both are kept). */
export const MARKETING_STATS = {
  participants: '10,000+',
  countries: '50+',
  states: '20+',
  prizePool: '10L+',
  winners: '300+',
  centres: '100+',
  cities: '100+',
  successRate: '98%',
  spaceTours: '100+',
  isroTours: '18',
  nasaTours: '9',
  levels: '3',
} as const;

export const DRAWER_LINES = [
  `Join ${MARKETING_STATS.participants} young scientists`,
  `${MARKETING_STATS.countries} Countries`,
  `${MARKETING_STATS.prizePool} Prizes`,
] as const;

/** Statistics strip of the About page. */
export const ABOUT_STATS: Stat[] = [
  { label: 'Participants', value: MARKETING_STATS.participants, icon: 'users' },
  { label: 'Countries', value: MARKETING_STATS.countries, icon: 'globe' },
  { label: 'Prize Pool', value: `₹${MARKETING_STATS.prizePool}`, icon: 'trophy' },
  { label: 'Winners', value: MARKETING_STATS.winners, icon: 'medal' },
  { label: 'Centres', value: MARKETING_STATS.centres, icon: 'map' },
  { label: 'ISRO Tours', value: MARKETING_STATS.isroTours, icon: 'rocket' },
  { label: 'NASA Tours', value: MARKETING_STATS.nasaTours, icon: 'plane' },
  { label: 'Levels', value: MARKETING_STATS.levels, icon: 'target' },
];

/** 'Our Global Impact' on the home page. */
export const GLOBAL_IMPACT_STATS: (Stat & { caption: string })[] = [
  { label: 'States', value: MARKETING_STATS.states, caption: 'National reach', icon: 'map' },
  { label: 'Success Rate', value: MARKETING_STATS.successRate, caption: 'Students who improve', icon: 'target' },
  { label: 'Space Tours', value: MARKETING_STATS.spaceTours, caption: 'ISRO and NASA visits', icon: 'rocket' },
];
