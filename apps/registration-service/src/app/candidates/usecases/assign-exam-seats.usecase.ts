import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CandidateSeatChangedPayload, ExamSeatsResult, Seat } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import { EventPublisher } from '@kbe/server-messaging';
import { CLOCK, type Clock } from '../../common/clock';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../candidate.repository';

/**
 * Takes the seats exams-service issued (and withdraws those a re-seat left without one): the
 * candidate's seat number becomes the roll number, the centre and exam time follow the seat, and
 * the hall ticket prints room, address and reporting time. A released hall ticket's roll number
 * never changes; when its seat does, the hall ticket is re-issued (the next download prints the
 * new seat) and `candidate.seat-changed` tells the guardian.
 */
@Injectable()
export class AssignExamSeatsUseCase {
  private readonly logger = new Logger(AssignExamSeatsUseCase.name);

  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly publisher: EventPublisher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(seats: readonly Seat[], cleared: readonly string[]): Promise<ExamSeatsResult> {
    const outcomes = await this.candidates.setExamSeats(seats, cleared);
    const results = [...outcomes].map(([candidateCode, outcome]) => ({ candidateCode, outcome }));
    const fixed = results.filter((result) => result.outcome === 'roll-number-fixed').length;
    if (fixed > 0) this.logger.warn(`${fixed} seat(s) refused: their hall tickets are released with another roll number`);
    const changedAt = this.clock.now().toISOString();
    for (const seat of seats) {
      if (outcomes.get(seat.candidateCode) !== 'reissued') continue;
      const payload: CandidateSeatChangedPayload = { candidateCode: seat.candidateCode, rollNumber: seat.rollNumber, centreCode: seat.centreCode, room: seat.room, changedAt };
      try {
        await this.publisher.publish('candidate.seat-changed', payload, { key: seat.candidateCode });
      } catch (error) {
        // the seat is stored already: a lost announcement costs the guardian's SMS only
        this.logger.warn(`candidate.seat-changed of ${seat.candidateCode} not announced: ${errorMessage(error)}`);
      }
    }
    return { results };
  }
}
