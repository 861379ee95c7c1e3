import type { ReleaseKind, ReleaseOutcome } from './candidate.repository';

/** What a release asks of a candidate beyond the spec's conditions (paid fees for a hall ticket, consent). */
export interface ReleaseRequirements {
  /** A hall ticket only for a seated candidate (the edition's `seatRequiredForHallTicket`). */
  seat?: boolean;
}

/** A candidate as a release reads it back after its conditional update. */
export interface ReleaseState {
  deletedAt?: Date | null;
  /** The document's release flag. */
  released?: boolean;
  /** The release that set the flag, when one did. */
  releaseId?: string | null;
  feesPaid?: boolean;
  consentStatus?: string | null;
  seatNumber?: string | null;
}

/** A seat number on record, allocated by exams-service or typed by an admin. */
export function isSeated(seatNumber: string | null | undefined): boolean {
  return typeof seatNumber === 'string' && seatNumber.trim() !== '';
}

/** Whether this release of `kind` asks for a seat. Certificates never do. */
export function seatRequired(kind: ReleaseKind, requirements: ReleaseRequirements): boolean {
  return kind === 'hall-ticket' && requirements.seat === true;
}

/**
 * Why a candidate read back after the release `releaseId` is (or is not) released by it: the first
 * unmet condition, in the order an admin fixes them (fees, consent, seat).
 */
export function releaseOutcomeOf(
  kind: ReleaseKind,
  candidate: ReleaseState | undefined,
  releaseId: string,
  requirements: ReleaseRequirements = {},
): ReleaseOutcome {
  if (!candidate || candidate.deletedAt) return 'not-found';
  if (candidate.releaseId === releaseId) return 'released';
  if (candidate.released) return 'already-released';
  if (kind === 'hall-ticket' && candidate.feesPaid !== true) return 'fees-unpaid';
  if (candidate.consentStatus === 'given' && seatRequired(kind, requirements) && !isSeated(candidate.seatNumber)) return 'not-seated';
  return 'consent-pending';
}
