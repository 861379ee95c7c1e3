import { Inject, Injectable } from '@nestjs/common';
import {
  CORRECTION_INTERNAL_PATHS,
  correctionQueueResponseSchema,
  correctionViewResponseSchema,
  type CorrectionApproval,
  type CorrectionQueue,
  type CorrectionQueueQuery,
  type CorrectionRejection,
  type CorrectionView,
} from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import { AuditLog, type RequestOrigin } from '../audit/audit-log';
import { REGISTRATION_CLIENT, type RegistrationClient } from '../common/registration.client';

/**
 * The queue of corrections schools and mentors asked for (issue 27): registration-service owns
 * the requests and carries out an approval; this reads them through its internal API and records
 * every decision in the audit log with the request id, the candidate code, the fields' names and
 * the decision: never a value, the note or the reason (they may name a child or a family).
 */
@Injectable()
export class CorrectionsUseCase {
  constructor(
    @Inject(REGISTRATION_CLIENT) private readonly registration: RegistrationClient,
    private readonly audit: AuditLog,
  ) {}

  async queue(query: CorrectionQueueQuery): Promise<CorrectionQueue> {
    return (await this.registration.get(CORRECTION_INTERNAL_PATHS.queue, { ...query }, correctionQueueResponseSchema)).data;
  }

  async get(id: string): Promise<CorrectionView> {
    return (await this.registration.get(CORRECTION_INTERNAL_PATHS.one(id), undefined, correctionViewResponseSchema)).data;
  }

  async approve(admin: AuthenticatedAdmin, origin: RequestOrigin, id: string, input: CorrectionApproval): Promise<CorrectionView> {
    const body = { decidedBy: admin.username, ...(input.reason ? { reason: input.reason } : {}) };
    const decided = (await this.registration.send('POST', CORRECTION_INTERNAL_PATHS.approve(id), { body }, correctionViewResponseSchema)).data;
    await this.record(admin, origin, decided);
    return decided;
  }

  async reject(admin: AuthenticatedAdmin, origin: RequestOrigin, id: string, input: CorrectionRejection): Promise<CorrectionView> {
    const body = { decidedBy: admin.username, reason: input.reason };
    const decided = (await this.registration.send('POST', CORRECTION_INTERNAL_PATHS.reject(id), { body }, correctionViewResponseSchema)).data;
    await this.record(admin, origin, decided);
    return decided;
  }

  private async record(admin: AuthenticatedAdmin, origin: RequestOrigin, decided: CorrectionView): Promise<void> {
    await this.audit.record(admin, origin, {
      action: decided.status === 'approved' ? 'correction.approve' : 'correction.reject',
      target: { type: 'correction', id: decided.id },
      details: { candidateCode: decided.candidateCode, fields: decided.changes.map((change) => change.field), decision: decided.status },
    });
  }
}
