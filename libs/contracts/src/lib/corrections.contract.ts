// No zod here (`@kbe/contracts/zod-free`): the school portal's and the admin area's pages import
// the fields, paths and messages of corrections from this file; the schemas are in
// corrections.schema.ts.
import { formatEditionDate, type EditionSettings } from './edition.settings';
import { FIELD_LABELS } from './validation.messages';
import type { PortalRole } from './portal.contract';
import { CANDIDATE_DETAIL_FIELDS } from './candidate-detail-fields';

/**
 * The fields of a pupil a school or mentor may ask to correct (issue 27), as dotted paths of the
 * candidate schema. Never the candidate, mentor or school code, the fees, the releases, the
 * language, the photo or the signature: those are not details of the pupil, or have flows of their own.
 */
export const CORRECTABLE_FIELDS = CANDIDATE_DETAIL_FIELDS;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** How a field is named beside its old and new values (the registration form's labels). */
export const CORRECTABLE_FIELD_LABELS: Record<CorrectableField, string> = {
  'personalDetails.fullName': FIELD_LABELS.fullName,
  'personalDetails.fatherName': FIELD_LABELS.fatherName,
  'personalDetails.motherName': FIELD_LABELS.motherName,
  'personalDetails.gender': 'Gender',
  'personalDetails.dateOfBirth': FIELD_LABELS.dateOfBirth,
  'personalDetails.religion': FIELD_LABELS.religion,
  'personalDetails.region': 'Region',
  'personalDetails.motherTongue': FIELD_LABELS.motherTongue,
  'contactDetails.phoneNumber': FIELD_LABELS.phoneNumber,
  'contactDetails.email': 'Email',
  'guardianDetails.name': FIELD_LABELS.guardianName,
  'guardianDetails.relation': 'Relation to the candidate',
  'guardianDetails.phoneNumber': "Parent/guardian's mobile",
  'orphanDetails.isOrphan': 'Orphan',
  'permanentAddress.addressLines': FIELD_LABELS.address,
  'permanentAddress.village': FIELD_LABELS.village,
  'permanentAddress.taluka': FIELD_LABELS.taluka,
  'permanentAddress.district': FIELD_LABELS.district,
  'permanentAddress.state': FIELD_LABELS.state,
  'permanentAddress.pin': 'PIN code',
  'educationalDetails.schoolName': FIELD_LABELS.schoolName,
  'educationalDetails.standard': 'Standard',
  'educationalDetails.medium': 'Medium',
  'educationalDetails.board': FIELD_LABELS.board,
  'educationalDetails.kbeCategory': FIELD_LABELS.kbeCategory,
  'educationalDetails.kbeStageParticipated': FIELD_LABELS.kbeStage,
};

export const isCorrectableField = (field: string): field is CorrectableField => (CORRECTABLE_FIELDS as readonly string[]).includes(field);

/** A field's value: text, or yes/no (orphan); null where the record has none (no guardian named). */
export type CorrectionValue = string | boolean | null;

export const CORRECTION_STATUSES = ['open', 'approved', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** One field of a request: the value on record when it was asked (`from`) and the one asked for (`to`). */
export interface CorrectionChange {
  field: CorrectableField;
  label: string;
  from: CorrectionValue;
  to: CorrectionValue;
}

/** `POST /api/portal/corrections` body. */
export interface CorrectionRequestInput {
  candidateCode: string;
  /** New values by field, e.g. `{ "personalDetails.fullName": "Aarav Patil" }`. */
  changes: Partial<Record<CorrectableField, string | boolean>>;
  note?: string;
}

/** A correction request as the school or mentor and the admin queue see it. */
export interface CorrectionView {
  /** `CR000123` */
  id: string;
  candidateCode: string;
  /** The pupil's name when the request was made. */
  candidateName: string;
  schoolCode: string;
  mentorCode: string;
  requestedBy: { role: PortalRole; code: string };
  changes: CorrectionChange[];
  note: string;
  status: CorrectionStatus;
  requestedAt: string;
  decidedAt: string | null;
  /** The admin's username; null in the portal's view. */
  decidedBy: string | null;
  /** Why it was rejected (or the admin's note on an approval). */
  reason: string | null;
}

/** A page of requests, newest first (`GET /api/portal/corrections`). */
export interface CorrectionList {
  items: CorrectionView[];
  page: number;
  limit: number;
  total: number;
}

/** The admin queue (`GET /api/admin/corrections`): open requests first, oldest first; `open` counts them all. */
export interface CorrectionQueue extends CorrectionList {
  open: number;
}

/** `POST /api/admin/corrections/{id}/approve|reject` body: a reason is required to reject. */
export interface CorrectionDecisionInput {
  reason?: string;
}

const segment = (value: string) => encodeURIComponent(value);

export const CORRECTION_PATHS = {
  portal: '/api/portal/corrections',
  admin: '/api/admin/corrections',
  adminOne: (id: string) => `/api/admin/corrections/${segment(id)}`,
  adminApprove: (id: string) => `/api/admin/corrections/${segment(id)}/approve`,
  adminReject: (id: string) => `/api/admin/corrections/${segment(id)}/reject`,
} as const;

/** registration-service's internal API for admin-service (`x-internal-token`). */
export const CORRECTION_INTERNAL_PATHS = {
  queue: '/internal/corrections',
  one: (id: string) => `/internal/corrections/${segment(id)}`,
  approve: (id: string) => `/internal/corrections/${segment(id)}/approve`,
  reject: (id: string) => `/internal/corrections/${segment(id)}/reject`,
} as const;

export const CORRECTION_REASON_MAX = 500;

export const CORRECTION_MESSAGES = {
  candidateCode: 'Please enter the candidate ID of a pupil (KBE followed by 6 digits and 3 characters).',
  noChanges: 'Please give at least one new value to correct.',
  unknownFields: 'Fields that cannot be corrected here',
  sameValues: 'Every new value is the one already on record: there is nothing to correct.',
  note: `The note has at most ${CORRECTION_REASON_MAX} characters.`,
  openRequest: 'A correction of this pupil is already waiting for the organisers.',
  submitted: 'Correction requested. The organisers will check it.',
  notFound: 'Correction request not found',
  id: 'A correction request id looks like CR000123.',
  alreadyDecided: 'This correction has already been decided.',
  reasonRequired: `Please give the reason for the rejection (1 to ${CORRECTION_REASON_MAX} characters).`,
  reason: `The reason has at most ${CORRECTION_REASON_MAX} characters.`,
  status: 'status must be open, closed or all',
  approved: 'Correction approved: the record is changed and the guardian is told.',
  rejected: 'Correction rejected.',
  guardianRequests: "Corrections a parent asks for through the data-request page are in Data requests (as free text); make them in the candidate's edit form there.",
} as const;

/** `Corrections are accepted from 1st January 2025 to 31st December 2025.` */
export function correctionWindowMessage(edition: Pick<EditionSettings, 'corrections' | 'timeZoneOffsetMinutes'>): string {
  const from = formatEditionDate(edition.corrections.opensAt, edition.timeZoneOffsetMinutes);
  const to = formatEditionDate(edition.corrections.closesAt, edition.timeZoneOffsetMinutes);
  return `Corrections are accepted from ${from} to ${to}.`;
}

/** True while the edition takes correction requests: from `opensAt` up to and including `closesAt`. */
export function isCorrectionWindowOpen(now: Date, edition: Pick<EditionSettings, 'corrections'>): boolean {
  return now.getTime() >= Date.parse(edition.corrections.opensAt) && now.getTime() <= Date.parse(edition.corrections.closesAt);
}
