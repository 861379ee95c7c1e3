import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { Centre } from '@kbe/contracts';
import { CENTRE_EDITION } from '../centre-edition.provider';
import { CENTRE_MESSAGES } from '../centre.messages';
import type { CentreRecord } from '../centre.record';
import { CENTRE_REPOSITORY, type CentreRepository } from '../centre.repository';

/** The highest centre number: roll numbers print it in three digits. */
export const MAX_CENTRE_NUMBER = 999;

/** Adds a centre and issues it the edition's next number (409 for a code already used, or no number left). */
@Injectable()
export class CreateCentreUseCase {
  constructor(
    @Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository,
    @Inject(CENTRE_EDITION) private readonly edition: number,
  ) {}

  async execute(centre: Centre): Promise<CentreRecord> {
    // checked first so that a repeated code does not use up a number
    if (await this.centres.findByCode(centre.code)) throw new ConflictException(CENTRE_MESSAGES.duplicateCode(centre.code));
    const number = await this.centres.nextNumber(this.edition);
    if (number > MAX_CENTRE_NUMBER) throw new ConflictException(CENTRE_MESSAGES.numbersExhausted(this.edition));
    const created = await this.centres.insert(centre, this.edition, number);
    if (!created) throw new ConflictException(CENTRE_MESSAGES.duplicateCode(centre.code));
    return created;
  }
}
