import type { IconName } from './icon-name.type';

export interface Award {
  title: string;
  description: string;
  prize: string;
  criteria: string;
  icon: IconName;
}

export const AWARDS: Award[] = [
  {
    title: 'Excellence Award',
    description: 'For outstanding all-round performance across the three levels.',
    prize: 'Scholarship',
    criteria: 'Highest combined scores in each category',
    icon: 'award',
  },
  {
    title: 'Space Explorer Award',
    description: 'For exceptional understanding of space science and technology.',
    prize: 'Space training programmes',
    criteria: 'Top scores in the Space Technology section',
    icon: 'rocket',
  },
  {
    title: 'International Recognition Award',
    description: 'For students whose work shows promise on the world stage.',
    prize: 'Conference participation',
    criteria: 'Selected from the Super Advanced finalists',
    icon: 'globe',
  },
];

/** FAQ reading of the prizes (spec section 9). */
export const FAQ_PRIZES = [
  'First prize: a telescope with a medal and a monthly scholarship',
  'Second prize: a microscope',
  'Third prize: binoculars',
  'Trophies and scholarships for top performers',
];
