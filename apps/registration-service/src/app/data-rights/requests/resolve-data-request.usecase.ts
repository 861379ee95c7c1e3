import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DATA_RIGHTS_MESSAGES, type DataRequestQueue, type DataRequestQueueQuery, type DataRequestResolution, type DataRequestView } from '@kbe/contracts';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../../candidates/candidate.repository';
import { withdrawnConsent } from '../../candidates/consent-record';
import { CLOCK, type Clock } from '../../common/clock';
import { CandidateEraser } from '../erasure/candidate-eraser';
import { DataRequestStore } from './data-request.store';

/**
 * The admin queue of guardians' requests: listing them with their due dates, and handling one.
 * An erasure request handled as `done` erases the candidate (as a withdrawal does); a correction
 * is made in the candidate's edit form first, then marked done here.
 */
@Injectable()
export class ResolveDataRequestUseCase {
  constructor(
    private readonly requests: DataRequestStore,
    private readonly eraser: CandidateEraser,
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  queue(query: DataRequestQueueQuery): Promise<DataRequestQueue> {
    return this.requests.queue(query.status, query.page, query.limit, this.clock.now());
  }

  async resolve(id: string, resolution: DataRequestResolution, handledBy: string): Promise<DataRequestView> {
    const request = await this.requests.find(id);
    if (!request) throw new NotFoundException(DATA_RIGHTS_MESSAGES.requestNotFound);
    if (request.status !== 'open') throw new ConflictException(DATA_RIGHTS_MESSAGES.alreadyHandled);
    if (request.kind === 'erasure' && resolution.outcome === 'done') await this.erase(request.candidateCode, handledBy);
    const resolved = await this.requests.resolve(id, resolution.outcome, resolution.note, handledBy, this.clock.now());
    if (!resolved) throw new ConflictException(DATA_RIGHTS_MESSAGES.alreadyHandled);
    return resolved;
  }

  /**
   * The guardian's erasure request carried out: processing ends as on a withdrawal (recorded as
   * carried out by this admin), then the erasure is recorded and run; a step that fails is
   * finished by the erasure worker, so the request can be closed.
   */
  private async erase(candidateCode: string, by: string): Promise<void> {
    const candidate = await this.candidates.findByCode(candidateCode);
    if (candidate && candidate.consent?.status !== 'withdrawn') {
      await this.candidates.withdrawConsent(candidateCode, withdrawnConsent(candidate.consent, { withdrawnAt: this.clock.now(), by, phoneHash: null, clientAddress: null }));
    }
    await this.eraser.erase(candidateCode, 'request', by);
  }
}
