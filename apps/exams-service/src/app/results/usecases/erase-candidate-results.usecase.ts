import { Inject, Injectable } from '@nestjs/common';
import { RESULT_REPOSITORY, type ResultRepository } from '../result.repository';

/**
 * An erased candidate's results (score, rank, medal, of every level) leave `results`, so the
 * public merit list and the school report no longer list the candidate. The candidate's seats
 * stay (a roll number is not personal, and a kept seat's place is held on purpose:
 * docs/exam-operations.md), and so do the levels' stored summaries, as published: the others'
 * ranks do not move when someone is erased. Running it again removes nothing more.
 */
@Injectable()
export class EraseCandidateResultsUseCase {
  constructor(@Inject(RESULT_REPOSITORY) private readonly results: Pick<ResultRepository, 'removeCandidate'>) {}

  /** Answers how many result rows were removed. */
  execute(candidateCode: string): Promise<number> {
    return this.results.removeCandidate(candidateCode);
  }
}
