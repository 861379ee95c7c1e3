// How a Marathi or Hindi content file is put together (mr/, hi/): it gives the texts only, matched to
// the English items by id (or by position where they have none), and the rest (ids, images, icons,
// colours, links) is the English item's, so the languages cannot drift apart. Imported by the
// translations only: English pages never load it.
import type { Locale } from '@kbe/i18n';
import type { EditionSettings } from './edition.settings';
import { EXAM_FORMATS, SYLLABUS_WEIGHTINGS, type ExamFormat, type ExamSchedule } from './exams.content';
import type { ExamsContent } from './exams.localized';
import type { LevelId } from './levels.content';
import { localEditionTexts, type Texts } from './locale-format.util';

export interface ExamsTexts {
  formats: Record<LevelId, Omit<ExamFormat, 'level'>>;
  syllabus: Texts<string, 6>;
  /** The Advanced and Super Advanced rows of the dates table. */
  schedules: { advancedFee: string; superAdvancedRegistration: string; superAdvancedFee: string };
}

export function translateExams(locale: Locale, { formats, syllabus, schedules }: ExamsTexts): ExamsContent {
  const editionTexts = (edition?: EditionSettings) => localEditionTexts(locale, edition);
  return {
    formats: EXAM_FORMATS.map((format) => ({ ...format, ...formats[format.level] })),
    syllabus: SYLLABUS_WEIGHTINGS.map((weighting, i) => ({ ...weighting, subject: syllabus[i] })),
    editionTexts,
    schedules(edition): ExamSchedule[] {
      const t = editionTexts(edition);
      return [
        { level: 'mains', examDate: t.mainsExamDate, registration: t.mainsRegistration, fee: t.feeRange },
        { level: 'advanced', examDate: t.advancedExamDate, registration: t.advancedRegistration, fee: schedules.advancedFee },
        { level: 'super-advanced', examDate: t.superAdvancedExam, registration: schedules.superAdvancedRegistration, fee: schedules.superAdvancedFee },
      ];
    },
  };
}
