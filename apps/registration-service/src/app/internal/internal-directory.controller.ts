import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { pageRequest } from '../common/pagination';
import { mentorListFilter, mentorListQuerySchema, type MentorListRequest } from '../mentors/mentor.requests';
import { ListMentorsUseCase } from '../mentors/usecases/list-mentors.usecase';
import { GetStatisticsUseCase } from '../statistics/get-statistics.usecase';

/** Mentors list and statistics for the admin service (`x-internal-token`). */
@ApiExcludeController()
@InternalOnly()
@Controller('internal')
export class InternalDirectoryController {
  constructor(
    private readonly listMentors: ListMentorsUseCase,
    private readonly statistics: GetStatisticsUseCase,
  ) {}

  @Get('mentors')
  async mentors(@Query(new ZodValidationPipe(mentorListQuerySchema)) query: MentorListRequest) {
    return { success: true, data: await this.listMentors.execute(mentorListFilter(query), pageRequest(query)) };
  }

  @Get('statistics')
  async stats() {
    return { success: true, data: await this.statistics.execute() };
  }
}
