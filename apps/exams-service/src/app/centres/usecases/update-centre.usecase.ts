import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Centre } from '@kbe/contracts';
import { CENTRE_MESSAGES } from '../centre.messages';
import type { CentreRecord } from '../centre.record';
import { CENTRE_REPOSITORY, type CentreRepository } from '../centre.repository';

/** Replaces a centre's fields; its number stays (404 for an unknown code). */
@Injectable()
export class UpdateCentreUseCase {
  constructor(@Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository) {}

  async execute(centre: Centre): Promise<CentreRecord> {
    const updated = await this.centres.replace(centre);
    if (!updated) throw new NotFoundException(CENTRE_MESSAGES.notFound(centre.code));
    return updated;
  }
}
