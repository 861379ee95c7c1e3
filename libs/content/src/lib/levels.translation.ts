// How a Marathi or Hindi content file is put together (mr/, hi/): it gives the texts only, matched to
// the English items by id (or by position where they have none), and the rest (ids, images, icons,
// colours, links) is the English item's, so the languages cannot drift apart. Imported by the
// translations only: English pages never load it.
import { AWARDS, type Award } from './awards.content';
import { LEVELS, type CompetitionLevel, type LevelId } from './levels.content';
import type { LevelsContent } from './levels.localized';
import type { Texts } from './locale-format.util';

export interface LevelsTexts {
  /** The level names (Mains, Advanced, Super Advanced) stay in Latin script. */
  levels: Record<LevelId, Pick<CompetitionLevel, 'stage' | 'description' | 'prizes' | 'qualification' | 'details'>>;
  awards: Texts<Omit<Award, 'icon'>, 3>;
}

export function translateLevels({ levels, awards }: LevelsTexts): LevelsContent {
  return {
    levels: LEVELS.map((level) => ({ ...level, ...levels[level.id] })),
    awards: AWARDS.map((award, i) => ({ ...award, ...awards[i] })),
  };
}
