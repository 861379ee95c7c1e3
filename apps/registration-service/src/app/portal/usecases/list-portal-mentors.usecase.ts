import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { PORTAL_MESSAGES, type PortalMentorRow } from '@kbe/contracts';
import { CandidateDirectory } from '../../candidates/directory/candidate-directory';
import { MENTOR_REPOSITORY, type MentorRepository } from '../../mentors/mentor.repository';
import type { PortalPrincipal } from '../portal-session';

/** A school's mentors (the mentors collection by its `schoolCode` index) with their live pupils. A mentor gets 403. */
@Injectable()
export class ListPortalMentorsUseCase {
  constructor(
    @Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository,
    private readonly directory: CandidateDirectory,
  ) {}

  async execute(principal: PortalPrincipal): Promise<{ mentors: PortalMentorRow[] }> {
    if (principal.role !== 'school') throw new ForbiddenException(PORTAL_MESSAGES.schoolsOnly);
    const mentors = await this.mentors.findBySchool(principal.schoolCode);
    return {
      mentors: mentors.map((mentor) => ({
        mentorCode: mentor.mentorCode,
        name: mentor.name,
        phoneNumber: mentor.contact,
        candidates: this.directory.count({ schoolCode: principal.schoolCode, mentorCode: mentor.mentorCode }),
        active: mentor.isActive,
      })),
    };
  }
}
