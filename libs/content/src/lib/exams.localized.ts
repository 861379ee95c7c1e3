import { defineLocalized } from '@kbe/i18n';
import { editionTexts, type EditionSettings } from './edition.settings';
import { EXAM_FORMATS, SYLLABUS_WEIGHTINGS, examSchedules, type ExamFormat, type ExamSchedule, type SyllabusWeighting } from './exams.content';

export interface ExamsContent {
  formats: ExamFormat[];
  schedules: (edition?: EditionSettings) => ExamSchedule[];
  syllabus: SyllabusWeighting[];
  /** The edition's dates and fees as the language writes them. */
  editionTexts: (edition?: EditionSettings) => ReturnType<typeof editionTexts>;
}

/** The exams page's formats, dates, fees and syllabus in each language. */
export const LOCALIZED_EXAMS = defineLocalized<ExamsContent>(
  { formats: EXAM_FORMATS, schedules: examSchedules, syllabus: SYLLABUS_WEIGHTINGS, editionTexts },
  {
    mr: () => import(/* webpackChunkName: "locale-mr-exams" */ './mr/exams.content'),
    hi: () => import(/* webpackChunkName: "locale-hi-exams" */ './hi/exams.content'),
  },
);
