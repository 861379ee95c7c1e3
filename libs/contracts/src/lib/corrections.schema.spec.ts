import { DEFAULT_EDITION, editionFor } from './edition.settings';
import { editionSettingsSchema } from './edition.settings.schema';
import { CORRECTABLE_FIELDS, CORRECTION_MESSAGES, correctionWindowMessage, isCorrectionWindowOpen } from './corrections.contract';
import { correctionQueueQuerySchema, correctionRejectionSchema, correctionRequestSchema } from './corrections.schema';
import { VALIDATION_MESSAGES } from './validation.messages';

const errorsOf = (input: unknown) => {
  const result = correctionRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
};

describe('correction requests', () => {
  it('takes new values of correctable fields, each by the registration form’s rule', () => {
    const parsed = correctionRequestSchema.parse({ candidateCode: ' kbe123456k7q ', changes: { 'personalDetails.fullName': '  Aarav Patil ', 'orphanDetails.isOrphan': true } });
    expect(parsed).toEqual({ candidateCode: 'KBE123456K7Q', changes: { 'personalDetails.fullName': 'Aarav Patil', 'orphanDetails.isOrphan': true }, note: '' });
    expect(errorsOf({ candidateCode: 'KBE123456K7Q', changes: { 'personalDetails.dateOfBirth': '2010-02-30', 'permanentAddress.pin': '4220' } })).toEqual([
      { field: 'changes.personalDetails.dateOfBirth', message: VALIDATION_MESSAGES.dateOfBirth },
      { field: 'changes.permanentAddress.pin', message: VALIDATION_MESSAGES.pin },
    ]);
    expect(errorsOf({ candidateCode: 'KBE123456K7Q', changes: { 'contactDetails.phoneNumber': '12345' } })).toEqual([
      { field: 'changes.contactDetails.phoneNumber', message: VALIDATION_MESSAGES.phone },
    ]);
  });

  it('refuses the code, fees and releases, an empty change and a malformed candidate code', () => {
    expect(CORRECTABLE_FIELDS).not.toContain('mentorCode');
    expect(CORRECTABLE_FIELDS.some((field) => /fees|Released|candidateCode/.test(field))).toBe(false);
    expect(errorsOf({ candidateCode: 'KBE123456K7Q', changes: { 'educationalDetails.fees': 300, feesPaid: true } })).toEqual([
      { field: 'changes', message: `${CORRECTION_MESSAGES.unknownFields}: educationalDetails.fees, feesPaid` },
    ]);
    expect(errorsOf({ candidateCode: 'KBE123456K7Q', changes: {} })).toEqual([{ field: 'changes', message: CORRECTION_MESSAGES.noChanges }]);
    expect(errorsOf({ candidateCode: 'nope', changes: { 'personalDetails.fullName': 'A' } })).toEqual([{ field: 'candidateCode', message: CORRECTION_MESSAGES.candidateCode }]);
    expect(errorsOf({ candidateCode: 'KBE123456K7Q', changes: { 'personalDetails.fullName': 'A' }, note: 'x'.repeat(501) })).toEqual([{ field: 'note', message: CORRECTION_MESSAGES.note }]);
  });

  it('needs a reason to reject, and names the queue’s statuses', () => {
    expect(correctionRejectionSchema.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(CORRECTION_MESSAGES.reasonRequired);
    expect(correctionRejectionSchema.safeParse({}).error?.issues[0]?.message).toBe(CORRECTION_MESSAGES.reasonRequired);
    expect(correctionQueueQuerySchema.parse({})).toEqual({ status: 'open', page: 1, limit: 20 });
    expect(correctionQueueQuerySchema.safeParse({ status: 'pending' }).error?.issues[0]?.message).toBe(CORRECTION_MESSAGES.status);
  });
});

describe('the correction window of an edition', () => {
  it("is the edition's calendar year by default, moves with the year and is validated", () => {
    expect(DEFAULT_EDITION.corrections).toEqual({ opensAt: '2025-01-01T00:00:00.000+05:30', closesAt: '2025-12-31T23:59:59.999+05:30' });
    expect(editionFor({ year: 2027 }).corrections).toEqual({ opensAt: '2027-01-01T00:00:00.000+05:30', closesAt: '2027-12-31T23:59:59.999+05:30' });
    expect(editionSettingsSchema.safeParse({ ...DEFAULT_EDITION, corrections: { opensAt: '2025-12-31T00:00:00+05:30', closesAt: '2025-01-01T00:00:00+05:30' } }).success).toBe(false);
    expect(editionSettingsSchema.safeParse({ ...DEFAULT_EDITION, corrections: { opensAt: '1 Jan', closesAt: '2025-01-01T00:00:00+05:30' } }).success).toBe(false);
  });

  it('is open from its first to its last instant, and the refusal names its days', () => {
    const edition = editionFor({ corrections: { opensAt: '2025-11-01T00:00:00.000+05:30', closesAt: '2025-11-30T23:59:59.999+05:30' } });
    expect(isCorrectionWindowOpen(new Date('2025-11-01T00:00:00.000+05:30'), edition)).toBe(true);
    expect(isCorrectionWindowOpen(new Date('2025-11-30T23:59:59.999+05:30'), edition)).toBe(true);
    expect(isCorrectionWindowOpen(new Date('2025-10-31T23:59:59.999+05:30'), edition)).toBe(false);
    expect(isCorrectionWindowOpen(new Date('2025-12-01T00:00:00.000+05:30'), edition)).toBe(false);
    expect(correctionWindowMessage(edition)).toBe('Corrections are accepted from 1st November 2025 to 30th November 2025.');
  });
});
