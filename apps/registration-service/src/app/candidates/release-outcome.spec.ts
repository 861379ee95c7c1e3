import { isSeated, releaseOutcomeOf, type ReleaseState } from './release-outcome';

const RELEASE = 'release-1';
/** Paid, consented, seated, not released: what every release condition asks. */
const ready: ReleaseState = { released: false, feesPaid: true, consentStatus: 'given', seatNumber: 'M-21-014-0123-6' };

describe('the outcome of a release for one candidate', () => {
  it('is released by this release, already released by another, or not found', () => {
    expect(releaseOutcomeOf('hall-ticket', { ...ready, released: true, releaseId: RELEASE }, RELEASE, { seat: true })).toBe('released');
    expect(releaseOutcomeOf('hall-ticket', { ...ready, released: true, releaseId: 'earlier' }, RELEASE)).toBe('already-released');
    expect(releaseOutcomeOf('hall-ticket', undefined, RELEASE)).toBe('not-found');
    expect(releaseOutcomeOf('hall-ticket', { ...ready, deletedAt: new Date() }, RELEASE)).toBe('not-found');
  });

  it('names the first unmet condition of a hall ticket, in the order an admin fixes them: fees, consent, seat', () => {
    const unseated = { ...ready, seatNumber: null };
    expect(releaseOutcomeOf('hall-ticket', { ...unseated, feesPaid: false, consentStatus: null }, RELEASE, { seat: true })).toBe('fees-unpaid');
    expect(releaseOutcomeOf('hall-ticket', { ...unseated, consentStatus: null }, RELEASE, { seat: true })).toBe('consent-pending');
    expect(releaseOutcomeOf('hall-ticket', { ...unseated, consentStatus: 'withdrawn' }, RELEASE, { seat: true })).toBe('consent-pending');
    expect(releaseOutcomeOf('hall-ticket', unseated, RELEASE, { seat: true })).toBe('not-seated');
    expect(releaseOutcomeOf('hall-ticket', { ...ready, seatNumber: '  ' }, RELEASE, { seat: true })).toBe('not-seated');
  });

  it('never asks for a seat unless the edition does, nor for a certificate', () => {
    const unseated = { ...ready, seatNumber: null };
    expect(releaseOutcomeOf('hall-ticket', unseated, RELEASE)).toBe('consent-pending');
    expect(releaseOutcomeOf('hall-ticket', unseated, RELEASE, { seat: false })).toBe('consent-pending');
    expect(releaseOutcomeOf('certificate', { ...unseated, consentStatus: null }, RELEASE, { seat: true })).toBe('consent-pending');
    expect(releaseOutcomeOf('certificate', { ...unseated, feesPaid: false, consentStatus: 'given' }, RELEASE, { seat: true })).toBe('consent-pending');
  });
});

describe('a seated candidate', () => {
  it('has a seat number, allocated or typed by an admin', () => {
    expect(isSeated('M-21-014-0123-6')).toBe(true);
    expect(isSeated('NSK-0042')).toBe(true);
    expect(isSeated(null)).toBe(false);
    expect(isSeated(undefined)).toBe(false);
    expect(isSeated('')).toBe(false);
  });
});
