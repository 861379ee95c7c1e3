import { ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { CENTRE_LIST_MESSAGES, EXAM_LEVELS, type CentreListKind, type CentreLists, type CentreListsProgress } from '@kbe/contracts';
import { InternalCallError } from '@kbe/server-auth';
import { errorMessage } from '@kbe/server-bootstrap';
import type { Readable } from 'node:stream';
import { CENTRE_MESSAGES } from '../centres/centre.messages';
import { CENTRE_REPOSITORY, type CentreRepository } from '../centres/centre.repository';
import { SEAT_REPOSITORY, type SeatRepository } from '../seat-allocation/seat.repository';
import { CENTRE_LISTS_CLIENT, type CentreListsClient } from './centre-lists.client';
import { centreListsRequestOf } from './centre-lists.request';

export type CentreListAnswer = { file: { stream: Readable; length: number | null } } | { progress: CentreListsProgress };

const progressOf = (job: CentreLists): CentreListsProgress => ({
  status: job.status,
  percent: job.status === 'completed' ? 100 : job.total > 0 ? Math.floor((job.processed / job.total) * 100) : 0,
  total: job.total,
  processed: job.processed,
  error: job.error,
});

/**
 * One of a centre's printed lists: its seats of every level (roll order, grouped by paper and
 * room) asked of documents-service under the key of what they print; the PDF once made, its
 * progress before. Asking is idempotent: every call names the same job until the seats or the
 * centre change.
 */
@Injectable()
export class GetCentreListUseCase {
  private readonly logger = new Logger(GetCentreListUseCase.name);

  constructor(
    @Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository,
    @Inject(SEAT_REPOSITORY) private readonly seats: SeatRepository,
    @Inject(CENTRE_LISTS_CLIENT) private readonly documents: CentreListsClient,
  ) {}

  async execute(code: string, kind: CentreListKind): Promise<CentreListAnswer> {
    const centre = await this.centres.findByCode(code);
    if (!centre) throw new NotFoundException(CENTRE_MESSAGES.notFound(code));
    const seats = (await Promise.all(EXAM_LEVELS.map((level) => this.seats.ofCentre(level, centre.code)))).flat();
    const request = centreListsRequestOf(centre, seats);
    if (!request) throw new ConflictException(CENTRE_LIST_MESSAGES.noSeats(centre.code));
    try {
      const job = await this.documents.request(request);
      if (job.status !== 'completed') return { progress: progressOf(job) };
      try {
        return { file: await this.documents.file(request.key, kind) };
      } catch (error) {
        // Made, but the file went meanwhile (removed: a candidate on it changed; or the bucket emptied): made again.
        if (error instanceof InternalCallError && (error.status === 409 || error.status === 404)) return { progress: progressOf(await this.documents.request(request)) };
        throw error;
      }
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      this.logger.warn(`the printed lists of ${centre.code}: ${errorMessage(error)}`);
      throw new ServiceUnavailableException(CENTRE_LIST_MESSAGES.unavailable);
    }
  }
}
