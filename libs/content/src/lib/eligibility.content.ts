import { getEditionSettings, type EditionSettings } from './edition.settings';
import type { IconName } from './icon-name.type';
import { MARKETING_STATS } from './marketing-stats.content';

export interface AgeGroup {
  grade: string;
  classes: string;
  age: string;
}

export const AGE_GROUPS: AgeGroup[] = [
  { grade: 'Grade I', classes: 'Classes V-VII', age: 'Age 10-13' },
  { grade: 'Grade II', classes: 'Classes VIII-X', age: 'Age 13-16' },
  { grade: 'Grade III', classes: 'Classes XI-XII+', age: 'Age 16-18+' },
];

export interface EligibilityCard {
  id: 'age-groups' | 'global-participation' | 'requirements' | 'timeline';
  title: string;
  icon: IconName;
  items: { label: string; detail: string }[];
}

export function eligibilityCards(edition: EditionSettings = getEditionSettings()): EligibilityCard[] {
  return [
    {
      id: 'age-groups',
      title: 'Age Groups',
      icon: 'users',
      items: AGE_GROUPS.map((g) => ({ label: g.grade, detail: `${g.classes}, ${g.age.toLowerCase()}` })),
    },
    {
      id: 'global-participation',
      title: 'Global Participation',
      icon: 'globe',
      items: [
        { label: 'Countries', detail: `Students from ${MARKETING_STATS.countries} countries` },
        { label: 'National reach', detail: `${MARKETING_STATS.states} states across India` },
        { label: 'Centres', detail: `${MARKETING_STATS.centres} exam centres` },
      ],
    },
    {
      id: 'requirements',
      title: 'Requirements',
      icon: 'check',
      items: [
        { label: 'School', detail: 'Enrolled in classes V to XII+' },
        { label: 'Mentor', detail: 'Registered through a teacher-mentor of your school' },
        { label: 'Documents', detail: 'A photo and a signature (images, up to 5MB each)' },
      ],
    },
    {
      id: 'timeline',
      title: 'Competition Timeline',
      icon: 'calendar',
      items: [
        { label: 'Registration', detail: edition.timeline.registration },
        { label: 'Preliminary Round', detail: edition.timeline.preliminary },
        { label: 'Semi-Finals', detail: edition.timeline.semiFinals },
        { label: 'Grand Finale', detail: edition.timeline.grandFinale },
      ],
    },
  ];
}
