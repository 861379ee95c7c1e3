import { CANDIDATE_LANGUAGES, smsLength } from '@kbe/contracts';
import { EVENT_SMS_KINDS, eventSmsMessageType, eventSmsTemplates, OTP_MESSAGE_TYPES } from './event-sms.templates';

const portal = 'kbe.example.org';
/** A template as sent: a real candidate code and a 6-digit code in place of the placeholders. */
const filled = (template: string) => template.replaceAll('{candidateCode}', 'KBE123456K7Q').replace('{code}', '482913');

describe('event SMS templates', () => {
  it('keeps the English texts of the spec, and English is the default', () => {
    expect(eventSmsTemplates(portal)).toEqual(eventSmsTemplates(portal, 'en'));
    expect(eventSmsTemplates(portal, 'en')).toEqual({
      registration: 'KBE Young Scientist: registration received. Your candidate ID is {candidateCode}. Use it on kbe.example.org for your hall ticket.',
      'hall-ticket': 'KBE Young Scientist: your hall ticket is released. Download it on kbe.example.org with candidate ID {candidateCode}.',
      certificate: 'KBE Young Scientist: your certificate is released. Download it on kbe.example.org with candidate ID {candidateCode}.',
      'consent-otp':
        'KBE Young Scientist: {code} is the code to give parental consent for candidate {candidateCode}. Valid 10 minutes; do not share it. Notice: kbe.example.org/einstein-quest/parental-consent/{candidateCode}',
      'withdrawal-otp':
        'KBE Young Scientist: {code} is the code to WITHDRAW parental consent for candidate {candidateCode} and erase its data. Valid 10 minutes; do not share it. kbe.example.org/einstein-quest/parental-consent/{candidateCode}',
      'data-request-otp':
        'KBE Young Scientist: {code} is the code to see or correct the data of candidate {candidateCode}. Valid 10 minutes; do not share it. kbe.example.org/einstein-quest/parental-consent/{candidateCode}',
      'portal-otp':
        'KBE Young Scientist: {code} is your code to sign in to the Kalpana Einstein Quest school portal as {candidateCode}. Valid 10 minutes; do not share it. kbe.example.org/einstein-quest/school-portal',
      correction: "KBE Young Scientist: the details of candidate {candidateCode} were corrected at the school's request. Download the hall ticket again on kbe.example.org.",
      'seat-change': 'KBE Young Scientist: the exam seat of candidate {candidateCode} has changed. Download the new hall ticket on kbe.example.org.',
    });
  });

  it('words the documents in Marathi and Hindi with the glossary terms', () => {
    const mr = eventSmsTemplates(portal, 'mr');
    const hi = eventSmsTemplates(portal, 'hi');
    expect(mr['hall-ticket']).toContain('प्रवेशपत्र');
    expect(hi['hall-ticket']).toContain('प्रवेशपत्र');
    expect(mr.certificate).toContain('प्रमाणपत्र');
    expect(hi.certificate).toContain('प्रमाणपत्र');
    expect(mr.registration).toContain('नोंदणी');
    expect(hi.registration).toContain('पंजीकरण');
    expect(mr['consent-otp']).toContain('पालक');
    expect(hi['consent-otp']).toContain('अभिभावक');
    expect(mr['hall-ticket']).toContain('विद्यार्थी क्रमांक');
    expect(hi['hall-ticket']).toContain('विद्यार्थी क्रमांक');
  });

  it.each(CANDIDATE_LANGUAGES)('keeps every placeholder and the portal address in %s', (language) => {
    const templates = eventSmsTemplates(portal, language);
    for (const kind of EVENT_SMS_KINDS) {
      expect(templates[kind]).toContain('{candidateCode}');
      expect(templates[kind]).toContain(portal);
      expect(templates[kind].includes('{code}')).toBe(kind.endsWith('-otp'));
    }
  });

  it.each(CANDIDATE_LANGUAGES)('links the code texts of a guardian to the consent page in %s', (language) => {
    const page = `${portal}${language === 'en' ? '' : `/${language}`}/einstein-quest/parental-consent/{candidateCode}`;
    const templates = eventSmsTemplates(portal, language);
    for (const kind of ['consent-otp', 'withdrawal-otp', 'data-request-otp'] as const) expect(templates[kind]).toContain(page);
  });

  it('sends Marathi as UCS-2: the hall ticket SMS in two parts (70 places in one, 67 per part beyond)', () => {
    const text = filled(eventSmsTemplates(portal, 'mr')['hall-ticket']);
    const length = smsLength(text);
    expect(length).toMatchObject({ encoding: 'UCS-2', units: text.length, segments: 2, perSegment: 67 });
    expect(length.units).toBeGreaterThan(70);
    expect(length.units).toBeLessThanOrEqual(2 * 67);
  });

  it.each(['mr', 'hi'] as const)('fits the %s registration and document texts in two UCS-2 parts, the code texts in three', (language) => {
    const templates = eventSmsTemplates(portal, language);
    for (const kind of EVENT_SMS_KINDS) {
      const length = smsLength(filled(templates[kind]));
      expect(length.encoding).toBe('UCS-2');
      // the code texts carry the consent page's address (about 60 places of the 134 two parts hold)
      expect({ kind, segments: length.segments }).toEqual({ kind, segments: kind.endsWith('-otp') ? 3 : 2 });
    }
  });

  it("words the portal's sign-in code for the school or mentor code it was asked with, with the portal's address", () => {
    const text = filled(eventSmsTemplates(portal, 'en')['portal-otp']).replace('KBE123456K7Q', 'SCH-7KQ2XM');
    expect(text).toBe(
      'KBE Young Scientist: 482913 is your code to sign in to the Kalpana Einstein Quest school portal as SCH-7KQ2XM. Valid 10 minutes; do not share it. kbe.example.org/einstein-quest/school-portal',
    );
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(OTP_MESSAGE_TYPES['portal-sign-in']).toBe('portal-otp');
  });

  it('keeps English in GSM-7, under its own message types', () => {
    expect(smsLength(filled(eventSmsTemplates(portal, 'en')['hall-ticket'])).encoding).toBe('GSM-7');
    expect(eventSmsMessageType('hall-ticket', 'en')).toBe('hall-ticket');
    expect(eventSmsMessageType('consent-otp')).toBe('consent-otp');
    expect(eventSmsMessageType('hall-ticket', 'mr')).toBe('hall-ticket.mr');
    expect(eventSmsMessageType('certificate', 'hi')).toBe('certificate.hi');
  });
});

