import { Inject, Injectable } from '@nestjs/common';
import type { Pagination } from '@kbe/contracts';
import { paginationOf, type PageRequest } from '../../pagination';
import type { CentreRecord } from '../centre.record';
import { CENTRE_REPOSITORY, type CentreListQuery, type CentreRepository } from '../centre.repository';

/** A page of centres sorted by code, with the admin lists' pagination. */
@Injectable()
export class ListCentresUseCase {
  constructor(@Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository) {}

  async execute(query: CentreListQuery, page: PageRequest): Promise<{ centres: CentreRecord[]; pagination: Pagination }> {
    const found = await this.centres.list(query, page);
    return { centres: found.items, pagination: paginationOf(page, found.total) };
  }
}
