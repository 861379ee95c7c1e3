// node --test tools/stack/profiles.test.mjs
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { fuzzProfile, openCorrections, openEdition, testProfile } from './profiles.mjs';

describe('the development profile edition', () => {
  it('moves the deadline a year ahead and the edition year with it', () => {
    const edition = openEdition({});
    const year = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 4);
    assert.match(edition.EDITION_REGISTRATION_DEADLINE, /^\d{4}-\d{2}-\d{2}T23:59:59\.999\+05:30$/);
    assert.equal(edition.EDITION_YEAR, year);
    assert.equal(edition.EDITION_REGISTRATION_DEADLINE.slice(0, 4), edition.EDITION_YEAR);
    assert.ok(Date.parse(edition.EDITION_REGISTRATION_DEADLINE) > Date.now());
  });

  it("never keeps another year beside the moved deadline (an EDITION_YEAR left in the shell's environment)", () => {
    const edition = openEdition({ EDITION_YEAR: '2025' });
    assert.equal(edition.EDITION_YEAR, edition.EDITION_REGISTRATION_DEADLINE.slice(0, 4));
    assert.notEqual(edition.EDITION_YEAR, '2025');
  });

  it('prints the hall tickets six days after the deadline', () => {
    assert.equal(openEdition({ EDITION_REGISTRATION_DEADLINE: '2027-11-27T23:59:59.999+05:30' }).EDITION_HALL_TICKET_HANDOUT_DATE, '2027-12-03');
  });

  it("keeps a deadline and year from the environment, and leaves the year to the deadline's when only the deadline is set", () => {
    assert.deepEqual(openEdition({ EDITION_REGISTRATION_DEADLINE: '2026-10-30T23:59:59.999+05:30', EDITION_YEAR: '2026' }), {
      EDITION_YEAR: '2026',
      EDITION_REGISTRATION_DEADLINE: '2026-10-30T23:59:59.999+05:30',
      EDITION_HALL_TICKET_HANDOUT_DATE: '2026-11-05',
    });
    assert.equal('EDITION_YEAR' in openEdition({ EDITION_REGISTRATION_DEADLINE: '2026-10-30T23:59:59.999+05:30' }), false);
  });
});

describe('the development profile correction window', () => {
  it('is open now, from a day ago to a year ahead, unless the environment sets its ends', () => {
    const now = new Date('2026-11-28T10:00:00.000Z');
    assert.deepEqual(openCorrections({}, now), { EDITION_CORRECTIONS_OPENS_AT: '2026-11-27T10:00:00.000Z', EDITION_CORRECTIONS_CLOSES_AT: '2027-11-28T10:00:00.000Z' });
    assert.equal(openCorrections({ EDITION_CORRECTIONS_CLOSES_AT: '2026-12-31T23:59:59+05:30' }, now).EDITION_CORRECTIONS_CLOSES_AT, '2026-12-31T23:59:59+05:30');
    const profile = testProfile('x', { JWT_PRIVATE_KEY: 'k', JWT_PUBLIC_KEYS: 'k', INTERNAL_API_TOKEN: 't', DOCUMENT_SIGNING_SECRET: 's' });
    assert.ok(Date.parse(profile.EDITION_CORRECTIONS_OPENS_AT) < Date.now() && Date.now() < Date.parse(profile.EDITION_CORRECTIONS_CLOSES_AT));
  });
});

describe('the test profiles', () => {
  const env = { JWT_PRIVATE_KEY: 'k', JWT_PUBLIC_KEYS: 'k', INTERNAL_API_TOKEN: 't', DOCUMENT_SIGNING_SECRET: 's' };

  it('record the parental consent of the candidates the journeys register as test data', () => {
    assert.equal(testProfile('r1', env).TEST_DATA_CONSENT, 'true');
    assert.equal(fuzzProfile('r1', env).TEST_DATA_CONSENT, 'true');
    assert.equal(fuzzProfile('r1', env).RATE_LIMIT_CONSENT, '100000');
  });

  it('show the public merit list of a published level (the results journey reads it)', () => {
    assert.equal(testProfile('r1', env).EDITION_PUBLIC_MERIT_LIST, 'true');
  });
});
