import { CANDIDATE_LANGUAGES, smsLength, type CandidateResultPublishedPayload } from '@kbe/contracts';
import { eventSmsMessageType } from './event-sms.templates';
import { RESULT_SMS_KINDS, resultSmsKind, resultSmsTemplates, resultSmsText } from './result-sms.templates';

/** A result as the event carries it: a qualified Sec candidate of Mains, rank 2 with a silver medal. */
const published = (fields: Partial<CandidateResultPublishedPayload> = {}): CandidateResultPublishedPayload => ({
  candidateCode: 'KBE123456K7Q',
  phoneNumber: '9123400001',
  language: 'en',
  level: 'Mains',
  category: 'Sec',
  score: 82.5,
  maxMarks: 100,
  absent: false,
  rank: 2,
  medal: 'silver',
  qualified: true,
  nextLevel: 'Advanced',
  publishedAt: '2027-03-01T10:00:00.000Z',
  ...fields,
});

/** As sent: the fan-out puts the code in. */
const sent = (result: CandidateResultPublishedPayload, language = result.language ?? 'en') => {
  const kind = resultSmsKind(result);
  if (!kind) throw new Error('no SMS');
  return resultSmsText(resultSmsTemplates(language)[kind], result, language).replaceAll('{candidateCode}', result.candidateCode);
};

/** The longest texts: a medal, the longest level names, five-digit ranks, the longest category. */
const LONGEST = [
  published({ level: 'Advanced', category: 'Prime', score: 137.5, maxMarks: 150, rank: 3, medal: 'bronze', nextLevel: 'Super Advanced' }),
  published({ level: 'Advanced', category: 'Prime', score: 137.5, maxMarks: 150, rank: 12345, medal: null, nextLevel: 'Super Advanced' }),
  published({ level: 'Super Advanced', category: 'Prime', score: 187.5, maxMarks: 200, rank: 12345, medal: null, qualified: false, nextLevel: null }),
  published({ level: 'Super Advanced', category: 'Prime', score: 187.5, maxMarks: 200, rank: 3, medal: 'bronze', qualified: true, nextLevel: null }),
];

describe("the guardian's SMS of a published result", () => {
  it('tells a qualified candidate the score, the rank in the category, the medal, and to pay the next fee through the mentor', () => {
    expect(sent(published())).toBe('KBE Young Scientist: KBE123456K7Q scored 82.5/100 in Mains, Sec rank 2 (silver medal). Qualified for Advanced: pay the fee through your mentor.');
    expect(sent(published({ medal: null, rank: 57 }))).toContain('Sec rank 57. Qualified for Advanced');
  });

  it('has a kind line for a candidate who did not qualify (and for the last level), and nothing for an absentee', () => {
    expect(sent(published({ score: 31, rank: 140, medal: null, qualified: false, nextLevel: null }))).toBe(
      'KBE Young Scientist: KBE123456K7Q scored 31/100 in Mains, Sec rank 140. Thank you for taking part; keep exploring science!',
    );
    expect(resultSmsKind(published({ level: 'Super Advanced', qualified: true, nextLevel: null }))).toBe('result');
    expect(resultSmsKind(published({ absent: true, score: null, rank: null, medal: null, qualified: false, nextLevel: null }))).toBeNull();
  });

  it('words it in Marathi with Devanagari digits and in Hindi, level and category names in Latin script', () => {
    expect(sent(published({ language: 'mr' }))).toBe('KBE Young Scientist: KBE123456K7Q Mains: ८२.५/१००, Sec क्रमांक २ (रौप्य). Advanced साठी पात्र; शुल्क मार्गदर्शकांकडे भरा.');
    expect(sent(published({ language: 'hi' }))).toBe('KBE Young Scientist: KBE123456K7Q Mains: 82.5/100, Sec रैंक 2 (रजत)। Advanced के लिए पात्र; शुल्क मार्गदर्शक को दें।');
    expect(sent(published({ language: 'mr', qualified: false, nextLevel: null, medal: null, rank: 140 }))).toContain('सहभागाबद्दल धन्यवाद');
    expect(sent(published({ language: 'hi', qualified: false, nextLevel: null, medal: null, rank: 140 }))).toContain('भाग लेने के लिए धन्यवाद');
  });

  it.each(CANDIDATE_LANGUAGES)('keeps the code placeholder in every %s text, and sends under message types of their own', (language) => {
    for (const kind of RESULT_SMS_KINDS) expect(resultSmsTemplates(language)[kind]).toContain('{candidateCode}');
    expect(eventSmsMessageType('result-qualified', language)).toBe(language === 'en' ? 'result-qualified' : `result-qualified.${language}`);
  });

  it('fits one GSM-7 part in English and two UCS-2 parts in Marathi and Hindi with the longest values, each value a DLT variable of at most 30 characters', () => {
    for (const result of LONGEST) {
      expect({ language: 'en', length: smsLength(sent(result, 'en')) }).toMatchObject({ length: { encoding: 'GSM-7', segments: 1 } });
      for (const language of ['mr', 'hi'] as const) {
        const length = smsLength(sent(result, language));
        expect({ language, encoding: length.encoding, fits: length.segments <= 2 }).toEqual({ language, encoding: 'UCS-2', fits: true });
      }
      for (const language of CANDIDATE_LANGUAGES) {
        const rank = resultSmsText('{rank}', result, language);
        expect(rank.length).toBeLessThanOrEqual(30);
      }
    }
  });
});