describe("the guardian's SMS of an approved correction", () => {
  it('names the candidate and the portal in each language, one GSM-7 part in English, two UCS-2 parts in Marathi and Hindi', () => {
    const en = filled(eventSmsTemplates(portal, 'en').correction);
    expect(en).toBe("KBE Young Scientist: the details of candidate KBE123456K7Q were corrected at the school's request. Download the hall ticket again on kbe.example.org.");
    expect(smsLength(en)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    for (const language of ['mr', 'hi'] as const) {
      const text = filled(eventSmsTemplates(portal, language).correction);
      expect(text).toContain('KBE123456K7Q');
      expect(text).toContain('प्रवेशपत्र');
      expect(smsLength(text)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    }
    expect(eventSmsMessageType('correction', 'mr')).toBe('correction.mr');
  });
});

describe("the guardian's SMS of a changed exam seat", () => {
  it('names the candidate and the portal in each language, one GSM-7 part in English, two UCS-2 parts at most in Marathi and Hindi', () => {
    const en = filled(eventSmsTemplates(portal, 'en')['seat-change']);
    expect(en).toBe('KBE Young Scientist: the exam seat of candidate KBE123456K7Q has changed. Download the new hall ticket on kbe.example.org.');
    expect(smsLength(en)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    for (const language of ['mr', 'hi'] as const) {
      const text = filled(eventSmsTemplates(portal, language)['seat-change']);
      expect(text).toContain('KBE123456K7Q');
      expect(text).toContain('प्रवेशपत्र');
      expect(smsLength(text).encoding).toBe('UCS-2');
      expect(smsLength(text).segments).toBeLessThanOrEqual(2);
    }
    expect(eventSmsMessageType('seat-change', 'hi')).toBe('seat-change.hi');
  });
});
