import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { DATA_REQUEST_DUE_DAYS, DATA_RIGHTS_MESSAGES, type DataRequestInputParsed, type DataRequestKind, type DataRequestView } from '@kbe/contracts';
import { CLOCK, type Clock } from '../../common/clock';
import { DataRequestStore } from './data-request.store';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A guardian's request in a session: a correction or an erasure goes to the admin queue, due in
 * 90 days; one open request of each kind per candidate. A download of the data is recorded as an
 * access request answered at once.
 */
@Injectable()
export class FileDataRequestUseCase {
  constructor(
    private readonly requests: DataRequestStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async file(candidateCode: string, input: DataRequestInputParsed): Promise<DataRequestView> {
    const earlier = await this.requests.ofCandidate(candidateCode);
    if (earlier.some((request) => request.kind === input.kind && request.status === 'open')) throw new ConflictException(DATA_RIGHTS_MESSAGES.openRequest);
    return this.create(candidateCode, input.kind, input.details);
  }

  recordAccess(candidateCode: string, format: 'JSON' | 'PDF'): Promise<DataRequestView> {
    return this.create(candidateCode, 'access', '', { by: 'self-service', resolution: `Data downloaded by the guardian (${format}).` });
  }

  list(candidateCode: string): Promise<DataRequestView[]> {
    return this.requests.ofCandidate(candidateCode);
  }

  private create(candidateCode: string, kind: DataRequestKind, details: string, handled?: { by: string; resolution: string }): Promise<DataRequestView> {
    const requestedAt = this.clock.now();
    const dueAt = new Date(requestedAt.getTime() + DATA_REQUEST_DUE_DAYS * DAY_MS);
    return this.requests.create({ candidateCode, kind, details, requestedAt, dueAt, handled });
  }
}
