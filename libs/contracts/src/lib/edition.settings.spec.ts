import {
  DEFAULT_EDITION,
  deadlineYear,
  editionFor,
  formatEditionDate,
  formatRegistrationDeadline,
  isRegistrationOpen,
  moveByYears,
  ordinal,
  registrationClosedMessage,
  registrationDeadlineMessage,
} from './edition.settings';
import { editionSettingsSchema } from './edition.settings.schema';

describe('edition settings', () => {
  it('ships the 2025 edition with the deadline at the end of 30 October 2025 IST', () => {
    expect(DEFAULT_EDITION.year).toBe(2025);
    expect(new Date(DEFAULT_EDITION.registrationDeadline).toISOString()).toBe('2025-10-30T18:29:59.999Z');
    expect(editionSettingsSchema.safeParse(DEFAULT_EDITION).success).toBe(true);
  });

  it('is the spec\'s edition when a deployment configures nothing, or only what the spec says', () => {
    expect(editionFor({})).toEqual(DEFAULT_EDITION);
    expect(editionFor({ year: 2025, registrationDeadline: DEFAULT_EDITION.registrationDeadline })).toEqual(DEFAULT_EDITION);
  });

  it('has one year: a deadline moved ahead moves the year and every date of the edition with it', () => {
    const edition = editionFor({ registrationDeadline: '2027-11-27T23:59:59.999+05:30' });
    expect(edition.year).toBe(2027);
    expect(edition.registrationDeadline).toBe('2027-11-27T23:59:59.999+05:30');
    expect(edition.dates).toEqual({ mainsExam: '2027-03-19', advancedExam: '2027-05-21', hallTicketHandout: '2027-11-05' });
    expect(edition.fees).toEqual(DEFAULT_EDITION.fees);
    expect(editionSettingsSchema.safeParse(edition).success).toBe(true);
  });

  it('moves the deadline to a configured year, and keeps a configured deadline and year as they are', () => {
    expect(editionFor({ year: 2026 })).toMatchObject({ year: 2026, registrationDeadline: '2026-10-30T23:59:59.999+05:30' });
    expect(editionFor({ year: 2026 }).dates.hallTicketHandout).toBe('2026-11-05');
    expect(editionFor({ year: 2026, registrationDeadline: '2026-11-01T23:59:59.999+05:30' })).toMatchObject({
      year: 2026,
      registrationDeadline: '2026-11-01T23:59:59.999+05:30',
    });
  });

  it("names the edition after the deadline's calendar year in IST", () => {
    expect(deadlineYear('2026-12-31T20:00:00Z')).toBe(2027);
    expect(deadlineYear('2026-12-31T23:59:59.999+05:30')).toBe(2026);
    expect(moveByYears('2025-10-30T23:59:59.999+05:30', 2)).toBe('2027-10-30T23:59:59.999+05:30');
    expect(moveByYears('2025-03-19', -1)).toBe('2024-03-19');
  });

  it('rejects malformed settings', () => {
    expect(editionSettingsSchema.safeParse({ ...DEFAULT_EDITION, registrationDeadline: '30/10/2025' }).success).toBe(false);
    expect(editionSettingsSchema.safeParse({ ...DEFAULT_EDITION, extra: 1 }).success).toBe(false);
  });

  it('keeps registration open up to and including the deadline instant', () => {
    expect(isRegistrationOpen(new Date('2025-10-30T23:59:59.999+05:30'), DEFAULT_EDITION)).toBe(true);
    expect(isRegistrationOpen(new Date('2025-10-30T10:00:00+05:30'), DEFAULT_EDITION)).toBe(true);
    expect(isRegistrationOpen(new Date('2025-10-31T00:00:00.000+05:30'), DEFAULT_EDITION)).toBe(false);
  });

  it('answers the deadline message only once registrations have closed', () => {
    expect(registrationClosedMessage(new Date('2025-10-30T23:59:59.999+05:30'), DEFAULT_EDITION)).toBeNull();
    expect(registrationClosedMessage(new Date('2025-10-31T00:00:00+05:30'), DEFAULT_EDITION)).toBe(
      'Registration deadline (30th October 2025) has passed',
    );
  });

  it('formats the deadline as the banner shows it', () => {
    expect(formatRegistrationDeadline(DEFAULT_EDITION)).toBe('30th October 2025');
    expect(registrationDeadlineMessage(DEFAULT_EDITION)).toBe('Registration deadline (30th October 2025) has passed');
  });

  it('builds the deadline message from the configured edition', () => {
    const edition = { ...DEFAULT_EDITION, year: 2026, registrationDeadline: '2026-11-01T23:59:59.999+05:30' };
    expect(registrationDeadlineMessage(edition)).toBe('Registration deadline (1st November 2026) has passed');
  });

  it('shows the calendar day in IST even when UTC is still the previous day', () => {
    expect(formatEditionDate('2025-03-01T20:00:00Z')).toBe('2nd March 2025');
  });

  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'],
    [13, '13th'], [21, '21st'], [22, '22nd'], [23, '23rd'], [30, '30th'], [31, '31st'],
  ])('writes day %i as %s', (day, text) => {
    expect(ordinal(day)).toBe(text);
  });
});
