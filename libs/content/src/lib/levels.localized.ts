import { defineLocalized } from '@kbe/i18n';
import { AWARDS, type Award } from './awards.content';
import { LEVELS, type CompetitionLevel } from './levels.content';

export interface LevelsContent {
  levels: CompetitionLevel[];
  awards: Award[];
}

/** The three levels and the special awards (home, about and exams pages) in each language. */
export const LOCALIZED_LEVELS = defineLocalized<LevelsContent>({ levels: LEVELS, awards: AWARDS }, {
  mr: () => import(/* webpackChunkName: "locale-mr-levels" */ './mr/levels.content'),
  hi: () => import(/* webpackChunkName: "locale-hi-levels" */ './hi/levels.content'),
});
