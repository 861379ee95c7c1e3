import { Inject, Injectable } from '@nestjs/common';
import type { Pagination, SchoolLookupItem } from '@kbe/contracts';
import { paginationOf, type PageRequest } from '../../common/pagination';
import { SCHOOL_REPOSITORY, type SchoolListQuery, type SchoolRecord, type SchoolRepository } from '../school.repository';

export interface SchoolList<T> {
  schools: T[];
  pagination: Pagination;
}

/** The school list: code, name and city for everyone; the full records for an admin. */
@Injectable()
export class ListSchoolsUseCase {
  constructor(@Inject(SCHOOL_REPOSITORY) private readonly schools: SchoolRepository) {}

  async publicView(query: SchoolListQuery, page: PageRequest): Promise<SchoolList<SchoolLookupItem>> {
    const found = await this.schools.list(query, page);
    return {
      schools: found.items.map((school) => ({ code: school.schoolCode, name: school.schoolName, city: school.address.city })),
      pagination: paginationOf(page, found.total),
    };
  }

  async adminView(query: SchoolListQuery, page: PageRequest): Promise<SchoolList<SchoolRecord>> {
    const found = await this.schools.list(query, page);
    return { schools: found.items, pagination: paginationOf(page, found.total) };
  }
}
