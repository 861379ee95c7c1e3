import { ADMIN_MESSAGES, formatExamTime, type AdminCandidateListQuery, type AdminCandidateListItem, type ReleasedFilter, type ReleaseKind } from '@kbe/contracts';

/**
 * What differs between releasing hall tickets and certificates in the admin area: texts, which
 * candidates are listed, the list's released filter and the candidate flag. Everything else (the
 * panel, the bulk job with its progress) is shared (release-panel.tsx, use-bulk-release.hook.ts).
 */
export interface ReleaseKindConfig {
  kind: ReleaseKind;
  /** Prefix of element ids in the panel (unique per kind on one page). */
  idPrefix: string;
  /** data-testid prefix of the bulk progress and result (`<prefix>-progress`, `<prefix>-result`). */
  testIdPrefix: string;
  title: string;
  description: string;
  /** 'hall ticket' / 'certificate' (in sentences). */
  noun: string;
  nounPlural: string;
  /** Label of the released filter and header of the released column. */
  columnLabel: string;
  /** Columns between Category and the released column. */
  detailColumns: { header: string; text: (candidate: AdminCandidateListItem) => string }[];
  /** Hall tickets go to paid candidates only (spec section 4); certificates to every candidate. */
  requiresFees: boolean;
  /** The list query for one page (fees filter and this kind's released filter). */
  listQuery: (released: ReleasedFilter) => Pick<AdminCandidateListQuery, 'filter' | 'released' | 'certificate'>;
  isReleased: (candidate: AdminCandidateListItem) => boolean;
  /** The label of a released candidate's disabled release button. */
  releasedLabel: string;
  tableCaption: string;
  emptyTitle: string;
  emptyReasons: string[];
  messages: {
    /** Toast title when the list cannot be loaded (spec section 8 for hall tickets). */
    listError: string;
    releasedTitle: string;
    authError: string;
    releaseFailed: string;
    bulkFailed: string;
    noEligible: string;
  };
}

export const HALL_TICKET_RELEASE: ReleaseKindConfig = {
  kind: 'hall-ticket',
  idPrefix: 'hall-ticket',
  testIdPrefix: 'bulk-release',
  title: 'Hall Ticket Management',
  description: 'Candidates whose fees are paid. Release a hall ticket to let the candidate download it.',
  noun: 'hall ticket',
  nounPlural: 'hall tickets',
  columnLabel: 'Hall Ticket',
  detailColumns: [
    { header: 'Seat Number', text: (c) => c.seatNumber },
    { header: 'Exam Time', text: (c) => formatExamTime(c.examTime) },
  ],
  requiresFees: true,
  listQuery: (released) => ({ filter: 'paid', released }),
  isReleased: (candidate) => candidate.hallTicketReleased,
  releasedLabel: 'Downloaded',
  tableCaption: 'Paid candidates and their hall tickets',
  emptyTitle: 'No candidates found for hall ticket generation',
  emptyReasons: ['no candidates have registered yet', 'no candidate has paid the fees yet', 'the server could not be reached'],
  messages: {
    listError: 'Hall Ticket Manager Error',
    releasedTitle: 'Hall Ticket Generated',
    authError: 'Please login again to update hall ticket status.',
    releaseFailed: 'Failed to generate hall ticket. Please try again.',
    bulkFailed: 'Some hall tickets could not be generated. Please try again.',
    noEligible: ADMIN_MESSAGES.noEligibleCandidates,
  },
};

export const CERTIFICATE_RELEASE: ReleaseKindConfig = {
  kind: 'certificate',
  idPrefix: 'certificate',
  testIdPrefix: 'certificate-bulk-release',
  title: 'Certificate Management',
  description: 'Every registered candidate. Release a certificate to let the candidate download it.',
  noun: 'certificate',
  nounPlural: 'certificates',
  columnLabel: 'Certificate',
  detailColumns: [{ header: 'Fees', text: (c) => (c.feesPaid ? 'Paid' : 'Unpaid') }],
  requiresFees: false,
  listQuery: (certificate) => ({ filter: 'all', certificate }),
  isReleased: (candidate) => candidate.certificateReleased,
  releasedLabel: 'Released',
  tableCaption: 'Candidates and their certificates',
  emptyTitle: 'No candidates found for certificate release',
  emptyReasons: ['no candidates have registered yet', 'no candidate matches the search or filter', 'the server could not be reached'],
  messages: {
    listError: 'Certificate Manager Error',
    releasedTitle: 'Certificate Released',
    authError: 'Please login again to update certificate status.',
    releaseFailed: 'Failed to release the certificate. Please try again.',
    bulkFailed: 'Some certificates could not be released. Please try again.',
    noEligible: 'No eligible candidates found for certificate release.',
  },
};
