import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  candidateRegistrationSchema,
  CORRECTION_MESSAGES,
  validateWith,
  type CandidateCorrectedPayload,
  type CorrectionView,
} from '@kbe/contracts';
import { errorMessage, RequestValidationError } from '@kbe/server-bootstrap';
import { EventPublisher } from '@kbe/server-messaging';
import { ManageCandidateUseCase } from '../../candidates/usecases/manage-candidate.usecase';
import { CLOCK, type Clock } from '../../common/clock';
import { registrationOf, withChanges } from '../correction-fields';
import { CORRECTION_REQUEST_STORE, type CorrectionRecord, type CorrectionRequestStore } from '../correction-request.store';
import { correctionViewOf } from '../correction-view';

export interface CorrectionDecisionCommand {
  decidedBy: string;
  reason?: string;
}

/**
 * An admin approves or rejects an open correction request. Approving claims the request first
 * (so two admins cannot both decide it), then writes the new values through the admin edit's own
 * path (`ManageCandidateUseCase.updateRegistration`: the record, the directory, `candidate.changed`
 * so documents-service drops its copy and renders the hall ticket anew under a new version), then
 * announces `candidate.corrected` through the outbox for the guardian's SMS. A request that cannot
 * be carried out (the record changed so that it no longer passes the form, or was erased) stays open.
 */
@Injectable()
export class DecideCorrectionUseCase {
  private readonly logger = new Logger(DecideCorrectionUseCase.name);

  constructor(
    @Inject(CORRECTION_REQUEST_STORE) private readonly store: CorrectionRequestStore,
    private readonly manage: ManageCandidateUseCase,
    private readonly publisher: EventPublisher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async approve(id: string, command: CorrectionDecisionCommand): Promise<CorrectionView> {
    const request = await this.open(id);
    const candidate = await this.manage.get(request.candidateCode);
    const corrected = validateWith(candidateRegistrationSchema, withChanges(registrationOf(candidate), request.changes));
    if (!corrected.success) throw new RequestValidationError(corrected.fieldErrors.map((error) => ({ field: `changes.${error.field}`, message: error.message })));
    const decidedAt = this.clock.now();
    const decided = await this.store.decide(id, { status: 'approved', decidedBy: command.decidedBy, decidedAt, reason: command.reason || null });
    if (!decided) throw new ConflictException(CORRECTION_MESSAGES.alreadyDecided);
    try {
      await this.manage.updateRegistration(request.candidateCode, corrected.data);
    } catch (error) {
      await this.store.reopen(id);
      throw error;
    }
    const payload: CandidateCorrectedPayload = {
      candidateCode: request.candidateCode,
      correctionId: id,
      fields: request.changes.map((change) => change.field),
      correctedAt: decidedAt.toISOString(),
      decidedBy: command.decidedBy,
    };
    try {
      await this.publisher.publish('candidate.corrected', payload, { key: request.candidateCode });
    } catch (error) {
      // the record is changed already: a lost announcement costs the guardian's SMS only
      this.logger.warn(`candidate.corrected of ${request.candidateCode} (${id}) not announced: ${errorMessage(error)}`);
    }
    return correctionViewOf(decided, 'admin');
  }

  async reject(id: string, command: Required<CorrectionDecisionCommand>): Promise<CorrectionView> {
    await this.open(id);
    const decided = await this.store.decide(id, { status: 'rejected', decidedBy: command.decidedBy, decidedAt: this.clock.now(), reason: command.reason });
    if (!decided) throw new ConflictException(CORRECTION_MESSAGES.alreadyDecided);
    return correctionViewOf(decided, 'admin');
  }

  private async open(id: string): Promise<CorrectionRecord> {
    const request = await this.store.find(id);
    if (!request) throw new NotFoundException(CORRECTION_MESSAGES.notFound);
    if (request.status !== 'open') throw new ConflictException(CORRECTION_MESSAGES.alreadyDecided);
    return request;
  }
}
