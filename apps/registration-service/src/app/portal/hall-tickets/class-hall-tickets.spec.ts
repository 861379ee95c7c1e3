import { printedHashOf, type StoredDirectoryFields } from '../../candidates/directory/directory-entry';
import { entry } from '../../candidates/directory/directory-entry.fixture';
import { bundleKeyOf, compareForHallTickets, jobFingerprintOf, planClassHallTickets } from './class-hall-tickets';

const seated = (code: string, seatNumber: string | null, fields: Parameters<typeof entry>[1] = {}) =>
  entry(code, { hallTicketReleased: true, ...fields, sheet: { ...entry(code).sheet, seatNumber } });

describe('a class hall-ticket PDF', () => {
  it('puts hall tickets in seat-number order (as read: 9 before 10), then candidate code, pupils without a seat last', () => {
    const entries = [
      seated('KBE000005AAA', null),
      seated('KBE000004AAA', 'S-10'),
      seated('KBE000003AAA', 'S-9'),
      seated('KBE000002AAA', null),
      seated('KBE000001AAA', 'S-10'),
    ];
    expect([...entries].sort(compareForHallTickets).map((e) => e.code)).toEqual([
      'KBE000003AAA',
      'KBE000001AAA',
      'KBE000004AAA',
      'KBE000002AAA',
      'KBE000005AAA',
    ]);
  });

  it('holds the released live pupils and lists the others as skipped, by code', () => {
    const plan = planClassHallTickets([
      seated('KBE000003AAA', '2'),
      entry('KBE000009AAA'),
      seated('KBE000001AAA', '1'),
      entry('KBE000002AAA'),
      seated('KBE000004AAA', '3', { deletedAt: Date.now() }),
    ]);
    expect(plan.released.map((e) => e.code)).toEqual(['KBE000001AAA', 'KBE000003AAA']);
    expect(plan.skipped).toEqual(['KBE000002AAA', 'KBE000009AAA']);
  });

  describe('its cache key', () => {
    const a = seated('KBE000001AAA', '1', { printed: 11 });
    const b = seated('KBE000002AAA', '2', { printed: 22 });

    it('is the same for the same pupils printing the same', () => {
      expect(bundleKeyOf([a, b])).toBe(bundleKeyOf([{ ...a }, { ...b }]));
      expect(bundleKeyOf([a, b])).toMatch(/^[0-9a-f]{64}$/);
    });

    it('changes with a pupil added (a release), removed (a withdrawal), reordered or printing something else', () => {
      const key = bundleKeyOf([a, b]);
      const c = seated('KBE000003AAA', '3');
      expect(bundleKeyOf([a, b, c])).not.toBe(key);
      expect(bundleKeyOf([a])).not.toBe(key);
      expect(bundleKeyOf([b, a])).not.toBe(key);
      expect(bundleKeyOf([a, { ...b, printed: 23 }])).not.toBe(key);
    });

    it("takes what a hall ticket prints from the stored candidate: a new mother's name, language, stage or seat is a new hash; a fee or consent is not", () => {
      const stored: StoredDirectoryFields = {
        candidateCode: 'KBE000001AAA',
        createdAt: new Date(0),
        nameSearch: 'aarav patil',
        phoneNumber: '9876500000',
        mentorCode: 'MEN-AAAAAA',
        schoolCode: 'SCH-AAAAAA',
        personalDetails: { fullName: 'Aarav Patil', fatherName: 'Suresh Patil', motherName: 'Meena Patil' },
        educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', kbeCategory: 'Sec', kbeStageParticipated: 'Mains' },
        language: 'en',
        seatNumber: 'S-1',
        photoKey: 'p',
        signatureKey: 's',
      };
      const hash = printedHashOf(stored);
      expect(printedHashOf({ ...stored, personalDetails: { ...stored.personalDetails, motherName: 'Meera Patil' } })).not.toBe(hash);
      expect(printedHashOf({ ...stored, language: 'mr' })).not.toBe(hash);
      expect(printedHashOf({ ...stored, educationalDetails: { ...stored.educationalDetails, kbeStageParticipated: 'Finals' } })).not.toBe(hash);
      expect(printedHashOf({ ...stored, seatNumber: 'S-2' })).not.toBe(hash);
      expect(printedHashOf({ ...stored, feesPaid: true, consentStatus: 'given' })).toBe(hash);
    });

    it('names a job per school or mentor, bundle and skipped pupils', () => {
      const school = { role: 'school', code: 'SCH-AAAAAA' };
      const key = bundleKeyOf([a, b]);
      expect(jobFingerprintOf(school, key, [])).toBe(jobFingerprintOf({ ...school }, key, []));
      expect(jobFingerprintOf(school, key, ['KBE000009AAA'])).not.toBe(jobFingerprintOf(school, key, []));
      expect(jobFingerprintOf({ role: 'mentor', code: 'MEN-AAAAAA' }, key, [])).not.toBe(jobFingerprintOf(school, key, []));
    });
  });
});
