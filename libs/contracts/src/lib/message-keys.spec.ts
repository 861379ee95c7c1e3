import { CONSENT_MESSAGES, resendTooSoonMessage, tooManySendsMessage, wrongOtpMessage } from './consent.contract';
import { CONTACT_MESSAGES } from './contact.messages';
import { contactMessageSchema } from './contact.schema';
import { DATA_RIGHTS_MESSAGES, requestRecordedMessage } from './data-rights.contract';
import { DOCUMENT_NOT_VERIFIED, DOWNLOAD_MESSAGES, downloadedMessage } from './documents.contract';
import { candidateRegistrationSchema } from './candidate.schema';
import { imageFileProblem, MAX_IMAGE_FILE_BYTES } from './image-file.rules';
import { MESSAGE_KEYS, englishMessageOf, labelKeyOf, messageKeyOf, messageKeyValueNames } from './message-keys';
import { mentorRegistrationSchema } from './mentor.schema';
import { schoolRegistrationSchema } from './school.schema';
import { validateCandidateSubmission, validateWith } from './validation-result.util';
import { CANDIDATE_MESSAGES, FIELD_LABELS, VALIDATION_MESSAGES, chooseMessage, requiredMessage } from './validation.messages';

const messagesOf = (result: { success: boolean; messages?: string[] }): string[] => ('messages' in result ? (result.messages ?? []) : []);

const textsOf = (tree: object): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : textsOf(value as object)));

const FIXED = [
  ...textsOf(VALIDATION_MESSAGES),
  ...textsOf(CANDIDATE_MESSAGES),
  ...textsOf(CONTACT_MESSAGES),
  ...textsOf(CONSENT_MESSAGES),
  ...textsOf(DATA_RIGHTS_MESSAGES),
  ...textsOf(DOWNLOAD_MESSAGES),
  DOCUMENT_NOT_VERIFIED,
];

const LABELS = Object.values(FIELD_LABELS);

const BUILT = [
  ...LABELS.flatMap((label) => [requiredMessage(label), chooseMessage(label), `${label} must be text`, `${label} must be at most 200 characters`]),
  ...LABELS.flatMap((label) => [
    imageFileProblem(label, { type: 'application/pdf', size: 10 }),
    imageFileProblem(label, { type: 'image/png', size: 0 }),
    imageFileProblem(label, { type: 'image/png', size: MAX_IMAGE_FILE_BYTES + 1 }),
  ]),
  'Unexpected field: extra',
  'Unexpected fields: extra, other',
  'Work experience cannot be more than 60 years',
  'At most 5000 characters',
  "Mother's name must be at most 100 characters",
  downloadedMessage('hall-ticket'),
  downloadedMessage('certificate'),
  wrongOtpMessage(0),
  wrongOtpMessage(1),
  wrongOtpMessage(3),
  resendTooSoonMessage(1),
  resendTooSoonMessage(25),
  tooManySendsMessage(new Date('2026-11-27T20:00:00Z')),
  requestRecordedMessage(new Date('2027-02-25T05:00:00Z')),
] as string[];

describe('message keys', () => {
  it('gives every fixed message and every label a key of its own', () => {
    const keys = [...FIXED, ...LABELS].map((text) => messageKeyOf(text)?.key);
    expect(keys).not.toContain(undefined);
    expect(new Set(keys).size).toBe(new Set([...FIXED, ...LABELS]).size);
  });

  it('round-trips every message: the key and values give back the English text', () => {
    for (const text of [...FIXED, ...LABELS, ...BUILT]) {
      const keyed = messageKeyOf(text);
      expect({ text, keyed: keyed !== undefined }).toEqual({ text, keyed: true });
      expect(englishMessageOf(keyed!)).toBe(text);
      expect(Object.keys(keyed!.values ?? {}).sort()).toEqual([...messageKeyValueNames(keyed!.key)].sort());
    }
  });

  it('names a label inside a message by its own key, so a client can translate the label too', () => {
    expect(messageKeyOf(VALIDATION_MESSAGES.pin)).toEqual({ key: 'validation.pin' });
    expect(messageKeyOf('School name is required')).toEqual({ key: 'validation.required', values: { field: 'field.schoolName' } });
    expect(messageKeyOf('Please select a KBE category')).toEqual({ key: 'validation.choose', values: { field: 'field.kbeCategory' } });
    expect(messageKeyOf('Photo must be smaller than 5MB')).toEqual({ key: 'image.tooLarge', values: { field: 'field.photo' } });
    expect(messageKeyOf(wrongOtpMessage(3))).toEqual({ key: 'consent.wrongOtpTriesLeft', values: { tries: 3 } });
    expect(messageKeyOf(tooManySendsMessage(new Date('2026-11-27T20:00:00Z')))).toEqual({
      key: 'consent.tooManySendsRetry',
      values: { date: '2026-11-28' },
    });
    expect(labelKeyOf("Father's name")).toBe('field.fatherName');
  });

  it('keys every message the registration schemas give for empty and wrong input', () => {
    const messages = [
      ...messagesOf(validateWith(schoolRegistrationSchema, {})),
      ...messagesOf(validateWith(schoolRegistrationSchema, { address: {}, principal: {}, extra: 1 })),
      ...messagesOf(validateWith(mentorRegistrationSchema, { workExperience: 99, name: 1, email: 'x' })),
      ...messagesOf(validateWith(candidateRegistrationSchema, {})),
      ...messagesOf(validateCandidateSubmission({
        fields: {
          personalDetails: {},
          contactDetails: { phoneNumber: '' },
          guardianDetails: {},
          orphanDetails: {},
          permanentAddress: { addressLines: 'x'.repeat(1001) },
          educationalDetails: {},
          language: 'fr',
          feesPaid: 'maybe',
        },
        photo: { type: 'text/plain', size: 3 },
      })),
      ...messagesOf(validateWith(contactMessageSchema, {})),
    ];
    expect(messages.length).toBeGreaterThan(40);
    expect(messages.filter((message) => messageKeyOf(message) === undefined)).toEqual([]);
  });

  it('lists every key once, and no text the contracts do not produce', () => {
    expect(new Set(MESSAGE_KEYS).size).toBe(MESSAGE_KEYS.length);
    expect(MESSAGE_KEYS).toContain('validation.required');
    expect(MESSAGE_KEYS).toContain('field.schoolName');
    expect(messageKeyOf('Something else went wrong')).toBeUndefined();
    expect(messageKeyOf('Favourite colour is required')).toBeUndefined();
  });
});
