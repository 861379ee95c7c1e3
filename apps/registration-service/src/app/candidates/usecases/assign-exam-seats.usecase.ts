import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ExamSeatsResult, Seat } from '@kbe/contracts';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../candidate.repository';

/**
 * Takes the seats exams-service issued (and withdraws those a re-seat left without one): the
 * candidate's seat number becomes the roll number, the centre and exam time follow the seat, and
 * the hall ticket prints room, address and reporting time. A released hall ticket's roll number
 * never changes.
 */
@Injectable()
export class AssignExamSeatsUseCase {
  private readonly logger = new Logger(AssignExamSeatsUseCase.name);

  constructor(@Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository) {}

  async execute(seats: readonly Seat[], cleared: readonly string[]): Promise<ExamSeatsResult> {
    const outcomes = await this.candidates.setExamSeats(seats, cleared);
    const results = [...outcomes].map(([candidateCode, outcome]) => ({ candidateCode, outcome }));
    const fixed = results.filter((result) => result.outcome === 'roll-number-fixed').length;
    if (fixed > 0) this.logger.warn(`${fixed} seat(s) refused: their hall tickets are released with another roll number`);
    return { results };
  }
}
