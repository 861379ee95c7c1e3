import type { CorrectionView } from '@kbe/contracts';
import type { CorrectionRecord } from './correction-request.store';

/**
 * A request as the API shows it. The portal (`school-or-mentor`) sees everything of its own
 * pupils' requests but the admin's username; the admin queue sees it all.
 */
export function correctionViewOf(record: CorrectionRecord, audience: 'portal' | 'admin'): CorrectionView {
  return {
    id: record.id,
    candidateCode: record.candidateCode,
    candidateName: record.candidateName,
    schoolCode: record.schoolCode,
    mentorCode: record.mentorCode,
    requestedBy: record.requestedBy,
    changes: record.changes,
    note: record.note,
    status: record.status,
    requestedAt: record.requestedAt.toISOString(),
    decidedAt: record.decidedAt ? record.decidedAt.toISOString() : null,
    decidedBy: audience === 'admin' ? record.decidedBy : null,
    reason: record.reason,
  };
}
