import { editionTexts, getEditionSettings, type EditionSettings } from './edition.settings';
import type { LevelId } from './levels.content';

export interface ExamFormat {
  level: LevelId;
  /** Exam-format card reading. */
  duration: string;
  questions: string;
  marks: string;
  mode: string;
  /** The exams page keeps its own wording for the Mains (DECISIONS: both readings). */
  pageDuration: string;
  pageMarks: string;
}

export const EXAM_FORMATS: ExamFormat[] = [
  { level: 'mains', duration: '90 minutes', questions: '100 MCQs', marks: '100 marks', mode: 'Offline OMR', pageDuration: '3 hours', pageMarks: '100 marks' },
  { level: 'advanced', duration: '120 minutes', questions: '150 MCQs', marks: '150 marks', mode: 'Offline OMR', pageDuration: '120 minutes', pageMarks: '150 marks' },
  { level: 'super-advanced', duration: '150 minutes', questions: '200 MCQs', marks: '200 marks', mode: 'Offline OMR', pageDuration: '150 minutes', pageMarks: '200 marks' },
];

export interface ExamSchedule {
  level: LevelId;
  examDate: string;
  registration: string;
  fee: string;
}

export function examSchedules(edition: EditionSettings = getEditionSettings()): ExamSchedule[] {
  const t = editionTexts(edition);
  return [
    { level: 'mains', examDate: t.mainsExamDate, registration: t.mainsRegistration, fee: t.feeRange },
    { level: 'advanced', examDate: t.advancedExamDate, registration: t.advancedRegistration, fee: 'No fee: by qualification' },
    { level: 'super-advanced', examDate: t.superAdvancedExam, registration: 'By merit', fee: 'No fee: by merit' },
  ];
}

export interface SyllabusWeighting {
  subject: string;
  percent: number;
}

/** Weightings over 100 questions (spec section 9). */
export const SYLLABUS_WEIGHTINGS: SyllabusWeighting[] = [
  { subject: 'Biography of Albert Einstein', percent: 10 },
  { subject: 'Environment Science', percent: 20 },
  { subject: 'Quantum Theory', percent: 20 },
  { subject: 'Maths and Logical Reasoning', percent: 20 },
  { subject: 'Space Technology', percent: 20 },
  { subject: 'World Peace and Science (Weapons)', percent: 10 },
];

/** FAQ reading of the syllabus. */
export const FAQ_SYLLABUS = [
  '50% current-year Math and Science (PCB)',
  '25% hot questions from an Olympiad base',
  '25% biography and research',
];
