import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { KBE_CATEGORIES, type ExamLevel, type MeritList } from '@kbe/contracts';
import { APP_CONFIG } from '@kbe/server-config';
import type { ExamsConfig } from '../../exams.config';
import { RESULTS_MESSAGES } from '../results.messages';
import { RESULT_REPOSITORY, type ResultRepository } from '../result.repository';

/**
 * The public merit list of a published level: the qualified per category, roll number and rank
 * only (no names, no codes), by rank then roll number. Only when the edition shows it
 * (EDITION_PUBLIC_MERIT_LIST) and the level is published.
 */
@Injectable()
export class MeritListUseCase {
  constructor(
    @Inject(RESULT_REPOSITORY) private readonly results: ResultRepository,
    @Inject(APP_CONFIG) private readonly config: ExamsConfig,
  ) {}

  async execute(level: ExamLevel): Promise<MeritList> {
    if (!this.config.EDITION_PUBLIC_MERIT_LIST) throw new NotFoundException(RESULTS_MESSAGES.meritListOff);
    const stored = await this.results.level(level);
    if (stored?.status !== 'published' || !stored.publishedAt) throw new NotFoundException(RESULTS_MESSAGES.meritListNotPublished(level));
    const qualified = await this.results.qualified(level);
    return {
      level,
      publishedAt: stored.publishedAt.toISOString(),
      categories: KBE_CATEGORIES.map((category) => ({
        category,
        entries: qualified.flatMap((row) => (row.category === category && row.rollNumber && row.rank ? [{ rollNumber: row.rollNumber, rank: row.rank }] : [])),
      })),
    };
  }
}
