import type { IconName } from './icon-name.type';

export type LevelId = 'mains' | 'advanced' | 'super-advanced';

export interface CompetitionLevel {
  id: LevelId;
  level: string;
  stage: string;
  description: string;
  prizes: string[];
  qualification: string;
  details?: { participants?: string; itinerary?: string[]; note?: string };
  /** Only Mains is open for registration; the others are reached on merit. */
  openForRegistration: boolean;
  icon: IconName;
  colour: 'amber' | 'indigo' | 'rose';
}

/** The three levels and their prizes (spec section 9). */
export const LEVELS: CompetitionLevel[] = [
  {
    id: 'mains',
    level: 'Mains',
    stage: 'Taluka Level',
    description: 'The first round, held in exam centres at taluka level for every registered candidate.',
    prizes: [
      'Gold, silver and bronze medals for the top 3 in each category',
      'Rank certificates for the top 3 in each category',
      'Advanced Qualifying E-Certificate for 40% of candidates',
    ],
    qualification: 'The top 40% of candidates qualify for the Advanced level.',
    openForRegistration: true,
    icon: 'medal',
    colour: 'amber',
  },
  {
    id: 'advanced',
    level: 'Advanced',
    stage: 'District Level',
    description: 'Qualifiers from the Mains compete at district level for a visit to ISRO.',
    prizes: [
      'Top 3 win an ISRO visit with space training',
      'Super Advanced Qualifying E-Certificate for 40% of candidates',
    ],
    qualification: 'Merit-based: qualify through the Mains.',
    details: {
      participants: '9 candidates + 9 mentors (18 total)',
      itinerary: ['Flight from Mumbai to Bengaluru', 'One-day stay in Mumbai', '2 days/nights stay in Bengaluru'],
    },
    openForRegistration: false,
    icon: 'rocket',
    colour: 'indigo',
  },
  {
    id: 'super-advanced',
    level: 'Super Advanced',
    stage: 'State Level',
    description: 'The top qualifiers of the Advanced level compete at state level for a visit to NASA.',
    prizes: ['Top 3 win a NASA (USA) visit'],
    qualification: 'Merit-based: qualify through the Advanced level.',
    details: {
      itinerary: ['Round flights from Mumbai or Delhi', '7 days/nights stay'],
      note: 'Passports must be arranged by candidates with help from mentors, parents or the control board.',
    },
    openForRegistration: false,
    icon: 'plane',
    colour: 'rose',
  },
];
