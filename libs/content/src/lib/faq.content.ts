import { FAQ_PRIZES } from './awards.content';
import { editionTexts, getEditionSettings, type EditionSettings } from './edition.settings';
import { FAQ_SYLLABUS } from './exams.content';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The five FAQ cards of the contact page; every date comes from the edition settings. */
export function faqEntries(edition: EditionSettings = getEditionSettings()): FaqEntry[] {
  const t = editionTexts(edition);
  return [
    {
      question: 'Who can participate?',
      answer: 'Students of classes V to XII+ in three groups: Grade I (Classes V-VII), Grade II (Classes VIII-X) and Grade III (Classes XI-XII+). Candidates compete in the Prime, Sec and High categories.',
    },
    {
      question: 'When are the exams held?',
      answer: `The Mains is held on ${t.mainsExamDate} and the Advanced on ${t.advancedExamDate}. The Super Advanced follows in ${t.superAdvancedExam} for those selected on merit.`,
    },
    {
      question: 'What is the syllabus?',
      answer: `${FAQ_SYLLABUS.join(', ')}. The exams page shows the section weightings.`,
    },
    {
      question: 'What are the prizes?',
      answer: `${FAQ_PRIZES.join('; ')}. The ISRO and NASA trips last 7 days in one place.`,
    },
    {
      question: 'How do I register?',
      answer: `Your school registers first and receives a school code, a teacher-mentor registers with it, then candidates register online with the mentor code. The Mains fee is ${t.feeRange}; registration closes on ${t.deadline}.`,
    },
  ];
}
