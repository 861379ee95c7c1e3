import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CENTRE_MESSAGES } from '../centre.messages';
import type { CentreRecord } from '../centre.record';
import { CENTRE_REPOSITORY, type CentreRepository } from '../centre.repository';

/** One centre by its code (404 for an unknown code). */
@Injectable()
export class GetCentreUseCase {
  constructor(@Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository) {}

  async execute(code: string): Promise<CentreRecord> {
    const centre = await this.centres.findByCode(code);
    if (!centre) throw new NotFoundException(CENTRE_MESSAGES.notFound(code));
    return centre;
  }
}
