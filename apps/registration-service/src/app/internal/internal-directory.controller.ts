import { Body, Controller, Get, Inject, NotFoundException, Param, Patch, Post, Put, Query, UnprocessableEntityException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { adminSchoolListQuerySchema, contactInboxQuerySchema, MENTOR_CODE_PATTERN, mentorRegistrationSchema, type MentorRegistration, type Pagination } from '@kbe/contracts';
import { ContractValidationPipe } from '../common/contract-validation.pipe';
import { SCHOOL_REPOSITORY, type SchoolRepository } from '../schools/school.repository';
import { cityOf, RegisterMentorUseCase } from '../mentors/usecases/register-mentor.usecase';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { z } from 'zod';
import { CLOCK, type Clock } from '../common/clock';
import { pageRequest, paginationOf } from '../common/pagination';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../candidates/candidate.repository';
import { CONTACT_MESSAGE_REPOSITORY, type ContactMessageRepository } from '../contact/contact-message.repository';
import { MENTOR_REPOSITORY, type MentorRepository } from '../mentors/mentor.repository';
import { mentorListFilter, mentorListQuerySchema, type MentorListRequest } from '../mentors/mentor.requests';
import { ListMentorsUseCase, toMentorListItem } from '../mentors/usecases/list-mentors.usecase';
import { ListSchoolsUseCase } from '../schools/usecases/list-schools.usecase';
import { GetStatisticsUseCase } from '../statistics/get-statistics.usecase';
import { mentorStatusBody } from './internal.requests';

const mentorCodeParam = z.string().trim().toUpperCase().regex(MENTOR_CODE_PATTERN, { error: 'Mentor code must look like MEN-XXXXXX' });
const DAYS = 30;

/** Mentors, schools, contact messages, statistics and dashboard figures for the admin service (`x-internal-token`). */
@ApiExcludeController()
@InternalOnly()
@Controller('internal')
export class InternalDirectoryController {
  constructor(
    private readonly listMentors: ListMentorsUseCase,
    private readonly statistics: GetStatisticsUseCase,
    private readonly listSchools: ListSchoolsUseCase,
    @Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository,
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    @Inject(CONTACT_MESSAGE_REPOSITORY) private readonly messages: ContactMessageRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly registerMentor: RegisterMentorUseCase,
    @Inject(SCHOOL_REPOSITORY) private readonly schoolRepository: SchoolRepository,
  ) {}

  /** An admin adds a mentor: the registration rules apply (school must exist). */
  @Post('mentors')
  async addMentor(@Body(new ContractValidationPipe(mentorRegistrationSchema)) body: MentorRegistration) {
    const { mentor } = await this.registerMentor.execute(body);
    return { success: true, data: { ...mentor, ...toMentorListItem(mentor) } };
  }

  /** Edit every registration field of a mentor, validated like a registration. */
  @Put('mentors/:code')
  async updateMentor(
    @Param('code', new ZodValidationPipe(mentorCodeParam)) code: string,
    @Body(new ContractValidationPipe(mentorRegistrationSchema)) body: MentorRegistration,
  ) {
    const school = await this.schoolRepository.findByCode(body.schoolCode);
    if (!school) throw new UnprocessableEntityException('School Code not found');
    const mentor = await this.mentors.update(code, body, cityOf(body.address, school.address.city));
    if (!mentor) throw new NotFoundException('Mentor not found');
    return { success: true, data: { ...mentor, ...toMentorListItem(mentor) } };
  }

  @Get('mentors')
  async mentorList(@Query(new ZodValidationPipe(mentorListQuerySchema)) query: MentorListRequest) {
    return { success: true, data: await this.listMentors.execute(mentorListFilter(query), pageRequest(query)) };
  }

  @Get('mentors/:code')
  async mentor(@Param('code', new ZodValidationPipe(mentorCodeParam)) code: string) {
    const mentor = await this.mentors.findByCode(code);
    if (!mentor) throw new NotFoundException('Mentor not found');
    return { success: true, data: { ...mentor, ...toMentorListItem(mentor) } };
  }

  @Patch('mentors/:code/status')
  async mentorStatus(
    @Param('code', new ZodValidationPipe(mentorCodeParam)) code: string,
    @Body(new ZodValidationPipe(mentorStatusBody)) body: { isActive: boolean },
  ) {
    const mentor = await this.mentors.setActive(code, body.isActive);
    if (!mentor) throw new NotFoundException('Mentor not found');
    return { success: true, data: { ...mentor, ...toMentorListItem(mentor) } };
  }

  @Get('schools')
  async schools(@Query(new ZodValidationPipe(adminSchoolListQuerySchema)) query: z.output<typeof adminSchoolListQuerySchema>) {
    const page = pageRequest(query);
    const found = await this.listSchools.adminView({ search: query.search }, page);
    return {
      success: true,
      data: {
        schools: found.schools.map((school) => ({
          id: school.schoolCode,
          schoolCode: school.schoolCode,
          schoolName: school.schoolName,
          udiseCode: school.udiseCode,
          schoolType: school.schoolType,
          contact: school.contact,
          city: school.address.city,
          state: school.address.state,
          principalName: school.principal.name,
          principalContact: school.principal.contact,
          createdAt: school.createdAt.toISOString(),
        })),
        pagination: found.pagination,
      },
    };
  }

  @Get('contact-messages')
  async contactMessages(@Query(new ZodValidationPipe(contactInboxQuerySchema)) query: z.output<typeof contactInboxQuerySchema>) {
    const page = pageRequest(query);
    const found = await this.messages.list(page);
    const pagination: Pagination = paginationOf(page, found.total);
    return { success: true, data: { messages: found.items, pagination } };
  }

  @Get('statistics')
  async stats() {
    return { success: true, data: await this.statistics.execute() };
  }

  /** Everything the admin dashboard shows, counted here where the data lives. */
  @Get('dashboard')
  async dashboard() {
    const today = this.clock.now();
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (DAYS - 1)));
    const [statistics, counts] = await Promise.all([this.statistics.execute(), this.candidates.dashboard(start)]);
    const perDay = new Map<string, number>();
    for (let day = 0; day < DAYS; day += 1) perDay.set(new Date(start.getTime() + day * 86_400_000).toISOString().slice(0, 10), 0);
    for (const createdAt of counts.createdSince) {
      const key = createdAt.toISOString().slice(0, 10);
      if (perDay.has(key)) perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    const entries = (record: Record<string, number>) => Object.entries(record).map(([key, count]) => ({ key, count }));
    return {
      success: true,
      data: {
        stats: statistics,
        registrationsPerDay: [...perDay].map(([date, count]) => ({ date, count })),
        byCategory: entries(counts.byCategory),
        byStandard: entries(counts.byStandard),
        byDistrict: counts.byDistrict,
        fees: { paid: counts.feesPaid, unpaid: counts.total - counts.feesPaid },
        releases: { hallTickets: counts.hallTickets, certificates: counts.certificates },
      },
    };
  }
}
