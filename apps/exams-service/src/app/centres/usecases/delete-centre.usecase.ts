import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CENTRE_MESSAGES } from '../centre.messages';
import { CENTRE_REPOSITORY, type CentreRepository } from '../centre.repository';

/** Removes a centre (404 for an unknown code); its number is not issued again. */
@Injectable()
export class DeleteCentreUseCase {
  constructor(@Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository) {}

  async execute(code: string): Promise<void> {
    if (!(await this.centres.delete(code))) throw new NotFoundException(CENTRE_MESSAGES.notFound(code));
  }
}
