import { DEFAULT_EDITION } from '@kbe/contracts';
import { editionFromConfig } from './edition.settings.provider';

describe('the running edition', () => {
  it("is the spec's 2025 edition when the environment sets nothing", () => {
    expect(editionFromConfig({ EDITION_YEAR: undefined, EDITION_REGISTRATION_DEADLINE: undefined })).toEqual(DEFAULT_EDITION);
  });

  it('is named after a moved deadline (the development profile): one year for everything', () => {
    const edition = editionFromConfig({ EDITION_YEAR: undefined, EDITION_REGISTRATION_DEADLINE: '2027-11-27T23:59:59.999+05:30' });
    expect(edition).toMatchObject({ year: 2027, registrationDeadline: '2027-11-27T23:59:59.999+05:30' });
    expect(edition.dates.hallTicketHandout).toBe('2027-11-05');
  });

  it('keeps the year and deadline the environment sets', () => {
    expect(editionFromConfig({ EDITION_YEAR: 2026, EDITION_REGISTRATION_DEADLINE: '2026-11-01T23:59:59.999+05:30' })).toMatchObject({
      year: 2026,
      registrationDeadline: '2026-11-01T23:59:59.999+05:30',
    });
  });
});

describe('the correction window of the running edition', () => {
  it("is the edition's calendar year unless the environment sets it, and moves with the year", () => {
    expect(editionFromConfig({ EDITION_YEAR: undefined, EDITION_REGISTRATION_DEADLINE: undefined }).corrections).toEqual({
      opensAt: '2025-01-01T00:00:00.000+05:30',
      closesAt: '2025-12-31T23:59:59.999+05:30',
    });
    expect(editionFromConfig({ EDITION_YEAR: 2027, EDITION_REGISTRATION_DEADLINE: undefined }).corrections.closesAt).toBe('2027-12-31T23:59:59.999+05:30');
    expect(
      editionFromConfig({
        EDITION_YEAR: 2026,
        EDITION_REGISTRATION_DEADLINE: undefined,
        EDITION_CORRECTIONS_OPENS_AT: '2026-11-01T00:00:00+05:30',
        EDITION_CORRECTIONS_CLOSES_AT: '2026-11-30T23:59:59+05:30',
      }).corrections,
    ).toEqual({ opensAt: '2026-11-01T00:00:00+05:30', closesAt: '2026-11-30T23:59:59+05:30' });
  });
});

describe('whether a hall ticket needs a seat in the running edition', () => {
  it('does not unless the environment says so', () => {
    expect(editionFromConfig({ EDITION_YEAR: undefined, EDITION_REGISTRATION_DEADLINE: undefined }).seatRequiredForHallTicket).toBe(false);
    expect(editionFromConfig({ EDITION_YEAR: undefined, EDITION_REGISTRATION_DEADLINE: undefined, EDITION_SEAT_REQUIRED_FOR_HALL_TICKET: false }).seatRequiredForHallTicket).toBe(false);
    expect(editionFromConfig({ EDITION_YEAR: 2026, EDITION_REGISTRATION_DEADLINE: undefined, EDITION_SEAT_REQUIRED_FOR_HALL_TICKET: true }).seatRequiredForHallTicket).toBe(true);
  });
});
