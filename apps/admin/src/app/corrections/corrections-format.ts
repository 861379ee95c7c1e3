import type { CorrectionStatus, CorrectionView } from '@kbe/contracts';

export const CORRECTION_STATUS_LABELS: Record<CorrectionStatus, string> = { open: 'Open', approved: 'Approved', rejected: 'Rejected' };

/** `School SCH-7KQ2XM` or `Mentor MEN-4HT9PA`. */
export const requesterOf = (correction: Pick<CorrectionView, 'requestedBy'>) =>
  `${correction.requestedBy.role === 'school' ? 'School' : 'Mentor'} ${correction.requestedBy.code}`;
