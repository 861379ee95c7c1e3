import { DEFAULT_CANDIDATE_LANGUAGE, type CandidateLanguage, type CandidateResultPublishedPayload, type Medal } from '@kbe/contracts';

/** The result SMS: a qualified candidate is told what comes next, the others get a kind line. */
export const RESULT_SMS_KINDS = ['result-qualified', 'result'] as const;
export type ResultSmsKind = (typeof RESULT_SMS_KINDS)[number];
export type ResultSmsTemplates = Readonly<Record<ResultSmsKind, string>>;

/**
 * Texts of the guardian's SMS when a level's result is published (`candidate.result-published`),
 * in the candidate's language. Placeholders: `{candidateCode}` (filled per recipient, as in every
 * event SMS), `{level}`, `{score}`, `{maxMarks}`, `{category}`, `{rank}` (with the medal, when
 * there is one: each placeholder is one DLT variable of at most 30 characters) and `{nextLevel}`.
 * Level and category names stay in Latin script (docs/glossary.md); Marathi writes its numbers in
 * Devanagari digits. With the longest values (a medal, Super Advanced) English fits one GSM-7
 * part and Marathi and Hindi two UCS-2 parts, as the other notices do (result-sms.templates.spec.ts).
 */
export function resultSmsTemplates(language: CandidateLanguage = DEFAULT_CANDIDATE_LANGUAGE): ResultSmsTemplates {
  switch (language) {
    case 'mr':
      return {
        'result-qualified': 'KBE Young Scientist: {candidateCode} {level}: {score}/{maxMarks}, {category} क्रमांक {rank}. {nextLevel} साठी पात्र; शुल्क मार्गदर्शकांकडे भरा.',
        result: 'KBE Young Scientist: {candidateCode} {level}: {score}/{maxMarks}, {category} क्रमांक {rank}. सहभागाबद्दल धन्यवाद; विज्ञानाची आवड जपा!',
      };
    case 'hi':
      return {
        'result-qualified': 'KBE Young Scientist: {candidateCode} {level}: {score}/{maxMarks}, {category} रैंक {rank}। {nextLevel} के लिए पात्र; शुल्क मार्गदर्शक को दें।',
        result: 'KBE Young Scientist: {candidateCode} {level}: {score}/{maxMarks}, {category} रैंक {rank}। भाग लेने के लिए धन्यवाद; विज्ञान से जुड़े रहें!',
      };
    case 'en':
      return {
        'result-qualified': 'KBE Young Scientist: {candidateCode} scored {score}/{maxMarks} in {level}, {category} rank {rank}. Qualified for {nextLevel}: pay the fee through your mentor.',
        result: 'KBE Young Scientist: {candidateCode} scored {score}/{maxMarks} in {level}, {category} rank {rank}. Thank you for taking part; keep exploring science!',
      };
  }
}

const MEDAL_NAMES: Record<CandidateLanguage, Record<Medal, string>> = {
  en: { gold: 'gold medal', silver: 'silver medal', bronze: 'bronze medal' },
  mr: { gold: 'सुवर्ण', silver: 'रौप्य', bronze: 'कांस्य' },
  hi: { gold: 'स्वर्ण', silver: 'रजत', bronze: 'कांस्य' },
};

/** Numbers as each language writes them (Marathi: Devanagari digits); no grouping, as a score is read. */
const NUMBER_LOCALES: Record<CandidateLanguage, string> = { en: 'en-IN', mr: 'mr-IN', hi: 'hi-IN' };
const numberFormats = new Map<CandidateLanguage, Intl.NumberFormat>();
function numberIn(language: CandidateLanguage, value: number): string {
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(NUMBER_LOCALES[language], { useGrouping: false, maximumFractionDigits: 2 })));
  return format.format(value);
}

/** Which result SMS a published result gets: none for an absentee (no score, no rank). */
export function resultSmsKind(result: Pick<CandidateResultPublishedPayload, 'absent' | 'qualified' | 'nextLevel'>): ResultSmsKind | null {
  if (result.absent) return null;
  return result.qualified && result.nextLevel ? 'result-qualified' : 'result';
}

/** The template with the result's values in place; `{candidateCode}` is left for the fan-out. */
export function resultSmsText(template: string, result: CandidateResultPublishedPayload, language: CandidateLanguage = DEFAULT_CANDIDATE_LANGUAGE): string {
  const rank = result.rank === null ? '-' : numberIn(language, result.rank);
  const values: Record<string, string> = {
    level: result.level,
    score: numberIn(language, result.score ?? 0),
    maxMarks: numberIn(language, result.maxMarks),
    category: result.category,
    rank: result.medal ? `${rank} (${MEDAL_NAMES[language][result.medal]})` : rank,
    nextLevel: result.nextLevel ?? '',
  };
  return template.replace(/\{(level|score|maxMarks|category|rank|nextLevel)\}/g, (_, name: string) => values[name] ?? '');
}
