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
