import { Inject, Injectable } from '@nestjs/common';
import type { AdminMentorListItem, Pagination } from '@kbe/contracts';
import { paginationOf, type PageRequest } from '../../common/pagination';
import { MENTOR_REPOSITORY, type MentorListQuery, type MentorRecord, type MentorRepository } from '../mentor.repository';

/** One row of the admin mentor table (spec section 3). */
export type MentorListItem = AdminMentorListItem;

export function toMentorListItem(mentor: MentorRecord): MentorListItem {
  return {
    id: mentor.mentorCode,
    mentorCode: mentor.mentorCode,
    name: mentor.name,
    email: mentor.email ?? '',
    mobile: mentor.contact,
    location: mentor.location,
    isActive: mentor.isActive,
    schoolCode: mentor.schoolCode,
    subjectTeaching: mentor.subjectTeaching,
    workExperience: mentor.workExperience,
    createdAt: mentor.createdAt.toISOString(),
  };
}

@Injectable()
export class ListMentorsUseCase {
  constructor(@Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository) {}

  async execute(query: MentorListQuery, page: PageRequest): Promise<{ mentors: MentorListItem[]; pagination: Pagination }> {
    const found = await this.mentors.list(query, page);
    return { mentors: found.items.map(toMentorListItem), pagination: paginationOf(page, found.total) };
  }
}
